/**
 * readiness/: which devices will let a class down, and since when. The history of what ClassTray
 * saw (availability.ts, on disk) is fed by the open room's refreshes, which cost nothing more,
 * and by the check of the next lesson's room a few minutes before it starts (roomCheck.ts: that
 * room's pages and the account pages that hold its devices, once per lesson). The window's
 * readiness and the report for IT read it (src-shared/readinessReport.ts).
 */
import type { RoomReadiness } from '../../../src-shared/readinessReport';
import { roomReadiness } from '../../../src-shared/readinessReport';
import type { Session } from '../account/sessions';
import type { ConnectionView } from '../classroom/classroomView';
import { deviceListsOf } from '../classroom/deviceLists';
import type { DeviceLists, DeviceView, OnlineState } from '../classroom/liveStatus';
import type { Page } from '../../contract/wire';
import type { CoreContext, Feature } from '../feature';
import type { LessonView } from '../timetable/timetableView';
import type { Sighting } from './availability';
import { Availability } from './availability';
import type { LessonReadiness, ReadinessView } from './readinessView';
import { lookAtRoom, sightingsOf } from './roomCheck';

/** The longest a timer waits before the next lesson is looked at again (a clock that moved). */
const MAX_WAIT_MS = 5 * 60_000;

export interface ReadinessFeature extends Feature<never, 'readiness'> {
  /** The open room was refreshed (its connection says ok): what it showed joins the history. */
  openRoomRefreshed(connection: ConnectionView): void;
  /** The open classroom changed: the view and the next check follow. */
  changed(): void;
  /** The timetable changed: the next check follows. */
  lessonsChanged(): void;
  /** Resolves once the history is on disk and no check runs. */
  settled(): Promise<void>;
  /**
   * The open room's lists, whose account pages (every device on them, with its page) join the
   * history of the account in use now: the next lesson's room then reads only its own pages.
   */
  watched(lists: DeviceLists): DeviceLists;
}

/** The account a history belongs to: the demo school is one, whatever its address this run. */
export const accountOf = (session: Pick<Session, 'mode' | 'serviceUrl'>): string =>
  session.mode === 'demo' ? 'demo' : session.serviceUrl;

export function readinessFeature(
  core: Pick<CoreContext, 'clock' | 'timers' | 'log' | 'dataDir' | 'sessions' | 'emit'>,
  options: {
    /** The open classroom's devices, as last refreshed. */
    devices: () => readonly DeviceView[];
    /** When the open classroom was last read (its connection's). */
    lastSuccessAt: () => string | null;
    /** The next lesson in a mapped room (the timetable's), if any. */
    nextLesson: () => LessonView | null;
    /** Minutes before a lesson its room is checked; 0: never. */
    minutesBefore: () => number;
    /** The account lists a room's check reads (tests count them); default the client's. */
    listsOf?: (session: Session) => DeviceLists | undefined;
  },
): ReadinessFeature {
  const log = core.log.child('readiness');
  const availability = new Availability(core.dataDir, log, core.clock, core.timers);
  const listsOf =
    options.listsOf ?? ((session: Session) => session.client && deviceListsOf(session.client));
  let lesson: LessonReadiness | null = null;
  /** The lesson whose room was checked (or is being checked): once per lesson. */
  let checkedLesson: string | undefined;
  let handle: unknown;
  let checking: Promise<void> = Promise.resolve();
  let stopped = false;
  /** Calls off a check still reading when ClassTray closes. */
  const closing = new AbortController();

  const history = (session: Session | undefined) => (remoteId: string) =>
    session === undefined ? undefined : availability.of(accountOf(session), remoteId);

  const openRoom = (): RoomReadiness | null => {
    const session = core.sessions.current;
    const classroomId = session?.notebook.read().current ?? null;
    if (session === undefined || classroomId === null) return null;
    return roomReadiness(classroomId, options.devices(), history(session), options.lastSuccessAt());
  };
  const view = (): ReadinessView => ({ open: openRoom(), lesson });
  const show = () => core.emit({ type: 'readiness', readiness: view() });
  /** The refresh last taken in: the connection says ok again when only its next time changed. */
  let refreshedAt: string | null = null;

  const cancel = () => {
    if (handle !== undefined) core.timers.clearTimeout(handle);
    handle = undefined;
  };

  /**
   * Waits for the next lesson's moment to check, and for the start of a notice's lesson: from
   * then on the room is open and its readiness live, so the notice, a look before, goes.
   */
  const arm = () => {
    cancel();
    if (stopped) return;
    const now = core.clock();
    if (lesson !== null && Date.parse(lesson.start) <= now) {
      lesson = null;
      show();
    }
    const moments: number[] = [];
    if (lesson !== null) moments.push(Date.parse(lesson.start));
    const next = options.nextLesson();
    const minutes = options.minutesBefore();
    if (next !== null && minutes > 0 && next.key !== checkedLesson) {
      const start = Date.parse(next.start);
      const at = start - minutes * 60_000;
      if (now >= at && now < start) {
        checkedLesson = next.key;
        checking = checking
          .then(() => check(next))
          .catch((error: unknown) => log.error("Checking the next lesson's room failed", error))
          .finally(arm);
        return;
      }
      if (now < at) moments.push(at);
    }
    if (moments.length === 0) return;
    const wait = Math.min(MAX_WAIT_MS, ...moments.map((moment) => moment - now));
    handle = core.timers.setTimeout(
      () => {
        handle = undefined;
        arm();
      },
      Math.max(0, wait),
    );
  };

  /** The lesson's room, read now; said only when devices there are offline. */
  const check = async (next: LessonView) => {
    const session = core.sessions.current;
    if (session === undefined) return;
    const open = session.notebook.read().current;
    let room: RoomReadiness;
    if (open === next.classroomId && options.lastSuccessAt() !== null) {
      // The open room is refreshed anyway: its last refresh is the check, at no cost.
      const readiness = openRoom();
      if (readiness === null) return;
      room = readiness;
    } else {
      const lists = listsOf(session);
      if (lists === undefined) return;
      try {
        const account = accountOf(session);
        const look = await lookAtRoom(
          lists,
          next.classroomId,
          (ids) => availability.pagesOf(account, ids),
          closing.signal,
        );
        const at = core.clock();
        availability.saw(account, look.sightings, at);
        room = roomReadiness(
          next.classroomId,
          look.devices,
          history(session),
          new Date(at).toISOString(),
        );
      } catch (error) {
        if (stopped) return;
        // A room that cannot be read now says nothing: the teacher sees it when the lesson opens it.
        log.warn(`The room of the next lesson could not be checked: ${String(error)}`);
        return;
      }
    }
    if (session !== core.sessions.current) return;
    lesson = room.offline > 0 ? { key: next.key, start: next.start, end: next.end, room } : null;
    log.info(
      `The room of the lesson at ${next.start} was checked: ${String(room.offline)} of ${String(room.total)} devices offline`,
    );
    show();
  };

  return {
    actions: {},
    views: { readiness: view },
    async start() {
      await availability.load();
    },
    sessionOpened() {
      lesson = null;
      checkedLesson = undefined;
      show();
      arm();
    },
    openRoomRefreshed(connection) {
      const session = core.sessions.current;
      if (session === undefined || connection.lastSuccessAt === null) return;
      if (connection.lastSuccessAt === refreshedAt) return;
      refreshedAt = connection.lastSuccessAt;
      // A device view is a sighting (its id and online status, no page): taken in as it is.
      const sightings: readonly Sighting[] = options.devices();
      availability.saw(accountOf(session), sightings, Date.parse(connection.lastSuccessAt));
      show();
    },
    changed() {
      show();
      arm();
    },
    lessonsChanged: () => arm(),
    watched(lists) {
      const session = core.sessions.current;
      if (session === undefined) return lists;
      const account = accountOf(session);
      const saw = (pages: Page<OnlineState>[]) => {
        availability.saw(account, sightingsOf(pages), core.clock());
        return pages;
      };
      return {
        classroomDevices: (classroomId, signal) => lists.classroomDevices(classroomId, signal),
        accountPages: (pages, signal) => lists.accountPages(pages, signal).then(saw),
        allAccountPages: (signal) => lists.allAccountPages(signal).then(saw),
      };
    },
    settingsChanged: () => arm(),
    suspend: cancel,
    resume: arm,
    async settled() {
      await checking;
      await availability.flushed();
    },
    async stop() {
      stopped = true;
      cancel();
      closing.abort();
      await checking;
      await availability.close();
    },
  };
}
