/**
 * Time for the end-to-end tests: it runs as real time does (a poll every 5 s still comes after
 * 5 s), and a test can skip it forward (to a lesson's start, a bell, a 30 s boundary, a backoff
 * grown long) or hold it (a laptop asleep). The core's timers and the local service's clock read
 * it, so what happens at a moment happens when the test skips to it, not after real seconds.
 */
import type { Timers } from '../../src-main/core/classroom/refreshSchedule';

interface Waiting {
  /** In this clock's time. */
  dueAt: number;
  callback: () => void;
  /** The real timer that fires it; undefined while held. */
  real: ReturnType<typeof setTimeout> | undefined;
}

export interface SkippableClock {
  /** For the core (createClassTray's `timers`). */
  timers: Timers;
  /** For the local service and anything else that reads the time. */
  now: () => number;
  /**
   * Moves the time forward by `ms`: each timer that comes due on the way fires, soonest first,
   * late as after a sleep (a timer a callback sets counts from the new time).
   */
  skip(ms: number): void;
  /** No timer fires until release(): a process frozen, a laptop asleep. Time still passes. */
  hold(): void;
  /** Timers run again; those that came due meanwhile fire at once, soonest first. */
  release(): void;
  /** Stops every waiting timer, for a test's cleanup. */
  dispose(): void;
}

export function skippableClock(): SkippableClock {
  let ahead = 0;
  let held = false;
  let nextHandle = 1;
  const waiting = new Map<number, Waiting>();
  const now = () => Date.now() + ahead;

  const fire = (handle: number) => {
    const timer = waiting.get(handle);
    if (!timer) return;
    waiting.delete(handle);
    timer.callback();
  };
  const arm = (handle: number, timer: Waiting) => {
    if (timer.real !== undefined) clearTimeout(timer.real);
    timer.real = held
      ? undefined
      : setTimeout(() => fire(handle), Math.max(0, timer.dueAt - now()));
  };
  /** Fires what is due now, soonest first, then arms the rest on real timers. */
  const catchUp = () => {
    const due = [...waiting]
      .filter(([, timer]) => timer.dueAt <= now())
      .sort((a, b) => a[1].dueAt - b[1].dueAt);
    for (const [handle, timer] of due) {
      if (timer.real !== undefined) clearTimeout(timer.real);
      fire(handle);
    }
    for (const [handle, timer] of waiting) arm(handle, timer);
  };

  return {
    timers: {
      now,
      setTimeout(callback, ms) {
        const handle = nextHandle++;
        const timer: Waiting = { dueAt: now() + Math.max(0, ms), callback, real: undefined };
        waiting.set(handle, timer);
        arm(handle, timer);
        return handle;
      },
      clearTimeout(handle) {
        const timer = waiting.get(handle as number);
        if (timer?.real !== undefined) clearTimeout(timer.real);
        waiting.delete(handle as number);
      },
      random: Math.random,
    },
    now,
    skip(ms) {
      if (ms < 0) throw new Error('time only moves forward');
      ahead += ms;
      if (!held) catchUp();
    },
    hold() {
      held = true;
      for (const [handle, timer] of waiting) arm(handle, timer);
    },
    release() {
      held = false;
      catchUp();
    },
    dispose() {
      for (const timer of waiting.values()) if (timer.real !== undefined) clearTimeout(timer.real);
      waiting.clear();
    },
  };
}
