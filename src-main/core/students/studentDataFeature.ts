/**
 * The student data's rules in the core: names forgotten when their time comes (a timer, and on
 * start, wake and refresh), a stricter choice followed at once, names an older version left in
 * the settings file moved out, and the teacher's Forget, Erase and Export.
 */
import { isDeepStrictEqual } from 'node:util';
import type { ActionInput } from '../api/classTrayApi';
import type { AccessTracker } from '../accesses/accessTracker';
import { isRunning } from '../accesses/accessTracker';
import type { CoreContext, Feature } from '../feature';
import type { DeepReadonly, Settings } from '../settings/settingsSchema';
import { studentDataExport } from './studentDataExport';
import type { ErasedView, StudentDataView } from './studentDataView';
import type { StudentNames } from './studentNames';

/** A timer waits at most this long, then looks again (a clock changed, a long retention). */
const LONGEST_WAIT_MS = 3_600_000;

export type StudentDataFeature = Feature<
  'forgetStudentNames' | 'eraseStudentData' | 'exportStudentData',
  'studentData'
>;

export function studentDataFeature(
  core: Pick<
    CoreContext,
    'clock' | 'timers' | 'log' | 'settings' | 'dataDir' | 'emit' | 'sessions'
  >,
  options: {
    names: StudentNames;
    /** What ends the accesses still running, and keeps them when they are not ended. */
    accesses: AccessTracker;
    /** Names changed: the accesses go out again. */
    accessesChanged: () => void;
    /** The tracked accesses were erased: they and their ends go out again. */
    accessesErased: () => void;
  },
): StudentDataFeature {
  const { clock, timers, settings, log } = core;
  const { names } = options;
  let timer: unknown;
  let asleep = false;

  const view = (): StudentDataView => {
    const next = names.nextForgetAt();
    return {
      protection: names.protection,
      names: names.all().length,
      nextForgetAt: next === null ? null : new Date(next).toISOString(),
    };
  };
  const show = () => core.emit({ type: 'student-data', studentData: view() });
  const rules = () => settings.get().studentData;

  /** Forgets what is due (the accesses go out again without them), and waits for the next. */
  const tidy = (): void => {
    if (names.tidy()) options.accessesChanged();
    wait();
  };
  const wait = (): void => {
    if (timer !== undefined) timers.clearTimeout(timer);
    timer = undefined;
    const next = names.nextForgetAt();
    if (next === null || asleep) return;
    const ms = Math.min(Math.max(0, next - clock()), LONGEST_WAIT_MS);
    timer = timers.setTimeout(() => {
      timer = undefined;
      tidy();
    }, ms);
  };

  // Every change of the names kept (typed, forgotten, shortened): the count goes out, and the
  // timer waits for the next one due.
  names.onChange(() => {
    show();
    wait();
  });

  /** Names an older version kept in the settings file go to students.json, and leave it. */
  const moveOldNames = (): void => {
    const { temporalAccesses } = settings.get();
    if (!temporalAccesses.some((access) => access.label !== undefined)) return;
    for (const { token, label, addedAt } of temporalAccesses) {
      if (label !== undefined) names.keep(token, label, Date.parse(addedAt));
    }
    settings.update({
      temporalAccesses: temporalAccesses.map(({ label: _label, ...byDevice }) => byDevice),
    });
    log.info('Student names moved from the settings file to the student names file.');
  };

  /** The settings file's accesses that are over go, and their ends with them. */
  const keepOnlyRunningInSettings = (): void => {
    const { temporalAccesses, scheduledEnds } = settings.get();
    const kept = temporalAccesses.filter(isRunning);
    const tokens = new Set(kept.map(({ token }) => token));
    settings.update({
      temporalAccesses: kept,
      scheduledEnds: scheduledEnds.filter(
        (end) => !('token' in end.target) || tokens.has(end.target.token),
      ),
    });
  };

  return {
    actions: {
      async forgetStudentNames() {
        const forgotten = names.forgetAll();
        options.accessesChanged();
        await forgotten;
      },
      /**
       * Every name, and every access that is over, go; an access still running never leaves
       * the teacher's reach: it is ended first when the teacher chose so, and whatever still
       * runs after (kept by choice, or its end failed) stays tracked by device, with its End.
       */
      async eraseStudentData({ running }: ActionInput<'eraseStudentData'>): Promise<ErasedView> {
        const { accesses } = options;
        const outcomes = running === 'end' ? await accesses.endEveryRunning() : [];
        const notEnded = outcomes.filter(({ result }) => result.kind === 'failed').length;
        const kept = await accesses.keepOnlyRunning();
        // The demo's notebook is in memory: the settings file's accesses follow the same rule.
        if (core.sessions.current?.mode === 'demo') keepOnlyRunningInSettings();
        const forgotten = names.forgetAll();
        options.accessesErased();
        await forgotten;
        return { ended: outcomes.length - notEnded, notEnded, kept };
      },
      exportStudentData: async ({ language }) => {
        const { temporalAccesses, scheduledEnds } = settings.get();
        return studentDataExport({
          now: clock(),
          language,
          dataDir: core.dataDir,
          names,
          rules: rules(),
          accesses: temporalAccesses,
          scheduledEnds,
        });
      },
    },
    views: { studentData: view },
    async start() {
      await names.load();
      moveOldNames();
      tidy();
    },
    sessionOpened: tidy,
    settingsChanged(before: DeepReadonly<Settings>) {
      if (isDeepStrictEqual(before.studentData, rules())) return;
      // The retention changed when each is due, a stricter choice what is kept.
      tidy();
      show();
    },
    refresh() {
      tidy();
      return Promise.resolve();
    },
    suspend() {
      asleep = true;
      wait();
    },
    resume() {
      asleep = false;
      tidy();
    },
    stop() {
      asleep = true;
      wait();
      return names.close();
    },
  };
}
