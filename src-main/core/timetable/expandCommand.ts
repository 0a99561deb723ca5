/**
 * `npm run timetable -- expand [<file.ics> | -] --from <ISO 8601> --to <ISO 8601> [--zone <IANA>]`:
 * what ClassTray sees in a calendar, for support and IT ("why is my lesson missing?"). Every
 * occurrence starting in the window, one JSON object per line on stdout, then one line on stderr
 * saying how the reading went: the events read, the occurrences, those skipped and the parts
 * repaired, each by kind. The calendar is fetched by the app's fetch (feed.ts: its time limit
 * and size cap) and read by the app's engine with the app's budget of work and cap on
 * occurrences, so what it prints is what the tray app would use.
 *
 * It reads on its own thread (`readHere`): a command has no window to keep turning, and a
 * reader's thread of its own cost it more than its whole reading (issue 44: 197 ms of a 455 ms
 * run waited for the thread to load its bundle and warm up). The budget is then looked at from
 * part to part of the calendar, and the process's memory is the only cap (a file is at most
 * 8 MiB; the app's thread is capped at READ_MEMORY_MB).
 *
 * A subscription's address is a secret (its path and query let anyone read the calendar), and a
 * command line is not: any user of the computer sees it in `ps`, in npm's process, its shell's
 * and Node's (issue 47). So the address comes from CALENDAR_URL_ENV or, with `-`, from standard
 * input; one on the command line still works, with a warning.
 */
import fs from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
// The tree-shaken build of zod: the command loads a few kB of it, not the whole library.
import * as z from 'zod/mini';
import { en } from '../../../src-shared/i18n/en';
import type {
  CalendarEvent,
  CalendarPart,
  CalendarReading,
  ExpandOptions,
  Repair,
  SkipReason,
} from './calendar';
import { CalendarFormatError, REPAIR_NAMES, SKIP_REASON_NAMES, readCalendar } from './calendar';
import type { ReadOutcome, RunawayPart } from './calendarReader';
import { READ_BUDGET_MS } from './calendarReader';
import { CHECKPOINT_MS, MAX_OCCURRENCES, countEvents, threadCpuClock } from './calendarThread';
import { MAX_FEED_BYTES, fetchFeed, timetableRefusal } from './feed';
import { TeacherFacingError } from '../api/teacherFacing';
import { instantOf, isIanaZone } from './zones';

/** Where the command takes a subscription's address from, off the command line. */
export const CALENDAR_URL_ENV = 'CLASSTRAY_CALENDAR_URL';

export const USAGE = `Usage: npm run timetable -- expand [<file.ics> | -] --from <ISO 8601> --to <ISO 8601> [--zone <IANA name>]

Prints every occurrence that starts in the window as ClassTray reads it, one JSON object per line
(uid, start, end as UTC instants, title, location, allDay), then a summary on stderr.

A subscription's address is a secret that other users of this computer could read on a command
line (ps): give it in ${CALENDAR_URL_ENV} with no file, or on standard input with "-":
  read -rs ${CALENDAR_URL_ENV} && export ${CALENDAR_URL_ENV} && npm run timetable -- expand --from …
  npm run timetable -- expand - --from … < address.txt

  --from, --to   2026-11-24, 2026-11-24T08:00 (wall time in --zone) or 2026-11-24T08:00:00Z
  --zone NAME    the computer's zone for floating times and dates (default: this computer's)

Exit status: 0 read, 1 refused (not fetched, not a calendar, too large or too complex),
2 bad arguments.`;

export interface CommandIo {
  out: (line: string) => void;
  err: (line: string) => void;
  fetch: typeof fetch;
  /** The command's environment: CALENDAR_URL_ENV. */
  env: Readonly<Record<string, string | undefined>>;
  /** Standard input's first line, read when the source is "-". */
  stdin: () => Promise<string>;
  /** The computer's zone when --zone is not given. */
  machineZone: string;
}

class UsageError extends Error {}

/** Runs the command; resolves to its exit status. */
export async function timetableCommand(argv: readonly string[], io: CommandIo): Promise<number> {
  let request: Request;
  try {
    request = parseRequest(argv, io.machineZone);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.err(`timetable: ${error.message}\n\n${USAGE}`);
    return 2;
  }
  let text: string;
  try {
    const source = await sourceOf(request.source, io);
    text = await readSource(source, io.fetch);
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`timetable: ${error.message}`);
      return 2;
    }
    if (!(error instanceof TeacherFacingError)) throw error;
    io.err(`timetable: refused: ${error.message}`);
    return 1;
  }

  const outcome = readHere(text, {
    from: request.from,
    to: request.to,
    machineZone: request.zone,
  });
  switch (outcome.kind) {
    case 'read': {
      const { lines, summary } = expandedLines(outcome.reading, request);
      for (const line of lines) io.out(line);
      io.err(`timetable: read ${summary.replace('{ms}', String(Math.round(outcome.ms)))}`);
      return 0;
    }
    case 'stopped': {
      const { limit, part } = outcome.stopped;
      const why = {
        time: `it took longer than ${READ_BUDGET_MS / 1000} s`,
        memory: 'it took more memory than allowed',
        occurrences: 'more occurrences fall in the window than ClassTray keeps',
      }[limit];
      io.err(
        `timetable: refused after ${Math.round(outcome.ms)} ms: the calendar is too large or too complex (${why}; ${partSummary(part)}).`,
      );
      return 1;
    }
    case 'notCalendar':
      io.err(`timetable: refused: ${outcome.message}`);
      return 1;
    case 'failed':
      io.err(`timetable: refused: the calendar could not be read (${outcome.error}).`);
      return 1;
    case 'cancelled':
      io.err('timetable: refused: the reading was called off.');
      return 1;
  }
}

interface Request {
  /** A file, an address given on the command line, "-" (standard input), or undefined (the environment). */
  source: string | undefined;
  from: number;
  to: number;
  zone: string;
}

function parseRequest(argv: readonly string[], machineZone: string): Request {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      options: {
        from: { type: 'string' },
        to: { type: 'string' },
        zone: { type: 'string' },
      },
      strict: true,
      allowPositionals: true,
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  const [command, source, ...rest] = positionals;
  if (command !== 'expand') throw new UsageError('the only command is expand');
  if (rest.length > 0) throw new UsageError('expand takes one file or address');
  const zone = values.zone ?? machineZone;
  if (zone !== 'UTC' && !isIanaZone(zone)) {
    throw new UsageError(`--zone takes an IANA zone name such as Europe/Madrid, not "${zone}"`);
  }
  if (values.from === undefined || values.to === undefined) {
    throw new UsageError('--from and --to are both needed');
  }
  const from = instantArgument('--from', values.from, zone);
  const to = instantArgument('--to', values.to, zone);
  if (to <= from) throw new UsageError('--to must come after --from');
  return { source, from, to, zone };
}

const dateTimeWithOffset = z.iso.datetime({ offset: true });
const dateTimeLocal = z.iso.datetime({ local: true });
const dateOnly = z.iso.date();

/** What `readHere` measures with: the tests inject them. */
export interface ReadHereMeasures {
  /** Default: the app's, READ_BUDGET_MS. */
  budgetMs?: number;
  /** This thread's work clock in ms; default its CPU time (threadCpuClock), else real time. */
  work?: () => number;
  /** Real time in ms; default performance.now. */
  now?: () => number;
}

/** The reading ran past its budget of work: what it was on, for the outcome. */
class OverBudget extends Error {
  constructor(
    readonly part: CalendarPart | undefined,
    readonly workMs: number,
  ) {
    super('past the budget of work');
  }
}

/**
 * Reads a feed on this thread with the engine, the app's budget of work (this thread's CPU time,
 * looked at from part to part, at most every CHECKPOINT_MS) and its cap on occurrences; the
 * outcome in the app's reader's words. Past the budget, the part named is the one the engine was
 * on for at least half the work; else the feed as a whole was too much, named by its size.
 */
export function readHere(
  text: string,
  options: ExpandOptions,
  measures: ReadHereMeasures = {},
): ReadOutcome {
  const budgetMs = measures.budgetMs ?? READ_BUDGET_MS;
  const now = measures.now ?? (() => performance.now());
  const work = measures.work ?? threadCpuClock() ?? now;
  const started = now();
  const workStarted = work();
  let lookedAt = started;
  /** The work done when last looked at (ms), and the part under way since then. */
  let worked = 0;
  let current: { part: CalendarPart; since: number } | undefined;
  const onPart = (part: CalendarPart) => {
    const at = now();
    if (at - lookedAt >= CHECKPOINT_MS) {
      lookedAt = at;
      worked = work() - workStarted;
      if (worked >= budgetMs) {
        // The part that has just ended, if it took at least half the work.
        const ranAway = current !== undefined && worked - current.since >= worked / 2;
        throw new OverBudget(ranAway ? current?.part : undefined, worked);
      }
    }
    current = { part, since: worked };
  };
  try {
    const reading = readCalendar(text, { ...options, onPart });
    const ms = now() - started;
    const workMs = work() - workStarted;
    if (reading.events.length > MAX_OCCURRENCES) {
      return {
        kind: 'stopped',
        stopped: { limit: 'occurrences', part: { kind: 'events', count: reading.eventsRead } },
        ms,
        workMs,
      };
    }
    return { kind: 'read', reading, ms, workMs };
  } catch (error) {
    if (error instanceof OverBudget) {
      return {
        kind: 'stopped',
        stopped: {
          limit: 'time',
          part: error.part ?? { kind: 'events', count: countEvents(text) },
        },
        ms: now() - started,
        workMs: error.workMs,
      };
    }
    if (error instanceof CalendarFormatError)
      return { kind: 'notCalendar', message: error.message };
    return { kind: 'failed', error: error instanceof Error ? error.message : String(error) };
  }
}

/** An ISO 8601 instant; without an offset, a wall time (a date: its midnight) in the zone. */
function instantArgument(name: string, value: string, zone: string): number {
  if (dateTimeWithOffset.safeParse(value).success) return Date.parse(value);
  if (dateTimeLocal.safeParse(value).success || dateOnly.safeParse(value).success) {
    const [year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0] = value
      .split(/[-T:.]/)
      .map(Number);
    return instantOf({ year, month, day, hour, minute, second }, { kind: 'iana', name: zone });
  }
  throw new UsageError(`${name} takes an ISO 8601 date or time, such as 2026-11-24T08:00`);
}

const isAddress = (source: string): boolean => /^[a-z][a-z0-9+.-]*:\/\//i.test(source);

/** What to read: the command line's file (an address there, with a warning), stdin's or the environment's. */
async function sourceOf(given: string | undefined, io: CommandIo): Promise<string> {
  if (given === '-') {
    const source = (await io.stdin()).trim();
    if (source === '')
      throw new UsageError('"-" reads the file or address from standard input, which held none');
    return source;
  }
  if (given !== undefined) {
    if (isAddress(given)) {
      io.err(
        `timetable: warning: the address is on the command line, where other users of this computer can read it (ps); give it in ${CALENDAR_URL_ENV} or on standard input ("-") instead.`,
      );
    }
    return given;
  }
  const fromEnv = io.env[CALENDAR_URL_ENV]?.trim();
  if (fromEnv === undefined || fromEnv === '') {
    throw new UsageError(
      `expand takes a file, "-" (standard input) or the address in ${CALENDAR_URL_ENV}`,
    );
  }
  return fromEnv;
}

/** A URL through the app's fetch; else a file, up to the same size. */
async function readSource(source: string, fetchImpl: typeof fetch): Promise<string> {
  if (isAddress(source)) {
    const answer = await fetchFeed(source, { fetch: fetchImpl });
    if (answer.kind !== 'fresh') throw timetableRefusal('timetableEmpty', {});
    return answer.text;
  }
  let size: number;
  try {
    size = (await fs.stat(source)).size;
  } catch (error) {
    throw new UsageError(`${source}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
  if (size > MAX_FEED_BYTES) {
    throw new TeacherFacingError(
      `The file is larger than ${MAX_FEED_BYTES / 1024 / 1024} MiB, more than any timetable needs.`,
    );
  }
  return fs.readFile(source, 'utf8');
}

/**
 * What `expand` prints of a reading: a JSON line per occurrence starting in [from, to), and the
 * summary (after "read ", `{ms}` standing for the reading's time): the events read, the
 * occurrences, those skipped and the parts repaired, each by kind.
 */
export function expandedLines(
  { events, eventsRead, skipped, repaired = {} }: CalendarReading,
  { from, to }: { from: number; to: number },
): { lines: string[]; summary: string } {
  const starting = events.filter((event) => event.start >= from && event.start < to);
  return {
    lines: starting.map((event) => JSON.stringify(occurrence(event))),
    summary:
      `${eventsRead} ${eventsRead === 1 ? 'event' : 'events'} in {ms} ms; ` +
      `${starting.length} ${starting.length === 1 ? 'occurrence starts' : 'occurrences start'} in the window; ` +
      `${skippedSummary(skipped)}${repairedSummary(repaired)}.`,
  };
}

function occurrence(event: CalendarEvent) {
  return {
    // The key is the UID, then @ and the occurrence's original start (which holds no @).
    uid: event.key.slice(0, event.key.lastIndexOf('@')),
    start: new Date(event.start).toISOString(),
    end: new Date(event.end).toISOString(),
    title: event.title,
    location: event.location,
    allDay: event.allDay,
  };
}

function skippedSummary(skipped: Partial<Record<SkipReason, number>>): string {
  const reasons = Object.entries(skipped).filter(([, count]) => (count ?? 0) > 0);
  if (reasons.length === 0) return 'none skipped';
  // The window's words where it has them (the CLI says what Settings says), else the engine's.
  const words: Record<string, string> = { ...SKIP_REASON_NAMES, ...en.timetable.skipReasons };
  const total = reasons.reduce((sum, [, count]) => sum + (count ?? 0), 0);
  const list = reasons.map(([reason, count]) => `${words[reason] ?? words['other']}: ${count}`);
  return `${total} skipped (${list.join(', ')})`;
}

/** "; 3 repaired (an empty RRULE read as no repeat: 3)", or nothing. */
function repairedSummary(repaired: Partial<Record<Repair, number>>): string {
  const kinds = Object.entries(repaired).filter(([, count]) => (count ?? 0) > 0);
  if (kinds.length === 0) return '';
  const names: Record<string, string> = REPAIR_NAMES;
  const total = kinds.reduce((sum, [, count]) => sum + (count ?? 0), 0);
  const list = kinds.map(([kind, count]) => `${names[kind] ?? kind}: ${count}`);
  return `; ${total} repaired (${list.join(', ')})`;
}

function partSummary(part: RunawayPart): string {
  switch (part.kind) {
    case 'events':
      return `${part.count} ${part.count === 1 ? 'event' : 'events'} in the file`;
    case 'zone':
      return `stopped at the time zone ${JSON.stringify(part.tzid)}`;
    case 'series':
      return `stopped at the repeating event ${JSON.stringify(part.uid)}`;
  }
}
