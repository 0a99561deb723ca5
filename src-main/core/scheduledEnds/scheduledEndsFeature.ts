/**
 * ends/: the scheduled ends ("End at 10:50"), kept in the notebook (scheduledEndRules.ts: the
 * list's rules and checks) and fired at their time, late ones on start and wake (endTimer.ts);
 * this file plugs them into the core: scheduling and cancelling an end.
 */
import { scheduleTargetKey } from '../../../src-shared/scheduleTarget';
import type { ClassTrayHostControls } from '../api/hostApi';
import { scheduledEndsView } from './scheduledEndsView';
import type { CoreContext, Feature } from '../feature';
import type { AccessEnder } from './endTimer';
import { EndTimer } from './endTimer';
import type { ScheduledEnd } from './scheduledEndSettings';
import { checkScheduledEnd, withScheduledEnd, withoutScheduledEnd } from './scheduledEndRules';

export interface ScheduledEndsFeature
  extends
    Feature<'scheduleEnd' | 'cancelScheduledEnd' | 'dismissScheduledEndReport', 'scheduledEnds'>,
    Pick<ClassTrayHostControls, 'scheduledEndsSettled'> {
  /** The schedule changed elsewhere (the timetable set a bell): out it goes, the timer follows. */
  changed(): void;
  /** An access's own end left with it. */
  accessEnded(): void;
}

export function scheduledEndsFeature(
  core: Pick<CoreContext, 'clock' | 'timers' | 'log' | 'sessions' | 'emit' | 'settings'>,
  options: {
    accesses: AccessEnder;
    /** The schedule went out: what depends on it (the timetable's bells) follows. */
    scheduleShown: () => void;
    /** The teacher cancelled this end. */
    cancelled: (end: ScheduledEnd) => void;
  },
): ScheduledEndsFeature {
  const { clock, sessions } = core;
  const view = () => scheduledEndsView(sessions.current?.notebook.read(), ends.ran);
  const ends: EndTimer = new EndTimer({
    clock,
    timers: core.timers,
    log: core.log.child('scheduled-end'),
    accesses: options.accesses,
    onChange: () => {
      core.emit({ type: 'scheduled-ends', scheduledEnds: view() });
      options.scheduleShown();
    },
  });
  return {
    actions: {
      async scheduleEnd(end) {
        await sessions.writeNotebook((contents) => {
          checkScheduledEnd(contents, end, clock());
          return { scheduledEnds: withScheduledEnd(contents.scheduledEnds, end) };
        });
        ends.changed();
      },
      async cancelScheduledEnd({ target }) {
        const key = scheduleTargetKey(target);
        const cancelled = sessions.current?.notebook
          .read()
          .scheduledEnds.find((end) => scheduleTargetKey(end.target) === key);
        await sessions.writeNotebook(({ scheduledEnds }) => ({
          scheduledEnds: withoutScheduledEnd(scheduledEnds, target),
        }));
        if (cancelled !== undefined) options.cancelled(cancelled);
        ends.changed();
      },
      dismissScheduledEndReport: async (end) => ends.dismiss(end),
    },
    views: { scheduledEnds: view },
    changed: () => ends.changed(),
    accessEnded: () => ends.accessEnded(),
    sessionOpened: (session) => ends.start(session),
    // The rule the teacher or the school chose (preferences.ts): read at the moment of sleep.
    suspend: () => ends.suspend(core.settings.get().endsDuringSleep === 'end-at-sleep'),
    resume: () => ends.resume(),
    stop: () => ends.stop(),
    scheduledEndsSettled: () => ends.settled(),
  };
}
