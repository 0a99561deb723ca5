/**
 * A room's readiness, as the core makes it and the window, the mail to IT and the command line
 * show it alike: which devices are not ready (offline, not in the account's list, disabled in the
 * service, without 2FA), since when, in the order a teacher reads them (the longest offline
 * first), and the plain-text report for IT. Never a student's name, a token or a password: only
 * device names, remote ids, states and times.
 */

/** What ClassTray saw of a device's online status (core/readiness/availability.ts). */
export interface DeviceHistory {
  /** The last look that saw it online (ISO). */
  onlineAt: string | null;
  /** Offline since this look (ISO); null while online or unknown. */
  offlineSince: string | null;
  /** ClassTray did not see it go offline: offline since at least that look. */
  atLeast: boolean;
}

/** A device as readiness reads it (the classroom's DeviceView has these fields). */
export interface ReadinessDevice {
  remoteId: string;
  alias: string | null;
  online: boolean | null;
  status: 'enabled' | 'disabled';
  has2fa: boolean;
}

/** A device that is not ready, with every reason. */
export interface NotReadyDevice extends DeviceHistory {
  remoteId: string;
  alias: string | null;
  /** false: offline; null: the account's list does not list it, so its status is unknown. */
  online: boolean | null;
  disabled: boolean;
  /** Without 2FA: an access on it cannot be ended automatically. */
  no2fa: boolean;
}

export interface RoomReadiness {
  classroomId: string;
  /** When its devices were read (ISO); null: never. */
  checkedAt: string | null;
  total: number;
  ready: number;
  offline: number;
  /** The devices not ready: offline (longest first), unknown, disabled, without 2FA. */
  notReady: NotReadyDevice[];
}

const NO_HISTORY: DeviceHistory = { onlineAt: null, offlineSince: null, atLeast: false };

/**
 * The readiness of a room's devices, read at `checkedAt`, with what was seen of each before. A
 * time seen after `checkedAt` (written before the clock was set back) is said as `checkedAt`, and
 * "at least": no report claims a device offline since a moment still to come.
 */
export function roomReadiness(
  classroomId: string,
  devices: readonly ReadinessDevice[],
  history: (remoteId: string) => DeviceHistory | undefined,
  checkedAt: string | null,
): RoomReadiness {
  const notReady: NotReadyDevice[] = [];
  let offline = 0;
  // Parsed once, not for each device: a room of 5,000 is read at every refresh.
  const checkedTime = checkedAt === null ? Number.NaN : Date.parse(checkedAt);
  const later = (time: string | null) => time !== null && Date.parse(time) > checkedTime;
  for (const device of devices) {
    const disabled = device.status === 'disabled';
    const no2fa = !device.has2fa;
    if (device.online === true && !disabled && !no2fa) continue;
    if (device.online === false) offline += 1;
    const known = history(device.remoteId);
    const seen = device.online === false ? (known ?? NO_HISTORY) : NO_HISTORY;
    const onlineAt = known?.onlineAt ?? null;
    notReady.push({
      remoteId: device.remoteId,
      alias: device.alias,
      online: device.online,
      disabled,
      no2fa,
      onlineAt: later(onlineAt) ? checkedAt : onlineAt,
      offlineSince: later(seen.offlineSince) ? checkedAt : seen.offlineSince,
      atLeast: seen.atLeast || later(seen.offlineSince),
    });
  }
  return {
    classroomId,
    checkedAt,
    total: devices.length,
    ready: devices.length - notReady.length,
    offline,
    notReady: byUrgency(notReady),
  };
}

const rank = (device: NotReadyDevice): number =>
  device.online === false ? 0 : device.online === null ? 1 : device.disabled ? 2 : 3;

/** Names compared as localeCompare does, without its set-up at every comparison. */
const byName = new Intl.Collator().compare;

/**
 * Offline first, the longest offline first (one with no time after those with one), then
 * unknown, disabled, without 2FA; by name within each. Each device's rank and time are worked
 * out once, not at every comparison.
 */
function byUrgency(devices: NotReadyDevice[]): NotReadyDevice[] {
  const keyed = devices.map((device) => ({
    device,
    rank: rank(device),
    since: device.offlineSince === null ? Infinity : Date.parse(device.offlineSince),
  }));
  keyed.sort((a, b) => {
    const ranked = a.rank - b.rank;
    if (ranked !== 0) return ranked;
    const longer = a.since - b.since;
    if (longer !== 0 && !Number.isNaN(longer)) return longer;
    return byName(a.device.alias ?? a.device.remoteId, b.device.alias ?? b.device.remoteId);
  });
  return keyed.map(({ device }) => device);
}

/** A device's reasons, in the order said: offline or unknown, disabled, without 2FA. */
export type NotReadyReason =
  | { kind: 'offline'; since: string | null; atLeast: boolean }
  | { kind: 'unknown' }
  | { kind: 'disabled' }
  | { kind: 'no2fa' };

export function reasonsOf(device: NotReadyDevice): NotReadyReason[] {
  const reasons: NotReadyReason[] = [];
  if (device.online === false) {
    reasons.push({ kind: 'offline', since: device.offlineSince, atLeast: device.atLeast });
  }
  if (device.online === null) reasons.push({ kind: 'unknown' });
  if (device.disabled) reasons.push({ kind: 'disabled' });
  if (device.no2fa) reasons.push({ kind: 'no2fa' });
  return reasons;
}

/** The report's words, in the reader's language (`readiness.report` of the language files). */
export interface ReportWords {
  title: string;
  /** The title when every device is ready. */
  titleAllReady: string;
  room: (values: { name: string; id: string }) => string;
  /** A room with no nickname: its id alone, never named twice ("room-a (room ID) (id room-a)"). */
  roomById: (values: { id: string }) => string;
  checked: (values: { time: string }) => string;
  counts: (values: {
    ready: string;
    total: string;
    offline: string;
    disabled: string;
    no2fa: string;
    unknown: string;
  }) => string;
  allReady: string;
  device: (values: { name: string; id: string; states: string }) => string;
  offlineSince: (values: { time: string }) => string;
  offlineSinceAtLeast: (values: { time: string }) => string;
  offline: string;
  unknown: string;
  disabled: string;
  no2fa: string;
  checks: string;
  /** Joins a device's states ("; "). */
  join: (states: string[]) => string;
  /** A time as the report writes it, date and time. */
  time: (iso: string) => string;
}

/** The room's line of the report: its nickname and id, or its id alone when it has no nickname. */
export const roomLine = (id: string, nickname: string | null, words: ReportWords): string =>
  nickname === null ? words.roomById({ id }) : words.room({ name: nickname, id });

/**
 * The plain text for IT: the room, the time, each device not ready, the counts, what to check.
 * `nickname`: the room's name as the teacher or IT gave it; null when it has none.
 */
export function readinessReport(
  room: RoomReadiness,
  nickname: string | null,
  words: ReportWords,
): string {
  const count = (predicate: (device: NotReadyDevice) => boolean) =>
    String(room.notReady.filter(predicate).length);
  const lines = [
    room.notReady.length === 0 ? words.titleAllReady : words.title,
    roomLine(room.classroomId, nickname, words),
    ...(room.checkedAt === null ? [] : [words.checked({ time: words.time(room.checkedAt) })]),
    words.counts({
      ready: String(room.ready),
      total: String(room.total),
      offline: String(room.offline),
      disabled: count((device) => device.disabled),
      no2fa: count((device) => device.no2fa),
      unknown: count((device) => device.online === null),
    }),
    '',
  ];
  if (room.notReady.length === 0) lines.push(words.allReady);
  for (const device of room.notReady) {
    const states = reasonsOf(device).map((reason) => {
      switch (reason.kind) {
        case 'offline':
          if (reason.since === null) return words.offline;
          return (reason.atLeast ? words.offlineSinceAtLeast : words.offlineSince)({
            time: words.time(reason.since),
          });
        case 'unknown':
          return words.unknown;
        case 'disabled':
          return words.disabled;
        case 'no2fa':
          return words.no2fa;
      }
    });
    lines.push(
      words.device({
        name: device.alias ?? device.remoteId,
        id: device.remoteId,
        states: words.join(states),
      }),
    );
  }
  if (room.offline > 0 || room.notReady.some((device) => device.online === null)) {
    lines.push('', words.checks);
  }
  return `${lines.join('\n')}\n`;
}

/** The longest mailto: link most mail clients open (Outlook's limit is about 2,000). */
export const MAILTO_MAX_LENGTH = 1_900;

/**
 * A mailto: link with the report as its body, cut at a whole line (with `cut` said last) when
 * the whole one would be too long to open.
 */
export function mailtoLink(to: string, subject: string, body: string, cut: string): string {
  const link = (text: string) =>
    `mailto:${encodeURIComponent(to).replace('%40', '@')}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(text)}`;
  const whole = link(body);
  if (whole.length <= MAILTO_MAX_LENGTH) return whole;
  const lines = body.split('\n');
  while (lines.length > 0) {
    lines.pop();
    const shorter = link(`${lines.join('\n')}\n…\n${cut}\n`);
    if (shorter.length <= MAILTO_MAX_LENGTH) return shorter;
  }
  return link(cut);
}

/** Fills `{{name}}` placeholders: the command line's words, without i18next. */
export function fill(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => values[name] ?? whole);
}

/** A time as the report writes it: the date and the time to the minute, 24-hour, local. */
export function reportTime(iso: string, locale: string, timeZone?: string): string {
  return new Intl.DateTimeFormat(locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    hourCycle: 'h23',
    ...(timeZone === undefined ? {} : { timeZone }),
  }).format(new Date(iso));
}
