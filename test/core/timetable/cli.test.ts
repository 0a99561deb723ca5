/**
 * `npm run timetable -- expand`, run as a child process as support would run it: against a
 * fixture file and a subscription on 127.0.0.1, with its exit statuses.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { CALENDAR_URL_ENV, readHere } from '../../../src-main/core/timetable/expandCommand';
import { calendarText, icsCalendar } from '../../support/calendarText';
import { childProcesses } from '../../support/childProcesses';
import { feedServers } from '../../support/feedServer';
import { crowdedSeries, secondlySeries } from '../../support/hostileCalendars';
import { tempDir } from '../../support/tempDir';

const ROOT = path.join(import.meta.dirname, '..', '..', '..');
/** The command as `npm run timetable` runs it: built, in plain Node. */
const CLI = path.join(ROOT, 'src-main/builtCommand.mjs');
const COMMAND = 'timetable';
const SOURCE = path.join(ROOT, 'src-main/core/timetable/cli.ts');
const WEEK = path.join(import.meta.dirname, 'fixtures', 'cli-week.ics');
const startFeed = feedServers();
const cli = childProcesses();

/** The window's options: `--from` and `--to`, and `--zone` when one is given. */
const inWindow = (from: string, to: string, zone?: string) => [
  '--from',
  from,
  '--to',
  to,
  ...(zone === undefined ? [] : ['--zone', zone]),
];

/** Runs the CLI to its end; each line it prints is an occurrence as JSON. */
async function timetable(...args: string[]) {
  return timetableWith({}, ...args);
}

/** The same, with these variables added to its environment (the calendar's address). */
async function timetableWith(env: Record<string, string>, ...args: string[]) {
  const {
    code: status,
    stdout,
    stderr,
  } = await cli.toEnd(CLI, [COMMAND, ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
  });
  const lines = stdout.split('\n').filter((line) => line !== '');
  return { status, occurrences: lines.map((line) => JSON.parse(line) as unknown), stderr };
}

describe('npm run timetable -- expand', { timeout: 90_000 }, () => {
  // Built first, as `npm ci` leaves it: a run that builds also says so on stderr.
  beforeAll(async () => {
    await cli.toEnd(CLI, [COMMAND, '--help'], { cwd: ROOT });
  }, 90_000);

  it('prints each occurrence starting in the window as JSON, then a summary on stderr', async () => {
    const { status, occurrences, stderr } = await timetable(
      'expand',
      WEEK,
      ...inWindow('2026-11-23', '2026-11-30', 'Europe/Madrid'),
    );
    expect(status).toBe(0);
    expect(occurrences).toEqual([
      {
        uid: 'maths-3b@school.example',
        start: '2026-11-23T08:00:00.000Z',
        end: '2026-11-23T08:50:00.000Z',
        title: 'Maths 3B',
        location: 'R12',
        allDay: false,
      },
      {
        uid: 'staff-meeting@school.example',
        start: '2026-11-26T15:00:00.000Z',
        end: '2026-11-26T16:00:00.000Z',
        title: 'Staff meeting',
        location: null,
        allDay: false,
      },
      {
        // An all-day event is the day in the zone given.
        uid: 'open-day@school.example',
        start: '2026-11-26T23:00:00.000Z',
        end: '2026-11-27T23:00:00.000Z',
        title: 'Open day',
        location: null,
        allDay: true,
      },
    ]);
    expect(stderr).toMatch(
      /^timetable: read 3 events in \d+ ms; 3 occurrences start in the window; none skipped\.\n$/,
    );
  });

  it('takes instants with an offset, and wall times in the zone given', async () => {
    const inUtc = await timetable(
      'expand',
      WEEK,
      ...inWindow('2026-11-30T07:00:00Z', '2026-11-30T10:00:00+01:00', 'UTC'),
    );
    expect(inUtc.status).toBe(0);
    expect(inUtc.occurrences).toMatchObject([{ start: '2026-11-30T08:00:00.000Z' }]);
    // 09:00 in Madrid is 08:00Z: a window starting then holds the lesson, one a minute later not.
    const from = await timetable(
      'expand',
      WEEK,
      ...inWindow('2026-11-30T09:01', '2026-12-01', 'Europe/Madrid'),
    );
    expect(from.occurrences).toEqual([]);
  });

  it('reads a subscription on 127.0.0.1 through the app’s fetch', async () => {
    const start = Date.parse('2026-11-24T08:00:00Z');
    const feed = await startFeed(
      calendarText([
        { uid: 'physics', start, end: start + 3_000_000, summary: 'Physics 4A', location: 'Lab 1' },
      ]),
    );
    // The address in the environment, as support is told to give it (never on a command line).
    const { status, occurrences } = await timetableWith(
      { [CALENDAR_URL_ENV]: feed.url },
      'expand',
      ...inWindow('2026-11-24T00:00:00Z', '2026-11-25T00:00:00Z'),
    );
    expect(status).toBe(0);
    expect(occurrences).toEqual([
      {
        uid: 'physics',
        start: '2026-11-24T08:00:00.000Z',
        end: '2026-11-24T08:50:00.000Z',
        title: 'Physics 4A',
        location: 'Lab 1',
        allDay: false,
      },
    ]);
    expect(feed.requests).toHaveLength(1);

    feed.behaviour = 'error-500';
    const failed = await timetableWith(
      { [CALENDAR_URL_ENV]: feed.url },
      'expand',
      ...inWindow('2026-11-24', '2026-11-25'),
    );
    expect(failed.status).toBe(1);
    expect(failed.stderr).toBe(
      'timetable: refused: The timetable server failed (HTTP 500); ClassTray tries again later.\n',
    );
    // The address is a secret: never printed.
    expect(failed.stderr).not.toContain('s3cr3t');
  });

  it('refuses a file that is not a calendar, and one too complex to read, with status 1', async () => {
    const dir = await tempDir();
    const page = path.join(dir, 'page.ics');
    await writeFile(page, '<html>Sign in</html>');
    const notCalendar = await timetable('expand', page, ...inWindow('2026-11-24', '2026-11-25'));
    expect(notCalendar).toMatchObject({ status: 1, occurrences: [] });
    expect(notCalendar.stderr).toBe(
      'timetable: refused: The timetable is not an iCalendar (.ics) file.\n',
    );

    // More occurrences in the window than ClassTray keeps from one reading.
    const crowded = path.join(dir, 'crowded.ics');
    await writeFile(crowded, crowdedSeries(Date.parse('2026-11-24T00:00:00Z')));
    const tooMuch = await timetable('expand', crowded, ...inWindow('2026-11-24', '2026-12-02'));
    expect(tooMuch).toMatchObject({ status: 1, occurrences: [] });
    // The cap's reason; on a machine too loaded to reach the cap within the reader's real 2 s
    // budget (load 18), the budget's: refused with status 1 either way.
    expect(tooMuch.stderr).toMatch(
      /^timetable: refused after \d+ ms: the calendar is too large or too complex \((more occurrences fall in the window than ClassTray keeps|it took longer than 2 s)[^)]*\)\.\n$/,
    );
  });

  it('reads a hostile calendar within its bounds, saying what it left out, with status 0', async () => {
    const dir = await tempDir();
    const endless = path.join(dir, 'endless.ics');
    await writeFile(endless, secondlySeries(Date.parse('2026-11-24T00:00:00Z')));
    const { status, occurrences, stderr } = await timetable(
      'expand',
      endless,
      ...inWindow('2026-11-24', '2026-11-25', 'UTC'),
    );
    expect(status).toBe(0);
    expect(occurrences).toEqual([]);
    expect(stderr).toMatch(
      /^timetable: read 100 events in \d+ ms; 0 occurrences start in the window; 100 skipped \(a repeat more than 5,000 times in the coming days: 100\)\.\n$/,
    );
  });

  it('prints events without a UID apart, each with a uid of its own that holds from one run to the next', async () => {
    const dir = await tempDir();
    const file = path.join(dir, 'no-uids.ics');
    // Two lessons at one time without a UID: neither hides the other.
    await writeFile(
      file,
      icsCalendar(
        ['Maths 3B', 'Physics 4A'].flatMap((title) => [
          'BEGIN:VEVENT',
          'DTSTART:20261124T080000Z',
          'DTEND:20261124T085000Z',
          `SUMMARY:${title}`,
          'END:VEVENT',
        ]),
      ),
    );
    const args = ['expand', file, ...inWindow('2026-11-24', '2026-11-25', 'UTC')];
    const first = await timetable(...args);
    expect(first.status).toBe(0);
    expect(first.occurrences).toMatchObject([
      {
        title: 'Maths 3B',
        start: '2026-11-24T08:00:00.000Z',
        uid: expect.stringMatching(/^no-uid-/),
      },
      {
        title: 'Physics 4A',
        start: '2026-11-24T08:00:00.000Z',
        uid: expect.stringMatching(/^no-uid-/),
      },
    ]);
    const uids = (first.occurrences as { uid: string }[]).map((occurrence) => occurrence.uid);
    expect(new Set(uids).size).toBe(2);
    expect(((await timetable(...args)).occurrences as { uid: string }[]).map((o) => o.uid)).toEqual(
      uids,
    );
  });

  it('prints from its source (through tsx) what it prints built', async () => {
    const args = ['expand', WEEK, ...inWindow('2026-11-23', '2026-11-30', 'Europe/Madrid')];
    const source = await cli.toEnd(SOURCE, args, { cwd: ROOT });
    expect(source.code).toBe(0);
    expect(
      source.stdout
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => JSON.parse(line) as unknown),
    ).toEqual((await timetable(...args)).occurrences);
    expect(source.stderr).toMatch(
      /^timetable: read 3 events in \d+ ms; 3 occurrences start in the window; none skipped\.\n$/,
    );
  });

  it.each<[string[], string]>([
    [['expand', WEEK, '--from', '2026-11-24'], '--from and --to are both needed'],
    [
      ['expand', WEEK, '--from', 'Tuesday', '--to', '2026-11-25'],
      '--from takes an ISO 8601 date or time',
    ],
    [['expand', WEEK, '--from', '2026-11-25', '--to', '2026-11-24'], '--to must come after --from'],
    [
      ['expand', WEEK, '--from', '2026-11-24', '--to', '2026-11-25', '--zone', 'Mars/Olympus'],
      '--zone takes an IANA zone name',
    ],
    [
      [
        'expand',
        path.join(path.dirname(WEEK), 'missing.ics'),
        ...inWindow('2026-11-24', '2026-11-25'),
      ],
      'missing.ics: ENOENT',
    ],
    [['show', WEEK], 'the only command is expand'],
    [['expand', WEEK, '--form', '2026-11-24'], "Unknown option '--form'"],
  ])('says what is wrong with %j, with status 2', async (args, problem) => {
    const { status, stderr } = await timetable(...args);
    expect(status).toBe(2);
    expect(stderr).toContain(problem);
  });
});

/**
 * The command reads on its own thread (readHere), with the app's budget of work looked at from
 * part to part: tested with clocks that move as told, so no figure depends on the machine.
 */
describe('the command’s reading on its own thread', () => {
  const from = Date.parse('2026-11-24T00:00:00Z');
  const span = { from, to: from + 7 * 86_400_000, machineZone: 'UTC' };
  /** `count` weekly series, series-0 to series-(count - 1), one part each for the engine. */
  const series = (count: number) =>
    icsCalendar(
      Array.from({ length: count }, (_, n) => [
        'BEGIN:VEVENT',
        `UID:series-${n}`,
        'DTSTART:20261124T080000Z',
        'DURATION:PT50M',
        'RRULE:FREQ=WEEKLY;COUNT=4',
        `SUMMARY:Series ${n}`,
        'END:VEVENT',
      ]).flat(),
    );
  /** A clock that moves `step` ms each time it is read. */
  const ticking = (step: number) => {
    let at = 0;
    return () => (at += step);
  };

  it('reads a calendar whose work stays within the budget, however long it took in real time', () => {
    // 10 ms of real time for each of 50 parts, 1 ms of work: 500 ms in all, 50 ms of work.
    expect(
      readHere(series(50), span, { budgetMs: 100, now: ticking(10), work: ticking(1) }),
    ).toMatchObject({ kind: 'read', reading: { eventsRead: 50 } });
  });

  it('stops one past its budget of work, named by its size when no part took half of it', () => {
    expect(
      readHere(series(50), span, { budgetMs: 100, now: ticking(10), work: ticking(10) }),
    ).toMatchObject({
      kind: 'stopped',
      stopped: { limit: 'time', part: { kind: 'events', count: 50 } },
    });
  });

  it('names the part that took at least half the work', () => {
    // The start, then series-0 and series-1 each after 1 ms of work; series-1 takes the rest.
    let reads = 0;
    const work = () => ((reads += 1) <= 3 ? reads : 1_000);
    expect(readHere(series(50), span, { budgetMs: 100, now: ticking(10), work })).toMatchObject({
      kind: 'stopped',
      stopped: { limit: 'time', part: { kind: 'series', uid: 'series-1' } },
    });
  });
});
