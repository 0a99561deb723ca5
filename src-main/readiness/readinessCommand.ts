/**
 * `npm run readiness -- --classroom ID [--json]`: the report for IT of one room, from the command
 * line, for IT's scripts. The service and token as the preview takes them (--service-url, else
 * CLASSTRAY_SERVICE_URL; the token from CLASSTRAY_TOKEN), the history ClassTray keeps in its data
 * folder read (never written) for "since when". Exit code 0 when every device is ready, 1 when
 * one is not, 2 on bad input or when the service could not be asked.
 */
import { parseArgs } from 'node:util';
import { en } from '../../src-shared/i18n/en';
import type { ReportWords, RoomReadiness } from '../../src-shared/readiness';
import { fill, readinessReport, reportTime, roomReadiness } from '../../src-shared/readiness';
import { SERVICE_URL_ENV, TOKEN_ENV } from '../core/account/vault';
import { api } from '../core/api/classTrayApi';
import { accountSettings } from '../core/account/accountSettings';
import { deviceListsOf } from '../core/classroom/deviceLists';
import { silentLogger } from '../core/logger';
import { Availability } from '../core/readiness/availability';
import { lookAtRoom } from '../core/readiness/roomCheck';
import { createServiceClient } from '../core/service/client';
import { ServiceError } from '../core/service/serviceErrors';
import { resolveDataDir } from '../core/settings/dataDir';

export const USAGE = `Usage: npm run readiness -- --classroom ID [--json] [--service-url URL] [--auth-header NAME] [--data-dir DIR]

Prints which devices of the classroom are not ready (offline, not in the account's list, disabled
in the service, without 2FA), since when as far as ClassTray saw, and the counts: the report
"Copy report for IT" gives. The service: --service-url, else ${SERVICE_URL_ENV}; the API token
from ${TOKEN_ENV}. "Since when" comes from ClassTray's data folder (--data-dir, else
CLASSTRAY_DATA_DIR, else the app's), read only.
  --json   the same as JSON
Exit code: 0 every device ready, 1 some not ready, 2 bad input or the service could not be asked.`;

export interface ReadinessIo {
  argv: readonly string[];
  env: Readonly<Record<string, string | undefined>>;
  out: (text: string) => void;
  err: (text: string) => void;
  fetch?: typeof fetch;
  now?: () => number;
  /** The report's time zone; default the machine's. */
  timeZone?: string;
}

/** The English words of the report (the command line speaks English, as its usage does). */
export function englishReportWords(timeZone?: string): ReportWords {
  const words = en.readiness.report;
  return {
    title: words.title,
    room: (values) => fill(words.room, values),
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
    time: (iso) => reportTime(iso, 'en-GB', timeZone),
  };
}

export async function runReadiness(io: ReadinessIo): Promise<number> {
  const usage = (problem: string) => {
    io.err(`readiness: ${problem}\n\n${USAGE}\n`);
    return 2;
  };
  let values;
  try {
    ({ values } = parseArgs({
      args: [...io.argv],
      options: {
        classroom: { type: 'string' },
        json: { type: 'boolean' },
        'service-url': { type: 'string' },
        'auth-header': { type: 'string' },
        'data-dir': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    return usage((error as Error).message.split('\n')[0] ?? 'bad arguments.');
  }
  if (values.help) {
    io.out(`${USAGE}\n`);
    return 0;
  }
  const classroom = api.selectClassroom.input.shape.id.safeParse(values.classroom);
  if (!classroom.success) return usage('--classroom needs the id of a classroom.');
  const serviceUrl = accountSettings.serviceUrl
    .unwrap()
    .unwrap()
    .safeParse(values['service-url'] ?? io.env[SERVICE_URL_ENV]);
  if (!serviceUrl.success) {
    return usage(`--service-url (or ${SERVICE_URL_ENV}) needs the service's https:// address.`);
  }
  const token = io.env[TOKEN_ENV]?.trim();
  if (token === undefined || token === '') return usage(`${TOKEN_ENV} needs the API token.`);
  const authHeader = accountSettings.authHeader
    .unwrap()
    .safeParse(values['auth-header'] ?? undefined);
  if (values['auth-header'] !== undefined && !authHeader.success) {
    return usage('--auth-header needs a header name.');
  }

  const now = io.now ?? Date.now;
  const dataDir = resolveDataDir({
    argv: values['data-dir'] === undefined ? [] : ['--data-dir', values['data-dir']],
    env: io.env,
  });
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
  let room: RoomReadiness;
  try {
    const look = await lookAtRoom(deviceListsOf(client), classroom.data, (ids) =>
      history.pagesOf(account, ids),
    );
    room = roomReadiness(
      classroom.data,
      look.devices,
      (remoteId) => history.of(account, remoteId),
      new Date(now()).toISOString(),
    );
  } catch (error) {
    if (error instanceof ServiceError && error.kind === 'classroom-not-found') {
      return usage(`the service has no classroom with the id "${classroom.data}".`);
    }
    io.err(`readiness: the service could not be asked: ${(error as Error).message}\n`);
    return 2;
  }
  io.out(
    values.json
      ? `${JSON.stringify(room, null, 2)}\n`
      : readinessReport(room, classroom.data, englishReportWords(io.timeZone)),
  );
  return room.notReady.length === 0 ? 0 : 1;
}
