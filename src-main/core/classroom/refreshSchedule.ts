/**
 * When the classroom is refreshed: every few seconds while the window is visible, rarely while
 * it is hidden, never while the computer sleeps; at once on show, on resume and on request; and
 * backing off (exponentially, with jitter, honoring Retry-After) while the service fails, so a
 * broken service is not hammered by every open laptop at the same moment.
 *
 * While the window is visible a retry never waits longer than the poll interval, so a teacher
 * looking at the list sees the service's recovery within one interval; the backoff's 5-minute
 * ceiling applies while hidden, when nobody is waiting on the answer.
 *
 * A Retry-After is honoured in full, past the backoff's ceiling (3600 means an hour), up to a
 * day: a longer one is a broken header, not a plan. A refresh asked for (Refresh now, window
 * shown, resume, switch) still runs at once. While a refresh runs nothing is planned, so the
 * next attempt's time the window shows is never one already past.
 */

/** Time, injected: tests drive it without sleeping. */
export interface Timers {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  /** In [0, 1): the jitter. */
  random(): number;
}

export const systemTimers: Timers = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  random: Math.random,
};

/** The longest Retry-After honoured: a day. */
export const MAX_RETRY_AFTER_MS = 24 * 60 * 60 * 1000;

export interface ScheduleOptions {
  visibleMs: number;
  hiddenMs: number;
  /** First retry after a failure; doubles per failure up to maxBackoffMs. */
  backoffBaseMs?: number;
  maxBackoffMs?: number;
  timers?: Timers;
  /** Told the time of the next refresh whenever it changes (undefined: paused), for the state. */
  onPlan?: (nextAt: number | undefined) => void;
}

/** A failed refresh may say how long the service asked us to wait (429 Retry-After). */
export interface RefreshFailure {
  retryAfterMs?: number;
}

/**
 * A failure no retry can fix (a bug in ClassTray, already logged): no backoff and no automatic
 * retry; the next refresh is the one someone asks for (Refresh now, window shown, resume, switch).
 */
export class RefreshHalt extends Error {
  override readonly name = 'RefreshHalt';
}

export class RefreshSchedule {
  private visible = false;
  private suspended = false;
  private stopped = false;
  /** After a RefreshHalt: nothing is planned until a refresh is asked for. */
  private halted = false;
  private failures = 0;
  private handle: unknown;
  private running: Promise<void> | undefined;
  private queued: Promise<void> | undefined;
  private nextAt: number | undefined;
  /** While failing: the earliest time the service's Retry-After allows the next try. */
  private retryNotBefore: number | undefined;
  private readonly timers: Timers;

  /** `refresh` resolves on success and rejects (with a RefreshFailure-like error) on failure. */
  constructor(
    private readonly refresh: () => Promise<void>,
    private options: ScheduleOptions,
  ) {
    this.timers = options.timers ?? systemTimers;
  }

  /** When the next refresh is due, for "retrying in 40 s"; undefined while paused. */
  get nextRefreshAt(): number | undefined {
    return this.nextAt;
  }

  start(visible: boolean): Promise<void> {
    this.visible = visible;
    return this.refreshNow();
  }

  /**
   * The window shown (a refresh at once) or hidden (the next poll at the hidden interval). Told
   * again what it already is, nothing changes: a re-plan would start the interval again from now,
   * and a window (or a preview's tabs) saying so more often than the interval would never be
   * polled.
   */
  setVisible(visible: boolean): Promise<void> | undefined {
    if (visible === this.visible) return undefined;
    this.visible = visible;
    if (visible) return this.refreshNow();
    this.plan();
    return undefined;
  }

  /**
   * New poll intervals, taken into account at once. The same intervals again (any other setting
   * changed: the settings say so as a whole) change nothing, for the reason setVisible gives.
   */
  setIntervals(visibleMs: number, hiddenMs: number): void {
    if (visibleMs === this.options.visibleMs && hiddenMs === this.options.hiddenMs) return;
    this.options = { ...this.options, visibleMs, hiddenMs };
    this.plan();
  }

  suspend(): void {
    this.suspended = true;
    this.cancel();
    this.options.onPlan?.(undefined);
  }

  resume(): Promise<void> {
    this.suspended = false;
    return this.refreshNow();
  }

  /** Refreshes now; a refresh already running is joined, not doubled. */
  refreshNow(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.queued) return this.queued;
    if (this.running) return this.running;
    this.cancel();
    this.options.onPlan?.(undefined);
    this.halted = false;
    this.running = (async () => {
      try {
        await this.refresh();
        this.failures = 0;
        this.retryNotBefore = undefined;
      } catch (error) {
        if (error instanceof RefreshHalt) {
          this.halted = true;
          return;
        }
        this.failures++;
        const retryAfterMs = (error as RefreshFailure | undefined)?.retryAfterMs;
        // Kept as a time, so a later re-plan (window hidden, new interval) still honours it.
        this.retryNotBefore =
          typeof retryAfterMs === 'number' ? this.timers.now() + retryAfterMs : undefined;
      } finally {
        this.running = undefined;
        this.plan();
      }
    })();
    return this.running;
  }

  /**
   * Refreshes once the running refresh (whose inputs are out of date) is done, or now. Until
   * then, refreshNow joins this queued refresh, so its caller sees up-to-date inputs too.
   */
  refreshAfterCurrent(): Promise<void> {
    if (!this.running) return this.refreshNow();
    this.queued ??= this.running.then(() => {
      this.queued = undefined;
      return this.refreshNow();
    });
    return this.queued;
  }

  stop(): void {
    this.stopped = true;
    this.cancel();
  }

  private plan(): void {
    this.cancel();
    if (this.halted) this.options.onPlan?.(undefined);
    if (this.stopped || this.suspended || this.halted || this.running) return;
    const retryAfterMs =
      this.retryNotBefore === undefined ? undefined : this.retryNotBefore - this.timers.now();
    const delay = this.failures > 0 ? this.backoff(retryAfterMs) : this.interval();
    this.nextAt = this.timers.now() + delay;
    this.handle = this.timers.setTimeout(() => void this.refreshNow(), delay);
    this.options.onPlan?.(this.nextAt);
  }

  private interval(): number {
    return this.visible ? this.options.visibleMs : this.options.hiddenMs;
  }

  /**
   * Full-jitter exponential backoff up to maxBackoffMs (up to the poll interval while visible),
   * or Retry-After when that is longer.
   */
  private backoff(retryAfterMs = 0): number {
    const base = this.options.backoffBaseMs ?? 2_000;
    const hiddenMax = this.options.maxBackoffMs ?? 300_000;
    const max = this.visible ? Math.min(hiddenMax, this.options.visibleMs) : hiddenMax;
    const ceiling = Math.min(max, base * 2 ** (this.failures - 1));
    const jittered = ceiling / 2 + (this.timers.random() * ceiling) / 2;
    return Math.max(jittered, Math.min(retryAfterMs, MAX_RETRY_AFTER_MS));
  }

  private cancel(): void {
    if (this.handle !== undefined) this.timers.clearTimeout(this.handle);
    this.handle = undefined;
    this.nextAt = undefined;
  }
}
