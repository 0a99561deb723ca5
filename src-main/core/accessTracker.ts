/**
 * The temporal accesses the teacher tracks: added from a pasted link, removed, and ended with one
 * click. A second click on Invalidate while the first is under way joins it: a second PATCH
 * would read the service's 422 as "already ended" and could overwrite the recorded invalidation.
 */
import pLimit from 'p-limit';
import type { Clock } from '../../src-shared/clock';
import { refused } from './apiInput';
import type {
  ActionInput,
  AddAccessResult,
  EndedAccessView,
  InvalidateResultView,
} from './classTrayApi';
import type { DeviceView } from './liveStatus';
import type { Logger } from './logger';
import type { Notebook } from './notebook';
import type { TrackedTemporalAccess } from './settings';
import { connectionProblemOf, isServiceError } from './serviceErrors';
import type { Session } from './sessions';
import { writeChecked } from './sessions';
import { withoutScheduledEnd } from './scheduledEnds';
import { extractToken, invalidateAccess } from './temporalAccess';
import { NO_TOKEN, accessView } from './views';

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
 * cleared any. An access never ended, or whose end failed, stays: only an end the service
 * confirmed lets it go.
 */
export function clearEnded(notebook: Notebook, now: number, retentionMs: number): boolean {
  const { accesses } = notebook.read();
  const kept = accesses.filter(
    (access) =>
      access.lastOutcome === undefined ||
      Date.parse(access.lastOutcome.learnedAt) + retentionMs > now,
  );
  if (kept.length === accesses.length) return false;
  writeChecked(() => notebook.write({ accesses: kept }));
  return true;
}

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
    const { linkOrToken, label, remoteId } = input;
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
      ...(label ? { label } : {}),
      ...(remoteId === undefined ? {} : { remoteId }),
      ...(current === null ? {} : { classroomId: current }),
      ...(device?.alias ? { deviceAlias: device.alias } : {}),
      ...(device === undefined ? {} : { has2fa: device.has2fa }),
      addedAt: new Date(this.#options.clock()).toISOString(),
    };
    writeChecked(() => notebook.write({ accesses: [added, ...accesses] }));
    this.#options.onChange();
    return { ok: true, access: accessView(added, this.#options.devices()) };
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
    this.#write(notebook, token, accesses);
  }

  /**
   * Ends each tracked access of `tokens` (one not in the list is skipped), a few at a time so a
   * classroom's worth does not flood the service, and says how each one went.
   */
  async endAll(tokens: readonly string[]): Promise<EndedAccessView[]> {
    const { notebook } = await this.#options.session();
    const tracked = new Set(notebook.read().accesses.map((access) => access.token));
    const limit = pLimit(END_ALL_CONCURRENCY);
    return Promise.all(
      [...new Set(tokens)]
        .filter((token) => tracked.has(token))
        .map((token) => limit(async () => ({ token, result: await this.invalidate(token) }))),
    );
  }

  invalidate(token: string): Promise<InvalidateResultView> {
    const running = this.#invalidating.get(token);
    if (running) return running;
    const invalidation = this.#invalidate(token).finally(() => this.#invalidating.delete(token));
    this.#invalidating.set(token, invalidation);
    return invalidation;
  }

  async #invalidate(token: string): Promise<InvalidateResultView> {
    const { clock } = this.#options;
    const session = await this.#options.session();
    const tracked = session.notebook.read().accesses.find((access) => access.token === token);
    if (tracked === undefined) {
      throw refused('accessNotListed', {});
    }
    const { warnNo2fa } = accessView(tracked, this.#options.devices());
    const client = session.client;
    if (client === undefined) return { kind: 'failed', problem: NO_TOKEN };
    let outcome;
    try {
      outcome = await invalidateAccess(
        token,
        (accessToken) => client.invalidate(accessToken),
        (error) => isServiceError(error, 'already-ended'),
        clock,
      );
    } catch (error) {
      const problem = connectionProblemOf(error, this.#options.log, 'Invalidating an access');
      return { kind: 'failed', problem };
    }
    const learnedAt = new Date(clock()).toISOString();
    const lastOutcome =
      outcome.kind === 'invalidated'
        ? { kind: outcome.kind, sessionExpiresAt: outcome.sessionExpiresAt, learnedAt }
        : { kind: outcome.kind, learnedAt };
    // The session may have changed while the service answered: record it where it was tracked.
    const accesses = session.notebook
      .read()
      .accesses.map((access) => (access.token === token ? { ...access, lastOutcome } : access));
    this.#write(session.notebook, token, accesses);
    return { ...outcome, warnNo2fa };
  }

  /**
   * Writes the tracked list after `token` ended or left it, and with it the end scheduled for
   * that access, so no "ends at" is left on an access that has nothing left to end.
   */
  #write(notebook: Notebook, token: string, accesses: TrackedTemporalAccess[]): void {
    const { scheduledEnds } = notebook.read();
    const kept = withoutScheduledEnd(scheduledEnds, { token });
    const scheduleChanged = kept.length !== scheduledEnds.length;
    writeChecked(() =>
      notebook.write({ accesses, ...(scheduleChanged ? { scheduledEnds: kept } : {}) }),
    );
    this.#options.onChange();
    if (scheduleChanged) this.#options.onScheduleChange();
  }
}
