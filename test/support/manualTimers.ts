/**
 * Timers a test moves by hand. Two clocks, as on a real computer: the wall clock (`now`, what a
 * Clock reads) and the time timers wait in, which stands still while the computer sleeps and
 * does not follow a change of the wall clock. `advance` moves both; `jumpClock` only the first.
 */
import type { Timers } from '../../src-main/core/classroom/refreshSchedule';

interface Waiting {
  dueAt: number;
  callback: () => void;
}

export interface ManualTimers {
  timers: Timers;
  /** Moves both clocks, firing each timer that comes due on the way, in order. */
  advance(ms: number): void;
  /** Moves the wall clock only: a sleep, or the clock set by hand. */
  jumpClock(ms: number): void;
  /** How long each waiting timer still waits, soonest first. */
  waits(): number[];
}

export function manualTimers(start: number): ManualTimers {
  let now = start;
  let elapsed = 0;
  let nextHandle = 1;
  const waiting = new Map<number, Waiting>();
  const soonest = () =>
    [...waiting].reduce<[number, Waiting] | undefined>(
      (best, entry) => (best === undefined || entry[1].dueAt < best[1].dueAt ? entry : best),
      undefined,
    );
  return {
    timers: {
      now: () => now,
      setTimeout(callback, ms) {
        const handle = nextHandle++;
        waiting.set(handle, { dueAt: elapsed + Math.max(0, ms), callback });
        return handle;
      },
      clearTimeout(handle) {
        waiting.delete(handle as number);
      },
      random: () => 0.5,
    },
    advance(ms) {
      const until = elapsed + ms;
      for (let next = soonest(); next && next[1].dueAt <= until; next = soonest()) {
        const [handle, { dueAt, callback }] = next;
        now += dueAt - elapsed;
        elapsed = dueAt;
        waiting.delete(handle);
        callback();
      }
      now += until - elapsed;
      elapsed = until;
    },
    jumpClock(ms) {
      now += ms;
    },
    waits: () => [...waiting.values()].map(({ dueAt }) => dueAt - elapsed).sort((a, b) => a - b),
  };
}
