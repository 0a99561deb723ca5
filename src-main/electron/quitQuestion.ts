/**
 * Quitting with accesses still running: ClassTray asks before it goes ("3 accesses are still
 * running in Lab 3": End them now / Keep them running / Cancel), or does what the teacher or the
 * school chose instead (the preference and policy key RunningAccessesOnQuit: ask, end or keep).
 * An access kept stays tracked: the next start lists it again, with its End and its scheduled end.
 *
 * Electron (45) emits 'before-quit' before it closes any window, for the tray's Quit (app.quit())
 * and for a quit from the OS (macOS's Cmd+Q, the Dock); preventing it stops the quit, and this
 * module quits again once decided. It runs before closeBeforeQuit's 'will-quit' (quitting.ts),
 * while the core is still open to end accesses. Windows does not emit it at shutdown, restart
 * or logoff: the accesses then stay tracked, as kept ones do (docs/teachers.md).
 *
 * Never a hang: reading the state and ending are each bounded (END_TIME_BOX_MS); what could not
 * be ended in time is said, and the teacher may quit anyway.
 */
import type { App, MessageBoxOptions, MessageBoxReturnValue } from 'electron';
import { accessStanding, type AccessStateShape } from '../../src-shared/accessState';
import type { RunningOnQuit } from '../../src-shared/leaving';
import type { ClassTrayState } from '../core/api/classTrayApi';
import type { ClassTray } from '../core/classTray';
import type { Labels } from './mainSentences';
import { roomLabel } from './tray/trayState';

/** How long ending the running accesses may take before the quit goes on without them. */
export const END_TIME_BOX_MS = 10_000;

export interface QuitQuestionOptions {
  app: Pick<App, 'on' | 'quit'>;
  /** The core: its state, and its one way of ending accesses (End all, End access). */
  classTray: Pick<ClassTray, 'getState' | 'endAccesses' | 'invalidateTemporalAccess'>;
  /** The sentences in the teacher's language, and that language (for the list of rooms). */
  text: (state: ClassTrayState) => { labels: Labels; locale: string };
  /**
   * The question: Electron's dialog.showMessageBox without a parent window. A native box, not
   * the window: it shows while the window is hidden or never loaded (the tray's Quit is the usual
   * way), and needs no page that is itself closing.
   */
  ask: (box: MessageBoxOptions) => Promise<MessageBoxReturnValue>;
  log: { info(message: string): void; warn(message: string): void };
  timeBoxMs?: number;
}

/** The accesses running in one room (null: given before ClassTray kept their room). */
interface RoomRunning {
  classroomId: string | null;
  tokens: string[];
}

/** Every running access of the account in use, by room, the room with the most first. */
export function runningByRoom(state: ClassTrayState): RoomRunning[] {
  const rooms = new Map<string | null, string[]>();
  for (const access of state.temporalAccesses) {
    if (!accessStanding(access.state).running) continue;
    rooms.set(access.classroomId, [...(rooms.get(access.classroomId) ?? []), access.token]);
  }
  return [...rooms]
    .map(([classroomId, tokens]) => ({ classroomId, tokens }))
    .sort((a, b) => b.tokens.length - a.tokens.length);
}

export interface QuitQuestion {
  /** A quit that must not be asked about (the update's restart: ClassTray starts again at once). */
  letQuit(): void;
}

export function askBeforeQuit(options: QuitQuestionOptions): QuitQuestion {
  const { app, log } = options;
  let stage: 'running' | 'asking' | 'decided' = 'running';
  app.on('before-quit', (event) => {
    if (stage === 'decided') return;
    event.preventDefault();
    // A second Quit while the question is open waits for its answer.
    if (stage === 'asking') return;
    stage = 'asking';
    decide(options)
      .catch((error: unknown) => {
        log.warn(`Asking about running accesses failed: ${String(error)}; quitting.`);
        return true;
      })
      .then((quit) => {
        stage = quit ? 'decided' : 'running';
        if (quit) app.quit();
      })
      .catch(() => undefined);
  });
  return {
    letQuit: () => {
      stage = 'decided';
    },
  };
}

/** Whether to quit: after the question, or the rule the teacher or school set. */
async function decide(options: QuitQuestionOptions): Promise<boolean> {
  const { classTray, log, ask } = options;
  const timeBoxMs = options.timeBoxMs ?? END_TIME_BOX_MS;
  const state = await within(classTray.getState(), timeBoxMs);
  if (state === 'timed-out') {
    log.warn(`The state was not read within ${timeBoxMs / 1000} s: quitting without asking.`);
    return true;
  }
  const rooms = runningByRoom(state);
  const count = rooms.reduce((sum, room) => sum + room.tokens.length, 0);
  if (count === 0) return true;
  const rule: RunningOnQuit = state.preferences.runningAccessesOnQuit;
  const { labels, locale } = options.text(state);
  if (rule === 'keep') {
    log.info(`Quitting with ${count} accesses running, kept (the rule is 'keep').`);
    return true;
  }
  if (rule === 'ask') {
    const names = rooms.map((room) => {
      const name =
        room.classroomId === null
          ? labels.roomNotRecorded
          : roomLabel(room.classroomId, state, labels);
      return rooms.length === 1 ? name : `${name} (${room.tokens.length})`;
    });
    const where = new Intl.ListFormat(locale, { type: 'conjunction' }).format(names);
    const { response } = await ask({
      type: 'question',
      title: 'ClassTray',
      message: labels.quitRunning(count, where),
      detail: labels.quitDetail,
      buttons: [labels.quitEndNow, labels.quitKeep, labels.quitCancel],
      // Enter ends them: the teacher is leaving, and an access left running is the harm this
      // app exists to prevent. Esc (and closing the box) cancels the quit.
      defaultId: 0,
      cancelId: 2,
      noLink: true,
    });
    if (response === 2) return false;
    if (response === 1) {
      log.info(`Quitting with ${count} accesses running, kept by the teacher.`);
      return true;
    }
  }
  const notEnded = await endAll(classTray, rooms, timeBoxMs);
  log.info(`Quitting: ended ${count - notEnded} of ${count} running accesses.`);
  if (notEnded === 0) return true;
  const { response } = await ask({
    type: 'warning',
    title: 'ClassTray',
    message: labels.quitNotEnded(notEnded),
    detail: labels.quitNotEndedDetail,
    buttons: [labels.quitAnyway, labels.quitCancel],
    defaultId: 0,
    cancelId: 1,
    noLink: true,
  });
  return response === 0;
}

/**
 * Ends them through the core's own paths: each room's End all, End access for one without a
 * room. Returns how many were not ended within the time box (the service refused, the
 * connection failed, or no answer came).
 */
async function endAll(
  classTray: QuitQuestionOptions['classTray'],
  rooms: readonly RoomRunning[],
  timeBoxMs: number,
): Promise<number> {
  const ended = new Set<string>();
  const record = (token: string, result: AccessStateShape) => {
    if (accessStanding(result).ended) ended.add(token);
  };
  const all = rooms.map(async ({ classroomId, tokens }) => {
    if (classroomId === null) {
      await Promise.all(
        tokens.map(async (token) =>
          record(token, await classTray.invalidateTemporalAccess({ token })),
        ),
      );
      return;
    }
    for (const { token, result } of await classTray.endAccesses({ classroomId, tokens })) {
      record(token, result);
    }
  });
  // A failure of one room is counted as not ended, never thrown past the question.
  await within(Promise.allSettled(all), timeBoxMs);
  return rooms.reduce((sum, room) => sum + room.tokens.length, 0) - ended.size;
}

async function within<T>(work: Promise<T>, timeBoxMs: number): Promise<T | 'timed-out'> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timed-out'>((resolve) => {
    timer = setTimeout(() => resolve('timed-out'), timeBoxMs);
  });
  try {
    return await Promise.race([work, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}
