/**
 * classroom/: the classroom open and its devices' live status (classroomWatch.ts: refreshed on a
 * schedule, the connection's state, the last known devices on disk); this file plugs it into the
 * core: picking, naming and forgetting classrooms, and a device's password for a copy.
 */
import { refused } from '../api/apiInput';
import type { ClassTrayHostControls } from '../api/hostApi';
import type { DeviceLists, DeviceView } from './liveStatus';
import { ClassroomLiveStatus } from './liveStatus';
import { deviceListsOf } from './deviceLists';
import { parseInput } from '../api/apiInput';
import { deviceInput } from '../api/classTrayApi';
import { classroomView } from './classroomView';
import type { CoreContext, Feature } from '../feature';
import type { ServiceClient } from '../service/client';
import { ServiceError } from '../service/serviceErrors';
import { forgotten, renamed, withRecent } from '../settings/accountNotebook';
import { ClassroomCache } from './classroomCache';
import { ClassroomWatch } from './classroomWatch';

export interface ClassroomFeature
  extends
    Feature<
      'selectClassroom' | 'addClassroom' | 'renameClassroom' | 'forgetClassroom',
      'classroom' | 'connection'
    >,
    Pick<ClassTrayHostControls, 'devicePassword'> {
  /** The open classroom's devices, which name the accesses' devices. */
  readonly devices: readonly DeviceView[];
  /** Opens the classroom, at the front of the recent ones (a lesson's, or the teacher's pick). */
  open(id: string, nickname?: string): Promise<void>;
  /** The session switched classrooms: the watch follows. */
  watch: ClassroomWatch['watch'];
  /** The list of rooms changed elsewhere (a handover added one): it goes out again. */
  listChanged(): void;
}

export function classroomFeature(
  core: Pick<
    CoreContext,
    'clock' | 'timers' | 'log' | 'dataDir' | 'settings' | 'sessions' | 'emit'
  >,
  options: {
    /** The devices changed in a way the tracked accesses show (alias, 2FA). */
    accessesChanged: () => void;
    /** The teacher picked a classroom (the timetable leaves it open a while). */
    picked: () => void;
    /** The lists a refresh reads (readiness learns from its account pages); default the client's. */
    listsOf?: (client: ServiceClient) => DeviceLists;
  },
): ClassroomFeature {
  const { sessions, log } = core;
  const view = () =>
    classroomView(sessions.current?.notebook.read(), watch.devices, watch.activity);
  const show = () => core.emit({ type: 'classroom', classroom: view() });
  const watch = new ClassroomWatch({
    cache: new ClassroomCache(core.dataDir, log.child('cache'), core.clock),
    clock: core.clock,
    timers: core.timers,
    log,
    poll: core.settings.get().poll,
    generation: () => sessions.generation,
    emit: core.emit,
    onClassroom: show,
    onAccesses: options.accessesChanged,
    ...(options.listsOf
      ? {
          openLive: (client: ServiceClient, classroomId: string) =>
            new ClassroomLiveStatus(
              options.listsOf?.(client) ?? deviceListsOf(client),
              classroomId,
            ),
        }
      : {}),
  });
  const open = async (id: string, nickname?: string) => {
    await sessions.writeNotebook(({ recent }) => ({
      current: id,
      recent: withRecent(recent, id, nickname),
    }));
  };
  return {
    actions: {
      async selectClassroom({ id, nickname }) {
        options.picked();
        const session = await sessions.settledSession();
        const known = session.notebook.read().recent.some((classroom) => classroom.id === id);
        // A mistyped id is refused before it joins the recent classrooms.
        if (!known && session.client) await checkClassroom(session.client, id);
        await open(id, nickname);
      },
      async addClassroom({ id, nickname }) {
        const session = await sessions.settledSession();
        const known = session.notebook.read().recent.some((classroom) => classroom.id === id);
        if (known) return;
        if (session.client) await checkClassroom(session.client, id);
        await sessions.writeNotebook(({ recent }) => ({
          recent: withRecent(recent, id, nickname),
        }));
        // Nothing switched, so nothing else says it: the picker lists the new room at once.
        show();
      },
      async renameClassroom({ id, nickname }) {
        const renaming = sessions.writeNotebook(({ recent }) => ({
          recent: renamed(recent, id, nickname),
        }));
        if (!(await renaming)) show();
      },
      async forgetClassroom({ id }) {
        if (!(await sessions.writeNotebook((contents) => forgotten(contents, id)))) show();
      },
    },
    views: { classroom: view, connection: () => watch.connection },
    get devices() {
      return watch.devices;
    },
    open,
    listChanged: show,
    watch: (session) => watch.watch(session),
    sessionOpened: (session) => watch.watch(session),
    settingsChanged: () => watch.setIntervals(core.settings.get().poll),
    refresh: () => watch.refreshNow(),
    setWindowVisible: (visible) => watch.setVisible(visible),
    suspend: () => watch.suspend(),
    resume: () => watch.resume(),
    stop: () => watch.close(),
    async devicePassword(input) {
      return watch.password(parseInput('devicePassword', deviceInput, input).remoteId);
    },
  };
}

/**
 * Asks the service for the classroom's first page: an id it does not know is refused, in words
 * that say where the id comes from. Any other failure is the connection's, which the banner says.
 */
async function checkClassroom(client: ServiceClient, id: string): Promise<void> {
  try {
    await client.classroomDevicesPage(id, 1);
  } catch (error) {
    if (error instanceof ServiceError && error.kind === 'classroom-not-found') {
      throw refused('classroomUnknown', { id });
    }
  }
}
