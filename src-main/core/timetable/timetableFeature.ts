/**
 * timetable/: the teacher's day (timetable.ts): the lessons from a subscription, a file or the
 * weekly table (the feed, its copy on disk, expansion in time zones), the classroom each lesson
 * opens, and its bell as a scheduled end; this file plugs it into the core.
 */
import type { CoreContext, Feature } from '../feature';
import type { ScheduledEnd } from '../scheduledEnds/scheduledEndSettings';
import type { StartWorker } from './calendarReader';
import { Timetable } from './timetable';
import { TimetableCopy } from './timetableCopy';

export interface TimetableFeature extends Feature<
  | 'setTimetableSource'
  | 'refreshTimetable'
  | 'mapTimetablePlace'
  | 'forgetTimetablePlace'
  | 'setEndAtBell'
  | 'keepAccessesAfterLesson',
  'timetable'
> {
  /** The schedule went out: the next bell may go on it, and the lessons say which end. */
  scheduleShown(): void;
  /** The teacher cancelled an end: one of a lesson keeps its accesses after that lesson. */
  endCancelled(end: ScheduledEnd): void;
  /** The teacher picked a classroom: a lesson starting in the next minutes leaves it open. */
  classroomPicked(): void;
  /** The keychain answered after not answering: the subscription's address is read again. */
  keychainAnswered(): Promise<void>;
}

export function timetableFeature(
  core: Pick<
    CoreContext,
    'clock' | 'timers' | 'log' | 'dataDir' | 'settings' | 'vault' | 'sessions' | 'fetch' | 'emit'
  >,
  options: {
    /** The machine's IANA zone: the weekly table's and floating times'. */
    machineZone: () => string;
    /** The timetable changed the schedule. */
    scheduleChanged: () => void;
    /** A lesson started (or the window opened during one): its classroom is shown. */
    openClassroom: (classroomId: string) => Promise<void>;
    /** Starts the calendar reader's thread; default: from its TypeScript source. */
    startCalendarWorker?: StartWorker;
  },
): TimetableFeature {
  const log = core.log.child('timetable');
  let windowVisible = false;
  const show = () => core.emit({ type: 'timetable', timetable: timetable.view() });
  const timetable: Timetable = new Timetable({
    settings: core.settings,
    vault: core.vault,
    copy: new TimetableCopy(core.dataDir, log, core.clock),
    fetch: core.fetch,
    clock: core.clock,
    timers: core.timers,
    log,
    machineZone: options.machineZone,
    notebook: () => core.sessions.current?.notebook,
    onChange: show,
    onSchedule: options.scheduleChanged,
    openClassroom: options.openClassroom,
    windowVisible: () => windowVisible,
    ...(options.startCalendarWorker ? { startCalendarWorker: options.startCalendarWorker } : {}),
  });
  return {
    actions: {
      setTimetableSource: (source) => timetable.setSource(source),
      refreshTimetable: () => timetable.refresh(),
      mapTimetablePlace: async ({ place, classroomId }) => timetable.mapPlace(place, classroomId),
      forgetTimetablePlace: async ({ place }) => timetable.forgetPlace(place),
      setEndAtBell: async ({ classroomId, on }) => timetable.setEndAtBell(classroomId, on),
      keepAccessesAfterLesson: async ({ key }) => timetable.keepAfter(key),
    },
    views: { timetable: () => timetable.view() },
    scheduleShown() {
      timetable.scheduleChanged();
      show();
    },
    endCancelled: (end) => timetable.endCancelled(end),
    classroomPicked: () => timetable.classroomPicked(),
    keychainAnswered: () => timetable.keychainAnswered(),
    start: () => timetable.start(),
    setWindowVisible(visible) {
      windowVisible = visible;
      if (visible) timetable.windowShown();
    },
    async stop() {
      timetable.stop();
      await timetable.settled();
    },
  };
}
