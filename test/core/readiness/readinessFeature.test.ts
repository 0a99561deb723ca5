/**
 * The readiness feature on hand-moved time: the next lesson's room checked once, N minutes before
 * it, at the cost of its own pages; the open room's at no cost; nothing with the check off; and a
 * device that moves rooms keeps its history.
 */
import { describe, expect, it } from 'vitest';
import type { Session, Sessions } from '../../../src-main/core/account/sessions';
import type { ClassTrayChange } from '../../../src-main/core/api/classTrayApi';
import type { DeviceLists, DeviceView } from '../../../src-main/core/classroom/liveStatus';
import { silentLogger } from '../../../src-main/core/logger';
import { readinessFeature } from '../../../src-main/core/readiness/readinessFeature';
import type { LessonView } from '../../../src-main/core/timetable/timetableView';
import { manualTimers } from '../../support/manualTimers';
import { tempDir } from '../../support/tempDir';

const T0 = Date.parse('2026-03-02T09:48:00.000Z');
const MIN = 60_000;
const URL_ = 'https://remote.example.edu';

const view = (n: number, online: boolean): DeviceView => ({
  remoteId: String(n),
  alias: `PC-${n}`,
  online,
  status: 'enabled',
  has2fa: true,
});

/** The library's devices 1 to 5 (2 and 4 offline) on account page 1, counted as asked. */
function library(offline: readonly number[] = [2, 4]) {
  const asked = { classroom: 0, pages: 0, all: 0 };
  const ids = [1, 2, 3, 4, 5];
  const page = () => ({
    data: ids.map((n) => ({ remote_id: String(n), is_online: !offline.includes(n) })),
    links: [],
    meta: { total: 5, per_page: 50, current_page: 1, last_page: 1 },
  });
  const lists: DeviceLists = {
    classroomDevices: () => {
      asked.classroom += 1;
      return Promise.resolve(
        ids.map((n) => ({
          remote_id: String(n),
          remote_alias: `PC-${n}`,
          remote_password: 'x',
          has_2fa: true,
          status: 'enabled' as const,
        })),
      );
    },
    accountPages: (pages) => {
      asked.pages += pages.length;
      return Promise.resolve(pages.map(page));
    },
    allAccountPages: () => {
      asked.all += 1;
      return Promise.resolve([page()]);
    },
  };
  return { lists, asked };
}

async function setUp(options: {
  lesson: LessonView | null | (() => LessonView | null);
  minutesBefore?: number;
  openDevices?: DeviceView[];
  lists: DeviceLists;
}) {
  const { timers, advance } = manualTimers(T0);
  const session = {
    mode: 'service',
    serviceUrl: URL_,
    client: undefined,
    notebook: { read: () => ({ current: 'room-12' }) },
  } as unknown as Session;
  const changes: ClassTrayChange[] = [];
  let devices = options.openDevices ?? [];
  const feature = readinessFeature(
    {
      clock: timers.now,
      timers,
      log: silentLogger,
      dataDir: await tempDir(),
      sessions: { current: session } as unknown as Sessions,
      emit: (change) => changes.push(change),
    },
    {
      devices: () => devices,
      lastSuccessAt: () => new Date(timers.now()).toISOString(),
      nextLesson: () => (typeof options.lesson === 'function' ? options.lesson() : options.lesson),
      minutesBefore: () => options.minutesBefore ?? 10,
      listsOf: () => options.lists,
    },
  );
  await feature.start?.();
  await feature.sessionOpened?.(session);
  const settle = async (ms: number) => {
    advance(ms);
    await feature.settled();
  };
  return {
    feature,
    changes,
    settle,
    refreshed(next: DeviceView[]) {
      devices = next;
      feature.openRoomRefreshed({
        status: 'ok',
        lastSuccessAt: new Date(timers.now()).toISOString(),
        problem: null,
        nextAttemptAt: null,
      });
    },
  };
}

const lessonIn = (classroomId: string, minutes: number, key = 'lesson-1'): LessonView => ({
  key,
  title: 'Maths',
  place: null,
  classroomId,
  start: new Date(T0 + minutes * MIN).toISOString(),
  end: new Date(T0 + (minutes + 45) * MIN).toISOString(),
  endsAccesses: false,
});

describe('before a lesson', () => {
  it("checks the lesson's room once, 10 minutes before, and says which devices are offline", async () => {
    const { lists, asked } = library();
    const lesson = lessonIn('library', 12);
    const { feature, settle } = await setUp({ lesson, lists });
    await settle(MIN);
    expect(asked.classroom).toBe(0);
    expect(feature.views.readiness().lesson).toBeNull();
    await settle(MIN);
    expect(asked).toEqual({ classroom: 1, pages: 0, all: 1 });
    const said = feature.views.readiness().lesson;
    expect(said).toMatchObject({ key: 'lesson-1', start: lesson.start });
    expect(said?.room).toMatchObject({ classroomId: 'library', total: 5, offline: 2 });
    // Once per lesson, however often the timetable changes meanwhile.
    feature.changed();
    await settle(5 * MIN);
    expect(asked.classroom).toBe(1);
    // At its start the room is open and live: the look before it goes.
    await settle(5 * MIN);
    expect(feature.views.readiness().lesson).toBeNull();
    await feature.stop?.();
  });

  it('reads only the account pages that hold its devices once they are known', async () => {
    const { lists, asked } = library();
    let lesson = lessonIn('library', 5);
    const { feature, settle } = await setUp({ lesson: () => lesson, lists });
    await settle(0);
    expect(asked).toEqual({ classroom: 1, pages: 0, all: 1 });
    // The next lesson there: its classroom page and the one account page its devices are on.
    lesson = lessonIn('library', 65, 'lesson-2');
    await settle(55 * MIN);
    expect(asked).toEqual({ classroom: 2, pages: 1, all: 1 });
    await feature.stop?.();
  });

  it("needs no search once the open room's refreshes have read the account's pages", async () => {
    const { lists, asked } = library();
    const { feature, settle } = await setUp({ lesson: lessonIn('library', 30), lists });
    // The open room's refresh reads the account list (a search, the first time): every device
    // on it, with its page, joins the history.
    await feature.watched(lists).allAccountPages();
    await settle(20 * MIN);
    expect(asked).toEqual({ classroom: 1, pages: 1, all: 1 });
    await feature.stop?.();
  });

  it('says nothing when every device of the room is online', async () => {
    const { lists } = library([]);
    const { feature, settle } = await setUp({ lesson: lessonIn('library', 5), lists });
    await settle(0);
    expect(feature.views.readiness().lesson).toBeNull();
    await feature.stop?.();
  });

  it('asks nothing for the open room (its refresh is the check), nor with the check off', async () => {
    const { lists, asked } = library();
    const open = await setUp({
      lesson: lessonIn('room-12', 5),
      lists,
      openDevices: [view(7, true), view(8, false)],
    });
    await open.settle(0);
    expect(asked.classroom).toBe(0);
    expect(open.feature.views.readiness().lesson?.room).toMatchObject({
      classroomId: 'room-12',
      offline: 1,
    });
    await open.feature.stop?.();

    const counted = library();
    const off = await setUp({
      lesson: lessonIn('library', 5),
      lists: counted.lists,
      minutesBefore: 0,
    });
    await off.settle(10 * MIN);
    expect(counted.asked.classroom).toBe(0);
    await off.feature.stop?.();
  });
});

describe('the open room', () => {
  it('keeps the history of a device that moved in from another room', async () => {
    const { lists } = library();
    const { feature, settle, refreshed } = await setUp({ lesson: lessonIn('library', 5), lists });
    await settle(0);
    const seenThere = feature.views.readiness().lesson?.room.notReady[0];
    expect(seenThere).toMatchObject({ remoteId: '2', atLeast: true });
    // PC-2 now sits in the open room, still offline: the same "since".
    await settle(3 * MIN);
    refreshed([view(2, false), view(9, true)]);
    const open = feature.views.readiness().open;
    expect(open?.notReady).toEqual([
      expect.objectContaining({ remoteId: '2', offlineSince: seenThere?.offlineSince }),
    ]);
    await feature.stop?.();
  });
});
