/**
 * The timetable inside the whole core (createClassTray against the local service), on hand-moved
 * time: the lesson opens its room, its end ends the room's accesses through the end schedule,
 * and the subscription is fetched, kept and failed as issue 18 says.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ClassTray, ClassTrayOptions } from '../../../src-main/core/classTray';
import { createClassTray } from '../../../src-main/core/classTray';
import type { ClassTrayState } from '../../../src-main/core/api/classTrayApi';
import { createLogger, silentLogger } from '../../../src-main/core/logger';
import { FETCH_EVERY_MS, OWN_PICK_MS } from '../../../src-main/core/timetable/timetable';
import { parseAccountData } from '../../../src-main/local-service/fixture';
import type { RunningLocalService } from '../../../src-main/local-service/index';
import { startLocalService } from '../../../src-main/local-service/index';
import { startDemoSchool } from '../../../src-main/hosts/demoSchool';
import { servicePaths } from '../../../src-main/contract/wire';
import type { Worker } from 'node:worker_threads';
import type { RunawayPart, StartWorker } from '../../../src-main/core/timetable/calendarReader';
import { sourceCalendarWorker } from '../../../src-main/core/timetable/calendarReader';
import type { LessonSpec } from '../../support/calendarText';
import { calendarText } from '../../support/calendarText';
import { crowdedSeries, manyLocations, secondlySeries } from '../../support/hostileCalendars';
import { countedFromLongAgo } from './hostile';
import { crowdedEvents } from './largeFeeds';
import { MAX_OCCURRENCES } from '../../../src-main/core/timetable/calendarThread';
import { feedServers } from '../../support/feedServer';
import { accountFixture } from '../../support/fixtures';
import { callerOf } from '../../support/localServiceControl';
import { manualTimers } from '../../support/manualTimers';
import { tempDir } from '../../support/tempDir';

const TOKEN = 'timetable-test-token-0123456789';
const MINUTE = 60_000;
const noKeychain = () => Promise.reject(new Error('keytar is not available in this test'));
const startFeed = feedServers();
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A Wednesday, 10:00 in Madrid: every test's clock starts at a fixed instant, never the wall clock's. */
const WEDNESDAY_10_IN_MADRID = Date.parse('2026-01-07T09:00:00Z');

async function setup(options: Partial<ClassTrayOptions> = {}, start = WEDNESDAY_10_IN_MADRID) {
  const manual = manualTimers(start);
  const local = await startLocalService({
    token: TOKEN,
    fixture: parseAccountData(accountFixture(90), 'test fixture'),
    clock: manual.timers.now,
  });
  cleanups.push(() => local.close().catch(() => undefined));
  const dataDir = await tempDir();
  const classTray = await createClassTray({
    dataDir,
    env: {},
    loadKeytar: noKeychain,
    demoSchool: () => startDemoSchool(),
    log: silentLogger,
    timers: manual.timers,
    machineZone: () => 'Europe/Madrid',
    request: { retryBaseDelayMs: 1 },
    ...options,
  });
  cleanups.push(() => classTray.close());
  await classTray.connectService({ serviceUrl: local.url, token: TOKEN });
  await classTray.selectClassroom({ id: 'room-a', nickname: 'Room A' });
  const at = (minutes: number) => start + minutes * MINUTE;
  return { local, classTray, dataDir, ...manual, start, at };
}

/** Imports the lessons as an .ics file, then maps their place R-A to the classroom. */
async function importLessonsInto(classTray: ClassTray, classroomId: string, lessons: LessonSpec[]) {
  await classTray.setTimetableSource({ kind: 'file', text: calendarText(lessons) });
  await classTray.mapTimetablePlace({ place: 'R-A', classroomId });
}

async function newAccess(local: RunningLocalService, remoteId: string): Promise<string> {
  const response = await callerOf(local)('POST', '/_local/temporal-access', {
    remote_id: remoteId,
  });
  return ((await response.json()) as { token: string }).token;
}

/** 200 while the access runs, 422 once it ended. */
async function serviceStatus(local: RunningLocalService, token: string): Promise<number> {
  return (await callerOf(local)('PATCH', servicePaths.invalidateTemporalAccess(token))).status;
}

/** The state once `done` holds: now, or after a change the core pushes. */
function until(classTray: ClassTray, done: (state: ClassTrayState) => boolean) {
  return new Promise<ClassTrayState>((resolve) => {
    const check = () =>
      void classTray.getState().then((state) => {
        if (done(state)) {
          stop();
          resolve(state);
        }
      });
    const stop = classTray.subscribe(check);
    check();
  });
}

describe('lessons from an imported .ics', () => {
  it('asks about a new location once, and a mapped lesson opens its room at its start', async () => {
    const { classTray, at, advance } = await setup();
    await classTray.setTimetableSource({
      kind: 'file',
      text: calendarText([
        { uid: 'maths', start: at(20), end: at(70), summary: 'Maths 3B', location: 'R-A' },
        { uid: 'meeting', start: at(80), end: at(90), summary: 'Staff meeting' },
      ]),
    });
    let { timetable } = await classTray.getState();
    expect(timetable.newPlaces).toEqual(['R-A']);
    expect(timetable.next).toBeNull();
    expect(timetable.bell).toEqual([]);

    await classTray.mapTimetablePlace({ place: 'R-A', classroomId: 'room-b' });
    ({ timetable } = await classTray.getState());
    expect(timetable.newPlaces).toEqual([]);
    expect(timetable.next).toMatchObject({ title: 'Maths 3B', classroomId: 'room-b' });

    // The window is open, and the teacher's own pick is older than 10 minutes at 10:20.
    classTray.setWindowVisible(true);
    advance(20 * MINUTE);
    const state = await until(classTray, (current) => current.classroom.id === 'room-b');
    expect(state.timetable.now).toMatchObject({
      title: 'Maths 3B',
      end: new Date(at(70)).toISOString(),
    });
  });

  it('leaves the classroom the teacher picked in the last 10 minutes, and opens the room when the window opens later', async () => {
    const { classTray, at, advance } = await setup();
    await importLessonsInto(classTray, 'room-b', [
      { uid: 'maths', start: at(5), end: at(55), summary: 'Maths 3B', location: 'R-A' },
    ]);
    classTray.setWindowVisible(true);
    await classTray.selectClassroom({ id: 'room-a' });
    advance(5 * MINUTE);
    await classTray.getState();
    expect((await classTray.getState()).classroom.id).toBe('room-a');

    classTray.setWindowVisible(false);
    advance(OWN_PICK_MS);
    classTray.setWindowVisible(true);
    await until(classTray, (state) => state.classroom.id === 'room-b');
  });

  it('opens the room of a lesson that started while the window was hidden once it is shown, and logs why it waited', async () => {
    const lines: string[] = [];
    const keep = (line: string) => void lines.push(line);
    const { classTray, at, advance } = await setup({
      log: createLogger({ info: keep, warn: keep, error: keep }),
    });
    await importLessonsInto(classTray, 'room-b', [
      { uid: 'maths', start: at(20), end: at(70), summary: 'Maths 3B', location: 'R-A' },
    ]);
    advance(20 * MINUTE);
    await classTray.getState();
    expect((await classTray.getState()).classroom.id).toBe('room-a');
    expect(lines).toContain(
      '[timetable] A lesson started in classroom "room-b": it opens when the window is shown',
    );

    classTray.setWindowVisible(true);
    await until(classTray, (state) => state.classroom.id === 'room-b');
  });

  it("opens the room at the lesson's start when the timer fires a moment early and the start passes while it runs", async () => {
    const { classTray, at, advance, jumpClock, timers } = await setup();
    await importLessonsInto(classTray, 'room-b', [
      { uid: 'maths', start: at(20), end: at(70), summary: 'Maths 3B', location: 'R-A' },
    ]);
    classTray.setWindowVisible(true);
    // Node's timers may fire a few milliseconds before the wall clock says: the start's timer
    // fires at 10:19:59.999, and by the time the view is pushed it is 10:20.
    jumpClock(-1);
    let early = true;
    const stop = classTray.subscribe((change) => {
      if (early && change.type === 'timetable' && timers.now() === at(20) - 1) {
        early = false;
        jumpClock(1);
      }
    });
    advance(20 * MINUTE);
    stop();
    expect(early).toBe(false);
    // Within a second of the start, not at the next minute's tick.
    advance(1_000);
    await vi.waitFor(async () => expect((await classTray.getState()).classroom.id).toBe('room-b'));
  });
});

describe('the bell', () => {
  it("ends the room's accesses at the lesson's end once the teacher said so, and not after a lesson kept", async () => {
    const { local, classTray, at, advance } = await setup();
    await importLessonsInto(classTray, 'room-a', [
      { uid: 'first', start: at(-10), end: at(10), summary: 'Maths 3B', location: 'R-A' },
      { uid: 'second', start: at(20), end: at(40), summary: 'Maths 3C', location: 'R-A' },
    ]);
    // Off until answered: nothing is scheduled.
    expect((await classTray.getState()).scheduledEnds.pending).toEqual([]);
    await classTray.setEndAtBell({ classroomId: 'room-a', on: true });
    let state = await classTray.getState();
    expect(state.scheduledEnds.pending).toEqual([
      { target: { classroomId: 'room-a' }, at: new Date(at(10)).toISOString() },
    ]);
    expect(state.timetable.now).toMatchObject({ title: 'Maths 3B', endsAccesses: true });

    const given = await newAccess(local, '100000003');
    await classTray.addTemporalAccess({ linkOrToken: given });
    advance(10 * MINUTE);
    state = await until(classTray, (current) => current.scheduledEnds.ran.length > 0);
    expect(state.scheduledEnds.ran[0]).toMatchObject({
      lateMinutes: 0,
      ended: [{ token: given, result: { kind: 'invalidated' } }],
    });
    expect(await serviceStatus(local, given)).toBe(422);
    // The next lesson's end takes its place.
    state = await until(classTray, (current) => current.scheduledEnds.pending.length === 1);
    expect(state.scheduledEnds.pending[0]?.at).toBe(new Date(at(40)).toISOString());

    advance(10 * MINUTE);
    state = await until(classTray, (current) => current.timetable.now !== null);
    await classTray.keepAccessesAfterLesson({ key: state.timetable.now?.key ?? '' });
    state = await classTray.getState();
    expect(state.scheduledEnds.pending).toEqual([]);
    expect(state.timetable.now?.endsAccesses).toBe(false);
  });

  it("takes Cancel end of a lesson's end as keeping the accesses after that lesson", async () => {
    const { classTray, at } = await setup();
    await importLessonsInto(classTray, 'room-a', [
      { uid: 'first', start: at(-10), end: at(10), summary: 'Maths 3B', location: 'R-A' },
    ]);
    await classTray.setEndAtBell({ classroomId: 'room-a', on: true });
    expect((await classTray.getState()).scheduledEnds.pending).toHaveLength(1);
    await classTray.cancelScheduledEnd({ target: { classroomId: 'room-a' } });
    const state = await classTray.getState();
    expect(state.scheduledEnds.pending).toEqual([]);
    expect(state.timetable.now?.endsAccesses).toBe(false);
  });

  it('never replaces an end the teacher scheduled for the room, and drops its own when turned off', async () => {
    const { classTray, at } = await setup();
    await importLessonsInto(classTray, 'room-a', [
      { uid: 'first', start: at(-10), end: at(10), summary: 'Maths 3B', location: 'R-A' },
    ]);
    await classTray.scheduleEnd({
      target: { classroomId: 'room-a' },
      at: new Date(at(5)).toISOString(),
    });
    await classTray.setEndAtBell({ classroomId: 'room-a', on: true });
    expect((await classTray.getState()).scheduledEnds.pending).toEqual([
      { target: { classroomId: 'room-a' }, at: new Date(at(5)).toISOString() },
    ]);
    await classTray.cancelScheduledEnd({ target: { classroomId: 'room-a' } });
    expect((await classTray.getState()).scheduledEnds.pending).toHaveLength(1);
    await classTray.setEndAtBell({ classroomId: 'room-a', on: false });
    expect((await classTray.getState()).scheduledEnds.pending).toEqual([]);
  });
});

describe("the bell's answer, room by room (issue 43)", () => {
  it('never ends accesses in a room mapped after a yes for another room, until that room gets its own yes', async () => {
    const { local, classTray, at, advance } = await setup();
    await importLessonsInto(classTray, 'room-a', [
      { uid: 'maths', start: at(-10), end: at(50), summary: 'Maths 3B', location: 'R-A' },
      { uid: 'music', start: at(-10), end: at(10), summary: 'Mathe 7b', location: 'B204' },
    ]);
    await classTray.setEndAtBell({ classroomId: 'room-a', on: true });
    await classTray.mapTimetablePlace({ place: 'B204', classroomId: 'empty' });
    let state = await classTray.getState();
    // The new room is asked about on its own; only the room with a yes has a bell.
    expect(state.timetable.bell).toEqual([
      { classroomId: 'room-a', endsAccesses: true },
      { classroomId: 'empty', endsAccesses: null },
    ]);
    expect(state.scheduledEnds.pending).toEqual([
      { target: { classroomId: 'room-a' }, at: new Date(at(50)).toISOString() },
    ]);

    // A running access in empty, tracked while empty is open.
    await classTray.selectClassroom({ id: 'empty' });
    const given = await newAccess(local, '100000005');
    await classTray.addTemporalAccess({ linkOrToken: given });
    advance(11 * MINUTE);
    await until(classTray, (current) => current.timetable.now?.classroomId === 'room-a');
    state = await classTray.getState();
    expect(state.scheduledEnds.ran).toEqual([]);
    expect(await serviceStatus(local, given)).toBe(200);

    // A yes for empty puts its own next bell on; a no for room-a takes room-a's off.
    await classTray.setEndAtBell({ classroomId: 'room-a', on: false });
    state = await classTray.getState();
    expect(state.scheduledEnds.pending).toEqual([]);
    expect(state.timetable.bell).toEqual([
      { classroomId: 'room-a', endsAccesses: false },
      { classroomId: 'empty', endsAccesses: null },
    ]);
  });

  it('names a lesson under way in a place not mapped yet, until its place is answered', async () => {
    const { classTray, at } = await setup();
    await classTray.setTimetableSource({
      kind: 'file',
      text: calendarText([
        { uid: 'music', start: at(-10), end: at(30), summary: 'Mathe 7b', location: 'B204' },
        { uid: 'later', start: at(40), end: at(60), summary: 'Physics', location: 'Lab' },
      ]),
    });
    let { timetable } = await classTray.getState();
    expect(timetable.now).toBeNull();
    expect(timetable.unmappedNow).toEqual({
      title: 'Mathe 7b',
      place: 'B204',
      end: new Date(at(30)).toISOString(),
    });
    await classTray.mapTimetablePlace({ place: 'B204', classroomId: null });
    ({ timetable } = await classTray.getState());
    expect(timetable.unmappedNow).toBeNull();
  });
});

describe('the subscription', () => {
  it('keeps its address out of the settings file, moves the end when the feed moves the lesson, and says a failure while keeping the last copy', async () => {
    const { classTray, dataDir, at, advance } = await setup();
    const lesson = { uid: 'maths', summary: 'Maths 3B', location: 'R-A' };
    const feed = await startFeed(calendarText([{ ...lesson, start: at(10), end: at(60) }]));
    await classTray.setTimetableSource({ kind: 'subscription', url: feed.url });
    await classTray.mapTimetablePlace({ place: 'R-A', classroomId: 'room-a' });
    await classTray.setEndAtBell({ classroomId: 'room-a', on: true });
    let state = await classTray.getState();
    expect(state.timetable).toMatchObject({
      source: 'subscription',
      subscription: { set: true, location: 'memory' },
      problem: null,
    });
    expect(state.scheduledEnds.pending[0]?.at).toBe(new Date(at(60)).toISOString());
    const settingsText = await readFile(path.join(dataDir, 'settings.json'), 'utf8');
    expect(settingsText).not.toContain('s3cr3t');
    expect(settingsText).not.toContain(new URL(feed.url).host);
    expect(JSON.stringify(state)).not.toContain('s3cr3t');

    // Moved by ten minutes in the feed: the end follows at the next fetch, not before.
    feed.calendar = calendarText([{ ...lesson, start: at(20), end: at(70) }]);
    advance(FETCH_EVERY_MS - MINUTE);
    expect(feed.requests).toHaveLength(1);
    advance(MINUTE);
    state = await until(
      classTray,
      (current) => current.scheduledEnds.pending[0]?.at === new Date(at(70)).toISOString(),
    );
    expect(feed.requests).toHaveLength(2);

    // Unchanged: a 304, and the same end.
    await classTray.refreshTimetable();
    expect(feed.requests).toHaveLength(3);
    expect(feed.requests[2]?.['if-none-match']).toBeDefined();

    // Cancelled in the feed: its end is dropped.
    feed.calendar = calendarText([]);
    await classTray.refreshTimetable();
    expect((await classTray.getState()).scheduledEnds.pending).toEqual([]);

    // A failing server: said in one sentence, the last copy kept.
    feed.calendar = calendarText([{ ...lesson, start: at(40), end: at(90) }]);
    await classTray.refreshTimetable();
    feed.behaviour = 'error-500';
    await classTray.refreshTimetable();
    state = await classTray.getState();
    expect(state.timetable.problem).toEqual({
      message: 'The timetable server failed (HTTP 500); ClassTray tries again later.',
      refusal: { code: 'timetableServerFailed', values: { status: 500 } },
    });
    expect(state.timetable.next).toMatchObject({ title: 'Maths 3B' });
  });

  it('refuses an address that does not answer with a calendar, saving nothing', async () => {
    const { classTray } = await setup();
    const feed = await startFeed('<html>Sign in</html>');
    await expect(
      classTray.setTimetableSource({ kind: 'subscription', url: feed.url }),
    ).rejects.toThrow('The timetable is not an iCalendar (.ics) file.');
    expect((await classTray.getState()).timetable.source).toBe('none');
  });
});

describe('the weekly table', () => {
  // Adelaide: half-hour offsets, a UTC date one day behind its mornings, and daylight saving.
  const ADELAIDE = 'Australia/Adelaide';
  const WEDNESDAY = 3;
  const THURSDAY = 4;
  const SUNDAY = 7;
  const lesson = (weekday: number, start: string, end: string, classroomId = 'room-b') => ({
    weekday,
    start,
    end,
    classroomId,
  });

  it.each([
    {
      day: 'a lesson starting this minute, on a morning whose UTC date is the day before',
      clock: '2026-01-06T23:45:00Z', // Wednesday 10:15 in Adelaide
      lessons: [lesson(WEDNESDAY, '10:15', '11:00')],
      now: { start: '2026-01-06T23:45:00.000Z', end: '2026-01-07T00:30:00.000Z' },
      next: '2026-01-13T23:45:00.000Z',
    },
    {
      day: 'a lesson ending this minute, late in the evening: next week',
      clock: '2026-01-07T13:00:00Z', // Wednesday 23:30
      lessons: [lesson(WEDNESDAY, '23:00', '23:30')],
      now: null,
      next: '2026-01-14T12:30:00.000Z',
    },
    {
      day: 'the last minute before midnight, the last lesson ending in it',
      clock: '2026-01-07T13:29:00Z', // Wednesday 23:59
      lessons: [lesson(WEDNESDAY, '23:30', '23:59'), lesson(THURSDAY, '00:00', '00:45', 'room-c')],
      now: null,
      next: '2026-01-07T13:30:00.000Z',
    },
    {
      day: "midnight, the new day's first lesson",
      clock: '2026-01-07T13:30:00Z', // Thursday 00:00
      lessons: [lesson(WEDNESDAY, '23:30', '23:59', 'room-c'), lesson(THURSDAY, '00:00', '00:45')],
      now: { start: '2026-01-07T13:30:00.000Z', end: '2026-01-07T14:15:00.000Z' },
      next: '2026-01-14T13:00:00.000Z',
    },
    {
      day: 'the night clocks go forward (02:00 is 03:00): 01:00 to 04:00 is two hours',
      clock: '2026-10-03T17:00:00Z', // Sunday 03:30, daylight time
      lessons: [lesson(SUNDAY, '01:00', '04:00')],
      now: { start: '2026-10-03T15:30:00.000Z', end: '2026-10-03T17:30:00.000Z' },
      next: '2026-10-10T14:30:00.000Z',
    },
    {
      day: 'the night clocks go back (03:00 is 02:00): 01:00 to 04:00 is four hours',
      clock: '2026-04-04T18:00:00Z', // Sunday 03:30, standard time
      lessons: [lesson(SUNDAY, '01:00', '04:00')],
      now: { start: '2026-04-04T14:30:00.000Z', end: '2026-04-04T18:30:00.000Z' },
      next: '2026-04-11T15:30:00.000Z',
    },
  ])("gives the lesson now and next in the machine's zone: $day", async (day) => {
    const { classTray } = await setup({ machineZone: () => ADELAIDE }, Date.parse(day.clock));
    await classTray.setTimetableSource({ kind: 'weekly', lessons: day.lessons });
    const { timetable } = await classTray.getState();
    // Every lesson under way is in the lessons' own room, room-b.
    expect(timetable.now).toEqual(
      day.now === null ? null : expect.objectContaining({ classroomId: 'room-b', ...day.now }),
    );
    expect(timetable.next?.start).toBe(day.next);
  });
});

/**
 * The reader's threads as the core starts them, each with a promise of its end; with `memoryMb`,
 * a heap that small instead of the reader's cap.
 */
function countedThreads(memoryMb?: number) {
  const ended: Promise<unknown>[] = [];
  const startCalendarWorker: StartWorker = (options) => {
    const worker: Worker = sourceCalendarWorker(
      memoryMb === undefined
        ? options
        : {
            ...options,
            resourceLimits: { ...options.resourceLimits, maxOldGenerationSizeMb: memoryMb },
          },
    );
    ended.push(new Promise((resolve) => worker.once('exit', resolve)));
    return worker;
  };
  return { startCalendarWorker, ended };
}

/** How many times a 10 ms interval got its turn on the main thread while `work` ran. */
async function loopTurnsDuring(work: () => Promise<unknown>): Promise<number> {
  let turns = 0;
  const ticker = setInterval(() => {
    turns += 1;
  }, 10);
  try {
    await work();
  } finally {
    clearInterval(ticker);
  }
  return turns;
}

describe('a calendar too large or too complex', () => {
  it('from the subscription: a hostile feed read within bounds is used; one that runs past the budget is stopped, the last good copy stays, Settings says which part, and the core keeps answering', async () => {
    const threads = countedThreads();
    const { classTray, at } = await setup({ startCalendarWorker: threads.startCalendarWorker });
    const lesson = {
      uid: 'maths',
      summary: 'Maths 3B',
      location: 'R-A',
      start: at(10),
      end: at(60),
    };
    const feed = await startFeed(calendarText([lesson]));
    await classTray.setTimetableSource({ kind: 'subscription', url: feed.url });
    await classTray.mapTimetablePlace({ place: 'R-A', classroomId: 'room-a' });

    /**
     * Refreshes while the window asks for the state: answered before the reading ends. `minTurns`
     * is how many 10 ms turns the main thread must have had meanwhile: only a reading that lasts
     * its whole 2 s budget can ask for some (a quick one may end within one turn on a fast machine).
     */
    const refreshWhileAsking = async (minTurns: number) => {
      let answered = 0;
      const turns = await loopTurnsDuring(async () => {
        const refreshing = classTray.refreshTimetable();
        await classTray.getState();
        answered += 1;
        await refreshing;
      });
      expect(answered).toBe(1);
      expect(turns).toBeGreaterThanOrEqual(minTurns);
      return (await classTray.getState()).timetable;
    };

    // Millions of occurrences in the span: each series refused and counted, the feed read.
    feed.calendar = secondlySeries(at(0));
    let timetable = await refreshWhileAsking(0);
    expect(timetable.reading).toEqual({ skipped: { tooOften: 100 }, stopped: null });
    expect(timetable.next).toBeNull();

    feed.calendar = calendarText([lesson]);
    await classTray.refreshTimetable();
    // 5,000 series each counted through a thousand years: more than the 2 s budget in all.
    feed.calendar = countedFromLongAgo(5_000);
    // Two seconds of reading: a free main thread gets most of its 200 turns, a blocked one none.
    timetable = await refreshWhileAsking(20);
    expect(timetable.problem).toBeNull();
    expect(timetable.reading.stopped?.limit).toBe('time');
    // The count is named, as no series took half the time; unless the machine was so busy that
    // the thread stood still a second inside one series: then that series.
    expect(timetable.reading.stopped?.part).toSatisfy(
      (part: RunawayPart) =>
        (part.kind === 'events' && part.count === 5_000) ||
        (part.kind === 'series' && part.uid.startsWith('counted-')),
    );
    expect(timetable.next).toMatchObject({ title: 'Maths 3B', classroomId: 'room-a' });
    // A thread past its budget is ended; the next reading gets a new one.
    expect(threads.ended.length).toBe(1);
    await threads.ended[0];

    // A good feed again: read, and the sentence gone.
    feed.calendar = calendarText([{ ...lesson, start: at(20), end: at(70) }]);
    await classTray.refreshTimetable();
    const after = (await classTray.getState()).timetable;
    expect(after.reading.stopped).toBeNull();
    expect(after.next?.start).toBe(new Date(at(20)).toISOString());
    expect(threads.ended.length).toBe(2);
  });

  it('from the subscription: a thread past its memory cap (made small here) is ended, the last good copy kept', async () => {
    const threads = countedThreads(16);
    const { classTray, at } = await setup({ startCalendarWorker: threads.startCalendarWorker });
    const feed = await startFeed(
      calendarText([
        { uid: 'maths', summary: 'Maths 3B', location: 'R-A', start: at(10), end: at(60) },
      ]),
    );
    await classTray.setTimetableSource({ kind: 'subscription', url: feed.url });
    await classTray.mapTimetablePlace({ place: 'R-A', classroomId: 'room-a' });
    // 100,000 lessons in the coming week: each read whole and kept, past a 16 MB heap.
    feed.calendar = crowdedEvents(at(0));
    await classTray.refreshTimetable();
    const { timetable } = await classTray.getState();
    expect(timetable.problem).toBeNull();
    expect(timetable.reading.stopped).toEqual({
      limit: 'memory',
      part: { kind: 'events', count: 100_000 },
    });
    expect(timetable.next).toMatchObject({ title: 'Maths 3B' });
    await threads.ended[0];
  });

  it(`as a file to import: more than ${MAX_OCCURRENCES} lessons in the span (three series of 4,000) are refused with a sentence the window translates, the copy in use kept`, async () => {
    const { classTray, at } = await setup();
    await classTray.setTimetableSource({
      kind: 'file',
      text: calendarText([
        { uid: 'maths', summary: 'Maths 3B', location: 'R-A', start: at(10), end: at(60) },
      ]),
    });
    await expect(
      classTray.setTimetableSource({ kind: 'file', text: crowdedSeries(at(0)) }),
    ).rejects.toMatchObject({
      message: 'This calendar is too large or too complex to read, so nothing was changed.',
      refusal: { code: 'calendarTooComplex', values: {} },
    });
    const { timetable } = await classTray.getState();
    expect(timetable.newPlaces).toEqual(['R-A']);
    expect(timetable.reading.stopped).toEqual({
      limit: 'occurrences',
      part: { kind: 'events', count: 3 },
    });
  });

  it('asks about the places of the next lessons five at a time, not a thousand at once', async () => {
    const { classTray, at } = await setup();
    await classTray.setTimetableSource({ kind: 'file', text: manyLocations(at(0), 1_000) });
    let { timetable } = await classTray.getState();
    expect(timetable.newPlaces).toEqual(['Room 0', 'Room 1', 'Room 2', 'Room 3', 'Room 4']);
    await classTray.mapTimetablePlace({ place: 'Room 0', classroomId: 'room-a' });
    ({ timetable } = await classTray.getState());
    expect(timetable.newPlaces).toEqual(['Room 1', 'Room 2', 'Room 3', 'Room 4', 'Room 5']);
  });

  it('ends the thread when ClassTray closes in the middle of a reading', async () => {
    const threads = countedThreads();
    const { classTray } = await setup({ startCalendarWorker: threads.startCalendarWorker });
    const importing = classTray
      .setTimetableSource({ kind: 'file', text: countedFromLongAgo(5_000) })
      .catch((error: unknown) => error);
    // Closed once the thread is at it.
    while (threads.ended.length === 0) await new Promise((resolve) => setImmediate(resolve));
    await classTray.close();
    await Promise.all(threads.ended);
    expect(await importing).toMatchObject({
      message: 'The timetable was not read: ClassTray is quitting.',
    });
  });
});
