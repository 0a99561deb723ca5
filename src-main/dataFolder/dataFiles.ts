/**
 * Every name ClassTray may write in its data folder, in one list that docs/privacy.md's table is
 * checked against (test/dataFolder/dataFiles.test.ts), and the copies it sets aside or leaves
 * behind: these are removed SET_ASIDE_KEEP_DAYS after they were made, at start and once a day
 * while ClassTray runs, so a damaged or foreign file is kept for IT to look at for a while and
 * then no longer.
 */
import fs from 'node:fs';
import path from 'node:path';

/** The files, as the table in docs/privacy.md names them (the log's under `logs/` in the preview). */
export const DATA_FOLDER_FILES = [
  'students.json',
  'settings.json',
  'classroom-cache.json',
  'availability.json',
  'seat-plans.json',
  'timetable.ics',
  'timetable.json',
  'policy-defaults.json',
  'classtray.lock',
  'window-size.json',
  'secrets.json',
  'preview-launch.html',
  'classtray.log',
  'classtray.old.log',
] as const;

/** How long a copy set aside, or a temporary file a crash left, is kept. */
export const SET_ASIDE_KEEP_DAYS = 7;

/**
 * The copies set aside and the temporary files, as docs/privacy.md names them, each with how its
 * name ends: `time` the milliseconds or ISO time (colons as dashes) it was made, else none (the
 * file's own time is taken).
 */
export const SET_ASIDE_FILES = [
  { shown: 'settings.json.corrupt-<time>', pattern: /^settings\.json\.corrupt-(.+)$/ },
  { shown: 'seat-plans.json.corrupt-<time>', pattern: /^seat-plans\.json\.corrupt-(.+)$/ },
  {
    shown: 'classroom-cache.json.corrupt-<time>',
    pattern: /^classroom-cache\.json\.corrupt-(.+)$/,
  },
  {
    shown: 'availability.json.unreadable-<time>',
    pattern: /^availability\.json\.unreadable-(\d+)$/,
  },
  { shown: '<file>.other-user-<time>', pattern: /^.+\.other-user-(\d+)$/ },
  { shown: '<file>.too-large-<time>', pattern: /^.+\.too-large-(\d+)$/ },
  { shown: '<file>.<random>.tmp', pattern: /^.+\.[0-9a-f]+\.tmp$/ },
  { shown: 'classtray.lock.<random>.stale', pattern: /^classtray\.lock\.[0-9a-f]+\.stale$/ },
] as const;

const DAY_MS = 24 * 3_600_000;

/** When a set-aside copy was made, by its name (or undefined: not one). */
function madeAt(name: string, stats: () => fs.Stats): number | undefined {
  for (const { pattern } of SET_ASIDE_FILES) {
    const match = pattern.exec(name);
    if (match === null) continue;
    const stamp = match[1];
    if (stamp === undefined) return stats().mtimeMs;
    const time = /^\d+$/.test(stamp)
      ? Number(stamp)
      : // 2026-03-02T07-05-00.000Z: the time part's dashes were colons.
        Date.parse(stamp.replace(/T(\d\d)-(\d\d)-(\d\d)/, 'T$1:$2:$3'));
    return Number.isNaN(time) ? stats().mtimeMs : time;
  }
  return undefined;
}

/**
 * Removes from `folder` the copies set aside and temporary files made more than
 * SET_ASIDE_KEEP_DAYS before `now`; returns their paths. One stamped with a time still to come (a
 * clock that ran ahead) counts from its file's own time. What cannot be removed is left for the
 * next look.
 */
export function removeOldSetAside(folder: string, now: number): string[] {
  let names: string[];
  try {
    names = fs.readdirSync(folder);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    const file = path.join(folder, name);
    const stats = () => fs.lstatSync(file);
    let made: number | undefined;
    try {
      made = madeAt(name, stats);
      if (made !== undefined && made > now) made = stats().mtimeMs;
      if (made === undefined || now - made < SET_ASIDE_KEEP_DAYS * DAY_MS) continue;
      fs.rmSync(file, { recursive: true, force: true });
      removed.push(file);
    } catch {
      // Gone meanwhile, or not ours to remove: tried again at the next look.
    }
  }
  return removed;
}

/** The timers it needs of the core's (injected in tests). */
interface DayTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/**
 * Removes the old set-aside copies once a day from `start` until `stop` (start removes them
 * first): a computer left on for weeks would otherwise keep them past SET_ASIDE_KEEP_DAYS.
 * `removed` hears each file removed.
 */
export function purgeSetAsideDaily(options: {
  folder: string;
  timers: DayTimers;
  clock: () => number;
  removed: (file: string) => void;
}): { start(): void; stop(): void } {
  const { folder, timers, clock, removed } = options;
  let handle: unknown;
  const purge = (): void => {
    for (const file of removeOldSetAside(folder, clock())) removed(file);
    handle = timers.setTimeout(purge, DAY_MS);
  };
  return {
    start: () => {
      handle = timers.setTimeout(purge, DAY_MS);
    },
    stop: () => timers.clearTimeout(handle),
  };
}
