/**
 * The teacher's notebook for the account in use: the current and recent classrooms, and the
 * temporal accesses being tracked. The real account's notebook is the settings file; the demo's
 * lives in memory and starts from the demo school, so trying the demo never writes demo
 * classrooms or demo links into the settings of a real account.
 */
import type { TrackedTemporalAccess } from '../accesses/accessSettings';
import type { RecentClassroom } from '../classroom/classroomSettings';
import { MAX_RECENT_CLASSROOMS } from '../classroom/classroomSettings';
import type { ScheduledEnd } from '../scheduledEnds/scheduledEndSettings';
import type { StudentNames } from '../students/studentNames';
import type { SettingsStore } from './settings';

/** What a notebook holds at one moment. */
export interface NotebookContents {
  current: string | null;
  /** Most recent first. */
  recent: readonly RecentClassroom[];
  accesses: readonly TrackedTemporalAccess[];
  /** Soonest first. */
  scheduledEnds: readonly ScheduledEnd[];
}

export interface Notebook {
  read(): NotebookContents;
  /** Validated by the settings schema for the real account; throws SettingsValidationError. */
  write(patch: Partial<NotebookContents>): void;
}

/**
 * The settings file's notebook. Its accesses are kept there by device; each one's student name
 * is kept in `names` (students.json) and joined to it here, so the features see one list.
 */
export function settingsNotebook(settings: SettingsStore, names: StudentNames): Notebook {
  return {
    read() {
      const { classrooms, temporalAccesses, scheduledEnds } = settings.get();
      return {
        current: classrooms.current,
        recent: classrooms.recent,
        accesses: temporalAccesses.map((access) => named(access, names.nameOf(access.token))),
        scheduledEnds,
      };
    },
    write({ current, recent, accesses, scheduledEnds }) {
      settings.update({
        classrooms: {
          ...(current === undefined ? {} : { current }),
          ...(recent === undefined ? {} : { recent }),
        },
        ...(accesses === undefined
          ? {}
          : { temporalAccesses: accesses.map((access) => named(access, undefined)) }),
        ...(scheduledEnds === undefined ? {} : { scheduledEnds }),
      });
      // Once the settings took the list: a refused one keeps no name either.
      if (accesses === undefined) return;
      for (const { token, label, addedAt } of accesses) {
        if (label !== undefined) names.keep(token, label, Date.parse(addedAt));
      }
      names.retain(accesses.map(({ token }) => token));
    },
  };
}

/** The access with this student's name, or without any. */
function named(access: TrackedTemporalAccess, name: string | undefined): TrackedTemporalAccess {
  const { label: _label, ...byDevice } = access;
  return name === undefined ? byDevice : { ...byDevice, label: name };
}

/** A notebook in memory, for the demo school: gone when ClassTray closes. */
export function memoryNotebook(first: NotebookContents): Notebook {
  let contents = first;
  return {
    read: () => contents,
    write(patch) {
      contents = { ...contents, ...patch };
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

/** The recent list with this classroom's nickname set (null: shown by its id). */
export function renamed(
  recent: readonly RecentClassroom[],
  id: string,
  nickname: string | null,
): RecentClassroom[] {
  return recent.map((classroom) =>
    classroom.id !== id ? classroom : nickname === null ? { id } : { id, nickname },
  );
}

/** The notebook without this classroom; the current one, if it was this, is the next recent. */
export function forgotten(contents: NotebookContents, id: string): Partial<NotebookContents> {
  const recent = contents.recent.filter((classroom) => classroom.id !== id);
  return contents.current === id ? { recent, current: recent[0]?.id ?? null } : { recent };
}
