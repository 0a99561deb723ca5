/**
 * The temporal accesses the teacher tracks: added from a pasted link, removed, and ended with one
 * click. Each has one state, recorded here from the service's answer (failures too), which every
 * view reads. A second click on End access while the first is under way joins it: a second PATCH
 * would read the service's 422 as "already ended" and could overwrite the recorded invalidation;
 * an access already over is not asked about again, for the same reason.
 */
import pLimit from 'p-limit';
import { accessStanding, runningIn } from '../../../src-shared/accessState';
import type { Clock } from '../../../src-shared/clock';
import { refused } from '../api/apiInput';
import type { ActionInput } from '../api/classTrayApi';
import type { AddAccessResult, EndedAccessView, InvalidateResultView } from './accessView';
import type { DeviceView } from '../classroom/liveStatus';
import type { Logger } from '../logger';
import type { Notebook } from '../settings/accountNotebook';
import type { AccessOutcome, TrackedTemporalAccess } from './accessSettings';
import { connectionProblemOf, isServiceError } from '../service/serviceErrors';
import type { Session } from '../account/sessions';
import { writeChecked } from '../settings/settings';
import { withoutScheduledEnd } from '../scheduledEnds/scheduledEndRules';
import { extractToken, invalidateAccess } from './temporalAccess';
import { NO_TOKEN } from '../classroom/classroomView';
import { accessView } from './accessView';

export interface AccessTrackerOptions {
  clock: Clock;
  log: Logger;
  /** The session in use, once the switches asked so far are done. */
  session: () => Promise<Session>;
  /** The current classroom's devices, which name the accesses' devices. */
  devices: () => readonly DeviceView[];
  /** The tracked list changed: it goes out again. */
  onChange: () => void;
  /** An access's own scheduled end went with it (ended or no longer tracked). */
  onScheduleChange: () => void;
  /** How long an ended access stays listed, from the settings. */
  retentionMs: () => number;
}

/**
 * The notebook without the accesses that ended longer than `retentionMs` ago; true when it
 * cleared any. An access never ended, or whose end failed, stays: only an answer of the service
 * that it is over (ended, already ended, unknown to it) lets it go.
 */
export function clearEnded(notebook: Notebook, now: number, retentionMs: number): boolean {
  const { accesses } = notebook.read();
  const kept = accesses.filter(
    (access) =>
      access.lastOutcome === undefined ||
      !accessStanding(access.lastOutcome).ended ||
      Date.parse(access.lastOutcome.learnedAt) + retentionMs > now,
  );
  if (kept.length === accesses.length) return false;
  writeChecked(() => notebook.write({ accesses: kept }));
  return true;
}

/** Still running: never asked to end (given), or its end failed. */
export const isRunning = (access: TrackedTemporalAccess): boolean =>
  accessStanding(access.lastOutcome ?? { kind: 'given' }).running;

/** Invalidations at once when ending a classroom's accesses. */
export const END_ALL_CONCURRENCY = 3;

export class AccessTracker {
  readonly #options: AccessTrackerOptions;
  /** Invalidations under way, by token. */
  readonly #invalidating = new Map<string, Promise<InvalidateResultView>>();

  constructor(options: AccessTrackerOptions) {
    this.#options = options;
  }

  async add(input: ActionInput<'addTemporalAccess'>): Promise<AddAccessResult> {
    const { linkOrToken, studentName, remoteId } = input;
    const found = extractToken(linkOrToken);
    if ('problem' in found) return { ok: false, problem: found.problem };
    const { notebook } = await this.#options.session();
    clearEnded(notebook, this.#options.clock(), this.#options.retentionMs());
    const { accesses, current } = notebook.read();
    if (accesses.some((access) => access.token === found.token)) {
      return { ok: false, problem: 'already-tracked' };
    }
    const device = this.#options.devices().find((candidate) => candidate.remoteId === remoteId);
    const added = {
      token: found.token,
      ...(studentName ? { label: studentName } : {}),
      ...(remoteId === undefined ? {} : { remoteId }),
      ...(current === null ? {} : { classroomId: current }),
      ...(device?.alias ? { deviceAlias: device.alias } : {}),
      ...(device === undefined ? {} : { has2fa: device.has2fa }),
      addedAt: new Date(this.#options.clock()).toISOString(),
    };
    writeChecked(() => notebook.write({ accesses: [added, ...accesses] }));
    this.#options.onChange();
    // As the notebook keeps it: the student's name as the school's choice keeps it, or none.
    const kept = notebook.read().accesses.find((access) => access.token === added.token) ?? added;
    return { ok: true, access: accessView(kept, this.#options.devices()) };
  }

  /** Clears the accesses ended longer ago than the retention, in the session in use. */
  async clearEnded(): Promise<void> {
    const { notebook } = await this.#options.session();
    const { clock, retentionMs, onChange } = this.#options;
    if (clearEnded(notebook, clock(), retentionMs())) onChange();
  }

  async remove(token: string): Promise<void> {
    const { notebook } = await this.#options.session();
    const accesses = notebook.read().accesses.filter((access) => access.token !== token);
    this.#write(notebook, token, accesses, true);
  }

  /**
   * Ends each access of `tokens` that was given in `classroomId` and still runs, a few at a time
   * so a classroom's worth does not flood the service, and says how each one went. Any other
   * token (not tracked, of another classroom or of none, already over) is skipped: End all never
   * reaches beyond its room, whatever a window sends.
   */
  async endAll(classroomId: string, tokens: readonly string[]): Promise<EndedAccessView[]> {
    const { notebook } = await this.#options.session();
    const tracked = new Set(
      runningIn(notebook.read().accesses, classroomId).map((access) => access.token),
    );
    const limit = pLimit(END_ALL_CONCURRENCY);
    return Promise.all(
      [...new Set(tokens)]
        .filter((token) => tracked.has(token))
        .map((token) => limit(async () => ({ token, result: await this.invalidate(token) }))),
    );
  }

  /**
   * Ends every access of the account in use that still runs, whatever its classroom (or none):
   * Erase's "end them first". Each outcome is recorded as End access records it.
   */
  async endEveryRunning(): Promise<EndedAccessView[]> {
    const { notebook } = await this.#options.session();
    const limit = pLimit(END_ALL_CONCURRENCY);
    return Promise.all(
      notebook
        .read()
        .accesses.filter(isRunning)
        .map(({ token }) => limit(async () => ({ token, result: await this.invalidate(token) }))),
    );
  }

  /**
   * Drops every access that is over, with any end scheduled for one no longer tracked, and keeps
   * each one still running, by device (its student's name goes with the names): Erase never
   * takes an access out of the teacher's reach while it can still be used. How many it kept.
   */
  async keepOnlyRunning(): Promise<number> {
    const { notebook } = await this.#options.session();
    const { accesses, scheduledEnds } = notebook.read();
    const kept = accesses.filter(isRunning).map(({ label: _name, ...byDevice }) => byDevice);
    const tokens = new Set(kept.map(({ token }) => token));
    const ends = scheduledEnds.filter(
      (end) => !('token' in end.target) || tokens.has(end.target.token),
    );
    writeChecked(() => notebook.write({ accesses: kept, scheduledEnds: ends }));
    this.#options.onChange();
    if (ends.length !== scheduledEnds.length) this.#options.onScheduleChange();
    return kept.length;
  }

  invalidate(token: string): Promise<InvalidateResultView> {
    const running = this.#invalidating.get(token);
    if (running) return running;
    const invalidation = this.#invalidate(token).finally(() => this.#invalidating.delete(token));
    this.#invalidating.set(token, invalidation);
    return invalidation;
  }

  async #invalidate(token: string): Promise<InvalidateResultView> {
    const session = await this.#options.session();
    const tracked = session.notebook.read().accesses.find((access) => access.token === token);
    if (tracked === undefined) {
      throw refused('accessNotListed', {});
    }
    const { warnNo2fa } = accessView(tracked, this.#options.devices());
    if (tracked.lastOutcome !== undefined && accessStanding(tracked.lastOutcome).ended) {
      return { ...structuredClone(tracked.lastOutcome), warnNo2fa };
    }
    const lastOutcome = await this.#ask(session, token);
    // The session may have changed while the service answered: record it where it was tracked.
    const accesses = session.notebook
      .read()
      .accesses.map((access) => (access.token === token ? { ...access, lastOutcome } : access));
    // A failed end keeps its scheduled end, which tries again.
    this.#write(session.notebook, token, accesses, accessStanding(lastOutcome).ended);
    return { ...lastOutcome, warnNo2fa };
  }

  /** Asks the service to end the access: its answer, or why there was none, as a state. */
  async #ask(session: Session, token: string): Promise<AccessOutcome> {
    const { clock } = this.#options;
    const learned = () => new Date(clock()).toISOString();
    const client = session.client;
    if (client === undefined) return { kind: 'failed', problem: NO_TOKEN, learnedAt: learned() };
    try {
      const outcome = await invalidateAccess(
        token,
        (accessToken) => client.invalidate(accessToken),
        (error) => isServiceError(error, 'already-ended'),
      );
      return outcome.kind === 'invalidated'
        ? { kind: 'invalidated', sessionExpiresAt: outcome.sessionExpiresAt, learnedAt: learned() }
        : { kind: 'already-ended', learnedAt: learned() };
    } catch (error) {
      if (isServiceError(error, 'access-not-found'))
        return { kind: 'unknown', learnedAt: learned() };
      const problem = connectionProblemOf(error, this.#options.log, 'Ending an access');
      return { kind: 'failed', problem, learnedAt: learned() };
    }
  }

  /**
   * Writes the tracked list after `token`'s state changed or it left the list; once it is `over`
   * (ended or gone), without the end scheduled for that access, so no "ends at" is left on an
   * access that has nothing left to end.
   */
  #write(
    notebook: Notebook,
    token: string,
    accesses: TrackedTemporalAccess[],
    over: boolean,
  ): void {
    const { scheduledEnds } = notebook.read();
    const kept = over ? withoutScheduledEnd(scheduledEnds, { token }) : [...scheduledEnds];
    const scheduleChanged = kept.length !== scheduledEnds.length;
    writeChecked(() =>
      notebook.write({ accesses, ...(scheduleChanged ? { scheduledEnds: kept } : {}) }),
    );
    this.#options.onChange();
    if (scheduleChanged) this.#options.onScheduleChange();
  }
}
