/**
 * `npm run readiness -- --classroom ID …` (and `ClassTray --readiness …`, appEntry.ts): the
 * report for IT of one room or of the whole school, for IT's scripts and monitoring. The service
 * and token as the preview takes them (--service-url, else CLASSTRAY_SERVICE_URL; the token from
 * CLASSTRAY_TOKEN), or as the installed app does (`account`: the school's policy, the signed-in
 * user's keychain). The history ClassTray keeps in its data folder read (never written) for
 * "since when". The account's device pages are read once for all rooms, each room's own pages
 * once. Exit code 0 when every device is ready, 1 when one is not, 2 on bad input or when a room
 * could not be checked; with --format nagios, the plugin's 0 OK, 1 WARNING, 2 CRITICAL, 3 UNKNOWN.
 */
import { rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import process from 'node:process';
import { parseArgs } from 'node:util';
import { en } from '../../src-shared/i18n/en';
import type { ReportWords } from '../../src-shared/readinessReport';
import { fill, reportTime, roomReadiness } from '../../src-shared/readinessReport';
import { SERVICE_URL_ENV, TOKEN_ENV } from '../core/account/vault';
import { api } from '../core/api/classTrayApi';
import { accountSettings } from '../core/account/accountSettings';
import { deviceListsOf } from '../core/classroom/deviceLists';
import { silentLogger } from '../core/logger';
import { Availability } from '../core/readiness/availability';
import { lookAtRooms } from '../core/readiness/roomCheck';
import { createServiceClient } from '../core/service/client';
import { ServiceError } from '../core/service/serviceErrors';
import { resolveDataDir } from '../core/settings/dataDir';
import type { CheckedRoom, Format, SchoolReadiness, Threshold } from './formats';
import {
  FORMATS,
  NAGIOS,
  csvOf,
  exitCodeOf,
  jsonOf,
  nagiosOf,
  parseThreshold,
  prometheusOf,
  textOf,
} from './formats';
import type { ListedRoom } from './roomList';
import { mergeRooms, readPlansFolder, readRoomsFile } from './roomList';

/** Rooms read at once (each walks its own pages under the client's bound of 4). */
const ROOMS_AT_ONCE = 4;

export const usage = (
  command: string,
): string => `Usage: ${command} --classroom ID [--classroom ID …] [--classrooms-file FILE]
       [--plans-folder FOLDER]
       [--format text|json|csv|nagios|prometheus] [--warning N|N%] [--critical N|N%]
       [--service-url URL] [--auth-header NAME] [--data-dir DIR] [--output FILE]

Prints which devices of each classroom are not ready (offline, not in the account's list,
disabled in the service, without 2FA), since when as far as ClassTray saw, and the counts: the
report "Copy report for IT" gives. The account's device pages are read once for all the rooms.
  --classroom ID          a room to check; repeat it for more
  --classrooms-file FILE  rooms to check, one id a line, "#" starts a comment line, a tab then
                          the room's nickname names it in the report (at most 64 KiB)
  --plans-folder FOLDER   every room the school ships a seat plan for: <classroom id>.json in
                          FOLDER (the policy's RoomPlansFolder)
  --format FORMAT         text (default), json, csv, nagios (a monitoring plugin's status line
                          and exit code) or prometheus (the text exposition format); --json is
                          --format json
  --warning, --critical   with nagios: WARNING or CRITICAL when a room has MORE offline devices
                          than N, or than N% of its devices (default: WARNING for any offline)
  --output FILE           the output written to FILE whole (beside it, then renamed), not printed
The service: --service-url, else ${SERVICE_URL_ENV}, else the school's policy (ServiceUrl), else
the address the signed-in user saved; the API token from ${TOKEN_ENV}, else (the installed app)
the signed-in user's keychain; never on the command line. "Since when" comes from ClassTray's
data folder (--data-dir, else CLASSTRAY_DATA_DIR, else the app's), read only.
Exit code: 0 every device ready, 1 some not ready, 2 bad input or a room not checked; with
--format nagios 0 OK, 1 WARNING, 2 CRITICAL, 3 UNKNOWN.`;

export const USAGE = usage('npm run readiness --');

export interface ReadinessIo {
  argv: readonly string[];
  env: Readonly<Record<string, string | undefined>>;
  out: (text: string) => void;
  err: (text: string) => void;
  fetch?: typeof fetch;
  now?: () => number;
  /** The report's time zone; default the machine's. */
  timeZone?: string;
  /** How the usage names the command; default `npm run readiness --`. */
  command?: string;
  /**
   * Where the installed app finds what the flags and the environment do not give: the address
   * the school's policy or the signed-in user set, the token in that user's keychain.
   */
  account?: {
    /** The service address and auth header the school's policy or the signed-in user set. */
    saved?: (dataDir: string) => Promise<{ serviceUrl?: string; authHeader?: string }>;
    token?: (serviceUrl: string) => Promise<string | undefined>;
  };
}

/**
 * The English words of the report (the command line speaks English, as its usage does), its
 * dates as the window in English writes them.
 */
export function englishReportWords(timeZone?: string): ReportWords {
  const words = en.readiness.report;
  return {
    title: words.title,
    titleAllReady: words.titleAllReady,
    room: (values) => fill(words.room, values),
    roomById: (values) => fill(words.roomById, values),
    checked: (values) => fill(words.checked, values),
    counts: (values) => fill(words.counts, values),
    allReady: words.allReady,
    device: (values) => fill(words.device, values),
    offline: words.offline,
    offlineSince: (values) => fill(words.offlineSince, values),
    offlineSinceAtLeast: (values) => fill(words.offlineSinceAtLeast, values),
    unknown: words.unknown,
    disabled: words.disabled,
    no2fa: words.no2fa,
    checks: words.checks,
    join: (states) => states.join('; '),
    time: (iso) => reportTime(iso, 'en', timeZone),
  };
}

export async function runReadiness(io: ReadinessIo): Promise<number> {
  const command = io.command ?? 'npm run readiness --';
  let format: Format = 'text';
  const usageError = (problem: string) => {
    io.err(`readiness: ${problem}\n\n${usage(command)}\n`);
    if (format !== 'nagios') return 2;
    io.out(`CLASSTRAY READINESS UNKNOWN - ${problem}\n`);
    return NAGIOS.UNKNOWN;
  };
  let values;
  try {
    ({ values } = parseArgs({
      args: [...io.argv],
      options: {
        classroom: { type: 'string', multiple: true },
        'classrooms-file': { type: 'string' },
        'plans-folder': { type: 'string' },
        format: { type: 'string' },
        json: { type: 'boolean' },
        warning: { type: 'string' },
        critical: { type: 'string' },
        'service-url': { type: 'string' },
        'auth-header': { type: 'string' },
        'data-dir': { type: 'string' },
        output: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    if (io.argv.includes('nagios')) format = 'nagios';
    return usageError((error as Error).message.split('\n')[0] ?? 'bad arguments.');
  }
  if (values.help) {
    io.out(`${usage(command)}\n`);
    return 0;
  }
  const asked = values.format ?? (values.json ? 'json' : 'text');
  if (!(FORMATS as readonly string[]).includes(asked)) {
    return usageError(`--format is one of ${FORMATS.join(', ')}.`);
  }
  format = asked as Format;
  if (values.json && format !== 'json') return usageError('--json is --format json.');
  const thresholds: { warning?: Threshold; critical?: Threshold } = {};
  for (const name of ['warning', 'critical'] as const) {
    const text = values[name];
    if (text === undefined) continue;
    if (format !== 'nagios') return usageError(`--${name} goes with --format nagios.`);
    const threshold = parseThreshold(text);
    if (threshold === undefined) {
      return usageError(`--${name} is a number of offline devices, or a percentage (10%).`);
    }
    thresholds[name] = threshold;
  }

  const listed: ListedRoom[] = [];
  for (const id of values.classroom ?? []) {
    const parsed = api.selectClassroom.input.shape.id.safeParse(id);
    if (!parsed.success) return usageError('--classroom needs the id of a classroom.');
    listed.push({ id: parsed.data });
  }
  if (values['classrooms-file'] !== undefined) {
    const file = await readRoomsFile(values['classrooms-file']);
    if (file.kind === 'bad') return usageError(file.problem);
    listed.push(...file.rooms);
  }
  if (values['plans-folder'] !== undefined) {
    const folder = await readPlansFolder(values['plans-folder']);
    if (folder.kind === 'bad') return usageError(folder.problem);
    listed.push(...folder.rooms);
  }
  const rooms = mergeRooms(listed);
  if (rooms.length === 0) {
    return usageError(
      '--classroom (or --classrooms-file, or --plans-folder) needs the id of a classroom.',
    );
  }

  const dataDir = resolveDataDir({
    argv: values['data-dir'] === undefined ? [] : ['--data-dir', values['data-dir']],
    env: io.env,
  });
  const given = values['service-url'] ?? io.env[SERVICE_URL_ENV];
  // Read whatever was given: the school's auth header applies to a --service-url too.
  const saved = await io.account?.saved?.(dataDir);
  const serviceUrlSchema = accountSettings.serviceUrl.unwrap().unwrap();
  const serviceUrl = serviceUrlSchema.safeParse(given ?? saved?.serviceUrl);
  if (!serviceUrl.success) {
    return usageError(
      `--service-url (or ${SERVICE_URL_ENV}) needs the service's https:// address.`,
    );
  }
  const token =
    io.env[TOKEN_ENV]?.trim() || (await io.account?.token?.(serviceUrl.data))?.trim() || '';
  if (token === '') {
    return usageError(
      io.account?.token === undefined
        ? `${TOKEN_ENV} needs the API token.`
        : `no API token: ${TOKEN_ENV}, or sign in to ClassTray as this user.`,
    );
  }
  const authHeader = accountSettings.authHeader
    .unwrap()
    .safeParse(values['auth-header'] ?? saved?.authHeader);
  if (values['auth-header'] !== undefined && !authHeader.success) {
    return usageError('--auth-header needs a header name.');
  }

  const now = io.now ?? Date.now;
  const history = new Availability(dataDir, silentLogger, now);
  await history.load({ readOnly: true });
  const client = createServiceClient({
    baseUrl: serviceUrl.data,
    token,
    ...(authHeader.success && authHeader.data !== undefined ? { authHeader: authHeader.data } : {}),
    ...(io.fetch ? { fetch: io.fetch } : {}),
    clock: now,
  });
  const account = serviceUrl.data;
  const look = await lookAtRooms(
    deviceListsOf(client),
    rooms.map(({ id }) => id),
    (ids) => history.pagesOf(account, ids),
    { concurrency: ROOMS_AT_ONCE },
  );
  const checkedAt = new Date(now()).toISOString();
  const school: SchoolReadiness = {
    checkedAt,
    rooms: look.rooms.map((room, index): CheckedRoom => {
      const id = room.classroomId;
      const nickname = rooms[index]?.nickname ?? null;
      if ('devices' in room) {
        const readiness = roomReadiness(
          id,
          room.devices,
          (remoteId) => history.of(account, remoteId),
          checkedAt,
        );
        return { id, nickname, readiness };
      }
      const { error } = room;
      if (error instanceof ServiceError && error.kind === 'classroom-not-found') {
        io.err(`readiness: the service has no classroom with the id "${id}".\n`);
        return { id, nickname, problem: en.problems['classroom-not-found'] };
      }
      const problem = error instanceof ServiceError ? error.message : String(error);
      io.err(`readiness: ${id} could not be checked: ${problem}\n`);
      return { id, nickname, problem };
    }),
  };
  const { text, code } = outputOf(school, format, thresholds, io.timeZone);
  if (values.output === undefined) {
    io.out(text);
    return code;
  }
  try {
    await writeWhole(values.output, text);
  } catch (error) {
    io.err(`readiness: ${values.output} could not be written: ${(error as Error).message}\n`);
    return format === 'nagios' ? NAGIOS.UNKNOWN : 2;
  }
  return code;
}

function outputOf(
  school: SchoolReadiness,
  format: Format,
  thresholds: { warning?: Threshold; critical?: Threshold },
  timeZone: string | undefined,
): { text: string; code: number } {
  switch (format) {
    case 'text':
      return { text: textOf(school, englishReportWords(timeZone)), code: exitCodeOf(school) };
    case 'json':
      return { text: jsonOf(school), code: exitCodeOf(school) };
    case 'csv':
      return { text: csvOf(school), code: exitCodeOf(school) };
    case 'prometheus':
      return { text: prometheusOf(school), code: exitCodeOf(school) };
    case 'nagios':
      return nagiosOf(school, thresholds);
  }
}

/**
 * The output in FILE whole or not at all (written beside it, then renamed): the node exporter's
 * textfile collector, or a script, never reads half a run.
 */
async function writeWhole(file: string, text: string): Promise<void> {
  const beside = path.join(
    path.dirname(file),
    `.${path.basename(file)}.${String(process.pid)}.tmp`,
  );
  try {
    await writeFile(beside, text, { flag: 'wx' });
    await rename(beside, file);
  } finally {
    await rm(beside, { force: true });
  }
}
