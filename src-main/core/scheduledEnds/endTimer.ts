/**
 * The scheduled ends of the session in use ("End at 10:50"), fired at their time. One timer, for
 * the soonest, that never waits more than MAX_WAIT_MS before it reads the clock again: a change
 * of the wall clock or a sleep the host did not report neither makes an end missed nor makes it
 * wait for days (and Node's timers cannot wait past 2^31 ms anyway). An end whose time passed
 * while ClassTray was closed or the computer slept runs at once on start or resume, and its
 * report says how late it ran.
 *
 * With the 'end-at-sleep' rule (the teacher's or the school's, docs/decisions.md), every pending
 * end runs when the computer goes to sleep instead, early, and its report says so.
 *
 * An end leaves the schedule once it ran, unless an access it ended failed for the connection:
 * then it stays and is tried again every RETRY_MS until every access ended. What a run learns is
 * kept only in the notebook of the session the end belongs to: a run during which the session
 * switched keeps nothing and reports nothing, and the end runs when its session is back. The
 * reports are the account's: another account's session starts with none.
 */
import { RETRIED_PROBLEMS, accessStanding, runningIn } from '../../../src-shared/accessState';
import type { Clock } from '../../../src-shared/clock';
import { ApiInputError } from '../api/apiInput';
import type { EndedAccessView, InvalidateResultView } from '../accesses/accessView';
import type { ScheduledEndRunView } from './scheduledEndsView';
import type { Logger } from '../logger';
import type { Timers } from '../classroom/refreshSchedule';
import { stateOf } from '../accesses/accessView';
import type { Session } from '../account/sessions';
import type { ScheduledEnd, ScheduleTarget } from './scheduledEndSettings';
import { scheduledEndKey, scheduleTargetKey } from '../../../src-shared/scheduleTarget';

/** The longest one timer waits before the clock is read again. */
export const MAX_WAIT_MS = 60_000;
/** How soon an end that could not reach the service is tried again. */
export const RETRY_MS = 30_000;
/** The reports the state keeps, newest first. */
export const KEPT_RUNS = 5;

/** What ends accesses (the AccessTracker): it joins an invalidation already under way. */
export interface AccessEnder {
  invalidate(token: string): Promise<InvalidateResultView>;
  endAll(classroomId: string, tokens: readonly string[]): Promise<EndedAccessView[]>;
}

export interface EndScheduleOptions {
  clock: Clock;
  timers: Timers;
  log: Logger;
  accesses: AccessEnder;
  /** The schedule or its reports changed: they go out again. */
  onChange: () => void;
}

const sameEnd = (a: ScheduledEnd, b: ScheduledEnd): boolean =>
  scheduledEndKey(a) === scheduledEndKey(b);

export class EndTimer {
  readonly #options: EndScheduleOptions;
  #session: Session | undefined;
  #ran: ScheduledEndRunView[] = [];
  /** Ends tried that are to be tried again, by target: the end tried, and when. */
  readonly #retries = new Map<string, { end: ScheduledEnd; retryAt: number }>();
  #handle: unknown;
  #running: Promise<void> | undefined;
  /** The ends run as the computer went to sleep, until each answered or failed. */
  #atSleep: Promise<void> | undefined;
  #suspended = false;
  #stopped = false;
  /** The schedule changed under a run: it goes out when the run is done. */
  #changedInRun = false;

  constructor(options: EndScheduleOptions) {
    this.#options = options;
  }

  /**
   * The runs of this session, newest first. A report stops saying "retrying" once its end left
   * the schedule some other way (the access ended by hand or left the list).
   */
  get ran(): ScheduledEndRunView[] {
    const pending = this.#session?.notebook.read().scheduledEnds ?? [];
    return this.#ran.map((run) =>
      run.retrying && !pending.some((end) => sameEnd(end, run.scheduled))
        ? { ...run, retrying: false }
        : run,
    );
  }

  /**
   * A session opened: its ends are the ones kept, and those already past their time run now. The
   * same account opened again (reconnected, a new token) keeps its reports: one that ran at
   * start-up must not vanish when the host connects right after.
   */
  start(session: Session): void {
    if (this.#session === undefined || accountOf(this.#session) !== accountOf(session)) {
      this.#ran = [];
      this.#retries.clear();
    }
    this.#session = session;
    this.changed();
  }

  /** An end was set or cancelled: the schedule goes out, and the timer follows it. */
  changed(): void {
    this.#options.onChange();
    this.#arm();
  }

  /**
   * An access's own end left with it (ended or untracked). Under a run it goes out with the run's
   * report, never before it: the window would show the earlier "failed" report as settled.
   */
  accessEnded(): void {
    if (this.#running) this.#changedInRun = true;
    else this.changed();
  }

  /** The teacher dismissed the report of this end: no window shows it again. */
  dismiss(end: ScheduledEnd): void {
    const report = this.#ran.find((run) => sameEnd(run.scheduled, end));
    if (report === undefined || report.dismissed) return;
    this.#ran = this.#ran.map((run) => (run === report ? { ...run, dismissed: true } : run));
    this.#options.onChange();
  }

  /**
   * The computer goes to sleep: nothing fires until resume(). With `endNow` (the 'end-at-sleep'
   * rule) every pending end runs first, whatever its time: how long the sleep lasts cannot be
   * known. All of its requests leave at once, not a few at a time as End all sends them: the
   * system gives a suspending app little time (Electron's 'suspend' is a notice, not a delay),
   * and what is guaranteed is only that the requests were sent; an answer that comes after the
   * wake is recorded then, and an end the connection failed is tried again on wake.
   */
  suspend(endNow = false): void {
    if (endNow) this.#runAtSleep();
    this.#suspended = true;
    this.#cancel();
  }

  /** Awake: what came due while asleep runs now. */
  resume(): void {
    this.#suspended = false;
    this.#arm();
  }

  stop(): void {
    this.#stopped = true;
    this.#cancel();
  }

  /** Resolves once no run is under way, nor one that came due while another ran. */
  async settled(): Promise<void> {
    while (this.#running ?? this.#atSleep) await (this.#running ?? this.#atSleep);
  }

  #arm(): void {
    this.#cancel();
    const session = this.#session;
    if (session === undefined || this.#stopped || this.#suspended) return;
    if (this.#running ?? this.#atSleep) return;
    const dueTimes = session.notebook.read().scheduledEnds.map((end) => this.#dueAt(end));
    if (dueTimes.length === 0) return;
    const wait = Math.min(...dueTimes) - this.#options.clock();
    if (wait <= 0) {
      this.#run(session);
      return;
    }
    this.#handle = this.#options.timers.setTimeout(
      () => {
        this.#handle = undefined;
        this.#run(session);
      },
      Math.min(wait, MAX_WAIT_MS),
    );
  }

  #cancel(): void {
    if (this.#handle !== undefined) this.#options.timers.clearTimeout(this.#handle);
    this.#handle = undefined;
  }

  #dueAt(end: ScheduledEnd): number {
    const retry = this.#retries.get(scheduleTargetKey(end.target));
    return retry !== undefined && sameEnd(retry.end, end) ? retry.retryAt : Date.parse(end.at);
  }

  #run(session: Session): void {
    this.#running = this.#runDue(session)
      .catch((error: unknown) => this.#options.log.error('Running scheduled ends failed', error))
      .finally(() => {
        this.#running = undefined;
        if (this.#changedInRun) this.#options.onChange();
        this.#changedInRun = false;
        this.#arm();
      });
  }

  /** Every pending end of the session, now, at once: the computer is going to sleep. */
  #runAtSleep(): void {
    const session = this.#session;
    if (session === undefined || this.#stopped || this.#atSleep) return;
    const pending = session.notebook.read().scheduledEnds;
    if (pending.length === 0) return;
    const retryAt = this.#options.clock() + RETRY_MS;
    for (const end of pending) this.#retries.set(scheduleTargetKey(end.target), { end, retryAt });
    this.#atSleep = Promise.all(pending.map((end) => this.#runOne(session, end, true)))
      .then(() => undefined)
      .catch((error: unknown) => this.#options.log.error('Ending at sleep failed', error))
      .finally(() => {
        this.#atSleep = undefined;
        this.#arm();
      });
  }

  /** Runs the ends due now, soonest first, one after another. */
  async #runDue(session: Session): Promise<void> {
    const { clock } = this.#options;
    const now = clock();
    const due = session.notebook.read().scheduledEnds.filter((end) => this.#dueAt(end) <= now);
    for (const end of due) {
      if (this.#session !== session || this.#stopped || this.#suspended) return;
      // An earlier end of this pass may have taken this one along (its access ended).
      if (!session.notebook.read().scheduledEnds.some((pending) => sameEnd(pending, end))) {
        continue;
      }
      // Set first, so an end whose run fails unexpectedly is not run again at once, forever.
      this.#retries.set(scheduleTargetKey(end.target), { end, retryAt: clock() + RETRY_MS });
      await this.#runOne(session, end);
    }
  }

  async #runOne(session: Session, end: ScheduledEnd, atSleep = false): Promise<void> {
    const { clock, log, onChange } = this.#options;
    const ranAt = clock();
    const ended = await this.#end(session, end, atSleep);
    if (this.#session !== session) return;
    if (ended === undefined) {
      log.info(
        `Scheduled end of ${described(end.target)} dropped: the access already ended or left the list.`,
      );
      this.#unschedule(session, end);
      onChange();
      return;
    }
    const retrying = ended.some(
      ({ result }) => result.kind === 'failed' && RETRIED_PROBLEMS.has(result.problem.kind),
    );
    if (!retrying) this.#unschedule(session, end);
    const lateMinutes = Math.max(0, Math.floor((ranAt - Date.parse(end.at)) / 60_000));
    this.#report({
      scheduled: structuredClone(end),
      ranAt: new Date(ranAt).toISOString(),
      lateMinutes,
      ended,
      retrying,
      ...(atSleep ? { atSleep: true as const } : {}),
    });
    const when = atSleep ? 'at sleep' : lateMinutes === 0 ? 'on time' : `${lateMinutes} min late`;
    log.info(
      `Scheduled end of ${described(end.target)} at ${end.at} ran ${when}: ${summary(ended)}${
        retrying ? `; trying again in ${RETRY_MS / 1000} s` : ''
      }.`,
    );
    onChange();
  }

  /** Ends the end's accesses; undefined for an access end with nothing left to end. */
  async #end(
    session: Session,
    { target }: ScheduledEnd,
    allAtOnce: boolean,
  ): Promise<EndedAccessView[] | undefined> {
    const { accesses } = session.notebook.read();
    if ('token' in target) {
      const token = target.token.toLowerCase();
      const access = accesses.find((candidate) => candidate.token.toLowerCase() === token);
      if (access === undefined || !accessStanding(stateOf(access)).running) return undefined;
      try {
        return [{ token: access.token, result: await this.#options.accesses.invalidate(token) }];
      } catch (error) {
        // It left the list just now.
        if (error instanceof ApiInputError) return undefined;
        throw error;
      }
    }
    // Every access given in the classroom and still running now, also those added after the end
    // was set; none without a recorded classroom (endAll skips any other).
    const running = runningIn(accesses, target.classroomId);
    if (allAtOnce) {
      // The same accesses End all would reach (runningIn), each through the tracker's one
      // invalidation per token.
      return Promise.all(
        running.map(async ({ token }) => ({
          token,
          result: await this.#options.accesses.invalidate(token),
        })),
      );
    }
    return this.#options.accesses.endAll(
      target.classroomId,
      running.map((access) => access.token),
    );
  }

  /** Takes the end off its session's schedule (not one set again since for the same target). */
  #unschedule(session: Session, end: ScheduledEnd): void {
    this.#retries.delete(scheduleTargetKey(end.target));
    const { scheduledEnds } = session.notebook.read();
    const kept = scheduledEnds.filter((pending) => !sameEnd(pending, end));
    if (kept.length === scheduledEnds.length) return;
    try {
      session.notebook.write({ scheduledEnds: kept });
    } catch (error) {
      this.#options.log.error(
        'A scheduled end that ran could not be taken off the schedule',
        error,
      );
    }
  }

  /**
   * A later attempt of the same end replaces its report, keeping what the earlier one ended; one
   * dismissed stays so while it still retries (nothing new to say), and shows again once done.
   */
  #report(run: ScheduledEndRunView): void {
    const earlier = this.#ran.find((report) => sameEnd(report.scheduled, run.scheduled));
    const tried = new Set(run.ended.map(({ token }) => token));
    const ended = [
      ...(earlier?.ended ?? []).filter(({ token }) => !tried.has(token)),
      ...run.ended,
    ];
    const stillDismissed = earlier?.dismissed === true && run.retrying;
    this.#ran = [
      { ...run, ended, ...(stillDismissed ? { dismissed: true as const } : {}) },
      ...this.#ran.filter((report) => report !== earlier),
    ].slice(0, KEPT_RUNS);
  }
}

/** Which notebook a session writes: the demo's, or the settings of the service at this URL. */
const accountOf = (session: Session): string =>
  session.mode === 'demo' ? 'demo' : `service ${session.serviceUrl}`;

/** Names the target in a log line: never a whole access token. */
function described(target: ScheduleTarget): string {
  return 'token' in target
    ? `access ${target.token.slice(0, 8)}…`
    : `classroom ${JSON.stringify(target.classroomId)}`;
}

/** "2 invalidated, 1 failed (network)", or that none was running. */
function summary(ended: readonly EndedAccessView[]): string {
  if (ended.length === 0) return 'no access was running';
  const counts = new Map<string, number>();
  for (const { result } of ended) {
    const kind = result.kind === 'failed' ? `failed (${result.problem.kind})` : result.kind;
    counts.set(kind, (counts.get(kind) ?? 0) + 1);
  }
  return [...counts].map(([kind, count]) => `${count} ${kind}`).join(', ');
}
