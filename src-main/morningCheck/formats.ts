/**
 * A readiness run in the forms IT's tools read: the report for IT (text, as the window copies
 * it), JSON, CSV for a spreadsheet, a Nagios/Icinga plugin's status line, and Prometheus' text
 * exposition format for the node exporter's textfile collector. Each says only rooms, device
 * names, remote ids, states and times: never a student's name, a token or a password.
 */
import { en } from '../../src-shared/i18n/en';
import type { NotReadyDevice, ReportWords, RoomReadiness } from '../../src-shared/readinessReport';
import { fill, readinessReport, reasonsOf, roomLine } from '../../src-shared/readinessReport';

export const FORMATS = ['text', 'json', 'csv', 'nagios', 'prometheus'] as const;
export type Format = (typeof FORMATS)[number];

/**
 * One room of the run: its readiness, or why it could not be checked. `nickname`: as IT gave it
 * (the rooms file), null when it has none.
 */
export type CheckedRoom =
  | { id: string; nickname: string | null; readiness: RoomReadiness }
  | { id: string; nickname: string | null; problem: string };

/** A room as the machine formats name it: its nickname, else "music (room ID)" as the window does. */
const nameOf = (room: CheckedRoom): string =>
  room.nickname ?? fill(en.header.roomById, { id: room.id });

export interface SchoolReadiness {
  /** When the run read the service (ISO). */
  checkedAt: string;
  rooms: CheckedRoom[];
}

export interface RoomCounts {
  total: number;
  ready: number;
  offline: number;
  /** Not in the account's device list: online status unknown. */
  unknown: number;
  disabled: number;
  no2fa: number;
}

/** The counts the report for IT says (a device may be in several: offline and without 2FA). */
export function countsOf(room: RoomReadiness): RoomCounts {
  const count = (predicate: (device: NotReadyDevice) => boolean) =>
    room.notReady.filter(predicate).length;
  return {
    total: room.total,
    ready: room.ready,
    offline: room.offline,
    unknown: count((device) => device.online === null),
    disabled: count((device) => device.disabled),
    no2fa: count((device) => device.no2fa),
  };
}

/** The exit code of text, JSON, CSV and Prometheus: 0 all ready, 1 one not, 2 a room not checked. */
export function exitCodeOf(school: SchoolReadiness): number {
  if (school.rooms.some((room) => 'problem' in room)) return 2;
  return school.rooms.some((room) => 'readiness' in room && room.readiness.notReady.length > 0)
    ? 1
    : 0;
}

/** The report for IT of each room, as the window copies it; a room not checked says why. */
export function textOf(school: SchoolReadiness, words: ReportWords): string {
  const blocks = school.rooms.map((room) =>
    'problem' in room
      ? `${roomLine(room.id, room.nickname, words)}\nNot checked: ${room.problem}\n`
      : readinessReport(room.readiness, room.nickname, words),
  );
  if (school.rooms.length < 2) return blocks.join('\n');
  const ready = school.rooms.filter(
    (room) => 'readiness' in room && room.readiness.notReady.length === 0,
  ).length;
  const unchecked = school.rooms.filter((room) => 'problem' in room).length;
  const summary = `Rooms: ${String(school.rooms.length)}. Every device ready: ${String(ready)}. Not ready: ${String(school.rooms.length - ready - unchecked)}. Not checked: ${String(unchecked)}.\n`;
  return [summary, ...blocks].join('\n');
}

/** A device not ready with every reason, "since" where ClassTray saw it. */
const deviceJson = (device: NotReadyDevice) => ({
  remoteId: device.remoteId,
  alias: device.alias,
  online: device.online,
  reasons: reasonsOf(device),
  offlineSince: device.offlineSince,
  atLeast: device.atLeast,
  onlineAt: device.onlineAt,
});

export function jsonOf(school: SchoolReadiness): string {
  const rooms = school.rooms.map((room) =>
    'problem' in room
      ? { classroomId: room.id, name: nameOf(room), checked: false, problem: room.problem }
      : {
          classroomId: room.id,
          name: nameOf(room),
          checked: true,
          checkedAt: room.readiness.checkedAt,
          allReady: room.readiness.notReady.length === 0,
          ...countsOf(room.readiness),
          notReady: room.readiness.notReady.map(deviceJson),
        },
  );
  return `${JSON.stringify({ checkedAt: school.checkedAt, rooms }, null, 2)}\n`;
}

const CSV_HEADER = [
  'room_id',
  'room_name',
  'room_status',
  'checked_at',
  'ready',
  'total',
  'offline',
  'unknown',
  'disabled',
  'no2fa',
  'remote_id',
  'device',
  'reasons',
  'offline_since',
  'offline_since_at_least',
  'problem',
] as const;

/**
 * RFC 4180: a field with a comma, a quote or a line break in quotes, quotes doubled. A field a
 * spreadsheet would run as a formula (= + - @, or a tab or CR before one) starts with a quote
 * mark (OWASP's CSV injection advice): a device named "=HYPERLINK(…)" stays text.
 */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** One row per device not ready (the room's counts on each), one for a room with none. */
export function csvOf(school: SchoolReadiness): string {
  const rows: string[][] = [[...CSV_HEADER]];
  for (const room of school.rooms) {
    const row = (fields: Partial<Record<(typeof CSV_HEADER)[number], string>>) =>
      rows.push(CSV_HEADER.map((column) => fields[column] ?? ''));
    if ('problem' in room) {
      row({
        room_id: room.id,
        room_name: nameOf(room),
        room_status: 'not checked',
        problem: room.problem,
      });
      continue;
    }
    const counts = countsOf(room.readiness);
    const roomFields = {
      room_id: room.id,
      room_name: nameOf(room),
      room_status: room.readiness.notReady.length === 0 ? 'ready' : 'not ready',
      checked_at: room.readiness.checkedAt ?? '',
      ready: String(counts.ready),
      total: String(counts.total),
      offline: String(counts.offline),
      unknown: String(counts.unknown),
      disabled: String(counts.disabled),
      no2fa: String(counts.no2fa),
    };
    if (room.readiness.notReady.length === 0) row(roomFields);
    for (const device of room.readiness.notReady) {
      row({
        ...roomFields,
        remote_id: device.remoteId,
        device: device.alias ?? '',
        reasons: reasonsOf(device)
          .map(({ kind }) => kind)
          .join(' '),
        offline_since: device.offlineSince ?? '',
        offline_since_at_least: device.offlineSince === null ? '' : String(device.atLeast),
      });
    }
  }
  return rows.map((fields) => `${fields.map(csvField).join(',')}\r\n`).join('');
}

/** A Nagios threshold: a count of offline devices, or a percentage of a room's devices. */
export interface Threshold {
  value: number;
  percent: boolean;
}

export function parseThreshold(text: string): Threshold | undefined {
  const match = /^(\d{1,6})(%?)$/.exec(text.trim());
  if (match === null) return undefined;
  const value = Number(match[1]);
  const percent = match[2] === '%';
  if (percent && value > 100) return undefined;
  return { value, percent };
}

/** The offline count above which a room of `total` devices alerts. */
const limitOf = (threshold: Threshold, total: number) =>
  threshold.percent ? Math.floor((threshold.value * total) / 100) : threshold.value;

/** The plugin's states, by their exit codes (monitoring-plugins' guidelines). */
export const NAGIOS = { OK: 0, WARNING: 1, CRITICAL: 2, UNKNOWN: 3 } as const;
type NagiosState = keyof typeof NAGIOS;
/** Which state of many rooms' is said: the worst, CRITICAL above UNKNOWN above WARNING. */
const SEVERITY: readonly NagiosState[] = ['OK', 'WARNING', 'UNKNOWN', 'CRITICAL'];

/** A performance-data label: quoted when it holds a space, `=` or a quote (doubled). */
const perfLabel = (label: string) =>
  /[\s='|]/.test(label) ? `'${label.replaceAll("'", "''").replaceAll('|', '_')}'` : label;

/**
 * One status line, as the monitoring-plugins guidelines ask: `CLASSTRAY READINESS <STATE> -
 * <what> | <perfdata>`. A room alerts when MORE offline devices than the threshold are offline
 * (a plugin reads a bare threshold "N" as the range 0..N); no --warning: any device offline
 * warns; no --critical: nothing is critical. A room not checked is UNKNOWN.
 */
export function nagiosOf(
  school: SchoolReadiness,
  thresholds: { warning?: Threshold; critical?: Threshold },
): { text: string; code: number } {
  const warning = thresholds.warning ?? { value: 0, percent: false };
  let state: NagiosState = 'OK';
  const worse = (next: NagiosState) => {
    if (SEVERITY.indexOf(next) > SEVERITY.indexOf(state)) state = next;
  };
  const said: string[] = [];
  const perf: string[] = [];
  const total: RoomCounts = { total: 0, ready: 0, offline: 0, unknown: 0, disabled: 0, no2fa: 0 };
  for (const room of school.rooms) {
    if ('problem' in room) {
      worse('UNKNOWN');
      said.push(`${nameOf(room)}: not checked (${room.problem.replace(/\.$/, '')})`);
      continue;
    }
    const counts = countsOf(room.readiness);
    for (const key of Object.keys(total) as (keyof RoomCounts)[]) total[key] += counts[key];
    const warnAt = limitOf(warning, counts.total);
    const critAt =
      thresholds.critical === undefined ? undefined : limitOf(thresholds.critical, counts.total);
    if (critAt !== undefined && counts.offline > critAt) worse('CRITICAL');
    else if (counts.offline > warnAt) worse('WARNING');
    said.push(
      room.readiness.notReady.length === 0
        ? `${nameOf(room)}: all ${String(counts.total)} ready`
        : `${nameOf(room)}: ${String(counts.ready)} of ${String(counts.total)} ready, ${String(counts.offline)} offline`,
    );
    perf.push(
      `${perfLabel(`${room.id} offline`)}=${String(counts.offline)};${String(warnAt)};${critAt === undefined ? '' : String(critAt)};0;${String(counts.total)}`,
    );
  }
  const max = String(total.total);
  const overall = [
    `ready=${String(total.ready)};;;0;${max}`,
    `offline=${String(total.offline)};;;0;${max}`,
    `unknown=${String(total.unknown)};;;0;${max}`,
    `disabled=${String(total.disabled)};;;0;${max}`,
    `no2fa=${String(total.no2fa)};;;0;${max}`,
  ];
  // The line is one line whatever a nickname holds; `|` would start the performance data.
  const what = said.join('; ').replace(/[\r\n|]/g, ' ');
  return {
    text: `CLASSTRAY READINESS ${state} - ${what} | ${[...overall, ...perf].join(' ')}\n`,
    code: NAGIOS[state],
  };
}

/** A label value in the exposition format: backslash, double quote and line feed escaped. */
export function promLabel(value: string): string {
  return value.replaceAll('\\', '\\\\').replaceAll('"', '\\"').replaceAll('\n', '\\n');
}

const labels = (pairs: Record<string, string>) =>
  `{${Object.entries(pairs)
    .map(([name, value]) => `${name}="${promLabel(value)}"`)
    .join(',')}}`;

/** Unix time in seconds, as Prometheus' *_timestamp_seconds and *_since_seconds are. */
const seconds = (iso: string) => String(Date.parse(iso) / 1000);

/**
 * The text exposition format (version 0.0.4), every family with its HELP and TYPE: the devices
 * of each room by state, since when each offline device has been (where ClassTray saw it),
 * whether each room could be checked and when.
 */
export function prometheusOf(school: SchoolReadiness): string {
  const families: { name: string; help: string; samples: string[] }[] = [
    {
      name: 'classtray_room_checked',
      help: 'Whether the room could be checked (1) or not (0: unknown to the service, an outage).',
      samples: [],
    },
    {
      name: 'classtray_room_checked_timestamp_seconds',
      help: "When the room's devices were read, Unix time.",
      samples: [],
    },
    {
      name: 'classtray_room_devices',
      help: "The room's devices.",
      samples: [],
    },
    {
      name: 'classtray_devices',
      help: 'Devices of the room by state: ready, offline, unknown (not in the account list), disabled, no2fa. A device not ready may be in several.',
      samples: [],
    },
    {
      name: 'classtray_offline_since_seconds',
      help: 'Since when the device has been offline, Unix time, as ClassTray saw it (at_least="true": ClassTray did not see it go offline).',
      samples: [],
    },
  ];
  const [checked, checkedAt, roomDevices, devices, offlineSince] = families.map(
    (family) => family.samples,
  ) as [string[], string[], string[], string[], string[]];
  for (const room of school.rooms) {
    const roomLabels = { room: room.id, room_name: nameOf(room) };
    checked.push(`classtray_room_checked${labels(roomLabels)} ${'problem' in room ? '0' : '1'}`);
    if ('problem' in room) continue;
    const { readiness } = room;
    if (readiness.checkedAt !== null) {
      checkedAt.push(
        `classtray_room_checked_timestamp_seconds${labels(roomLabels)} ${seconds(readiness.checkedAt)}`,
      );
    }
    const counts = countsOf(readiness);
    roomDevices.push(`classtray_room_devices${labels(roomLabels)} ${String(counts.total)}`);
    for (const state of ['ready', 'offline', 'unknown', 'disabled', 'no2fa'] as const) {
      devices.push(`classtray_devices${labels({ ...roomLabels, state })} ${String(counts[state])}`);
    }
    for (const device of readiness.notReady) {
      if (device.offlineSince === null) continue;
      offlineSince.push(
        `classtray_offline_since_seconds${labels({
          ...roomLabels,
          remote_id: device.remoteId,
          device: device.alias ?? device.remoteId,
          at_least: String(device.atLeast),
        })} ${seconds(device.offlineSince)}`,
      );
    }
  }
  return families
    .map(
      ({ name, help, samples }) =>
        `# HELP ${name} ${help.replaceAll('\\', '\\\\')}\n# TYPE ${name} gauge\n${samples.map((line) => `${line}\n`).join('')}`,
    )
    .join('');
}
