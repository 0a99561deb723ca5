/**
 * The teacher's notebook for the account in use: the current and recent classrooms, and the
 * temporal accesses being tracked. The real account's notebook is the settings file; the demo's
 * lives in memory and starts from the demo school, so trying the demo never writes demo
 * classrooms or demo links into the settings of a real account.
 */
import type { AccountData } from '../local-service/fixture';
import type { RecentClassroom, SettingsStore, TrackedTemporalAccess } from './settings';
import { MAX_RECENT_CLASSROOMS } from './settings';

export interface NotebookPage {
  current: string | null;
  /** Most recent first. */
  recent: readonly RecentClassroom[];
  accesses: readonly TrackedTemporalAccess[];
}

export interface Notebook {
  read(): NotebookPage;
  /** Validated by the settings schema for the real account; throws SettingsValidationError. */
  write(patch: Partial<NotebookPage>): void;
}

export function settingsNotebook(settings: SettingsStore): Notebook {
  return {
    read() {
      const { classrooms, temporalAccesses } = settings.get();
      return { current: classrooms.current, recent: classrooms.recent, accesses: temporalAccesses };
    },
    write({ current, recent, accesses }) {
      settings.update({
        classrooms: {
          ...(current === undefined ? {} : { current }),
          ...(recent === undefined ? {} : { recent }),
        },
        ...(accesses === undefined ? {} : { temporalAccesses: accesses }),
      });
    },
  };
}

/** The demo school's classrooms (named) and its temporal accesses, ready to try. */
export function demoNotebook(demo: AccountData, addedAt: string): Notebook {
  const aliasOf = new Map(demo.devices.map((device) => [device.remote_id, device.remote_alias]));
  let page: NotebookPage = {
    current: demo.classrooms.find((classroom) => classroom.id === 'room-12')?.id ?? null,
    recent: demo.classrooms
      .slice(0, MAX_RECENT_CLASSROOMS)
      .map((classroom) => ({ id: classroom.id, nickname: classroom.name })),
    accesses: demo.temporal_accesses.map((access) => ({
      token: access.token,
      label: aliasOf.get(access.remote_id) ?? access.remote_id,
      remoteId: access.remote_id,
      addedAt,
    })),
  };
  return {
    read: () => page,
    write(patch) {
      page = { ...page, ...patch };
    },
  };
}

/** The classroom moved to the front of the recent list, keeping a nickname it already had. */
export function withRecent(
  recent: readonly RecentClassroom[],
  id: string,
  nickname: string | undefined,
): RecentClassroom[] {
  const kept = nickname ?? recent.find((classroom) => classroom.id === id)?.nickname;
  return [
    { id, ...(kept === undefined ? {} : { nickname: kept }) },
    ...recent.filter((classroom) => classroom.id !== id),
  ].slice(0, MAX_RECENT_CLASSROOMS);
}
