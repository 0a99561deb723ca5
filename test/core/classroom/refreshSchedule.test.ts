import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Timers } from '../../../src-main/core/classroom/refreshSchedule';
import {
  RefreshHalt,
  RefreshSchedule,
  systemTimers,
} from '../../../src-main/core/classroom/refreshSchedule';

const SECOND = 1_000;
/** Jitter pinned to its top: backoff delays are then exactly the exponential ceiling. */
const timers: Timers = { ...systemTimers, random: () => 0.999999 };

beforeEach(() => {
  // Faked from a fixed instant, not the wall clock's: Date.now() below reads this clock.
  vi.useFakeTimers({ now: new Date('2026-01-07T09:00:00Z') });
});
afterEach(() => {
  vi.useRealTimers();
});

function scheduleWith(outcomes: Array<'ok' | { retryAfterMs?: number }> = []) {
  const calls: number[] = [];
  const refresh = vi.fn(async () => {
    calls.push(Date.now());
    const outcome = outcomes.shift() ?? 'ok';
    if (outcome !== 'ok') throw Object.assign(new Error('service failed'), outcome);
  });
  const schedule = new RefreshSchedule(refresh, {
    visibleMs: 10 * SECOND,
    hiddenMs: 60 * SECOND,
    timers,
  });
  return { schedule, calls, refresh };
}

/** A schedule started with the window shown or hidden, its first refresh done. */
async function started(visible: boolean, outcomes?: Parameters<typeof scheduleWith>[0]) {
  const made = scheduleWith(outcomes);
  await made.schedule.start(visible);
  return made;
}

/** With `count` refreshes so far, the next comes `ms` from now: none a second before, one then. */
async function expectNextRefreshIn(calls: number[], ms: number, count: number) {
  await vi.advanceTimersByTimeAsync(ms - SECOND);
  expect(calls).toHaveLength(count);
  await vi.advanceTimersByTimeAsync(SECOND);
  expect(calls).toHaveLength(count + 1);
}

describe('refresh cadence', () => {
  it('refreshes every 10 s while visible and every 60 s while hidden', async () => {
    const { schedule, calls } = await started(true);
    await vi.advanceTimersByTimeAsync(30 * SECOND);
    expect(calls).toHaveLength(4);
    void schedule.setVisible(false);
    await expectNextRefreshIn(calls, 60 * SECOND, 4);
    schedule.stop();
  });

  it('refreshes at once when the window is shown', async () => {
    const { schedule, calls } = await started(false);
    await vi.advanceTimersByTimeAsync(5 * SECOND);
    await schedule.setVisible(true);
    expect(calls).toHaveLength(2);
    expect(calls).toEqual([calls[0], (calls[0] ?? 0) + 5 * SECOND]);
    schedule.stop();
  });

  it('does nothing while the computer sleeps, and refreshes at once on resume', async () => {
    const { schedule, calls } = await started(true);
    schedule.suspend();
    await vi.advanceTimersByTimeAsync(10 * 60 * SECOND);
    expect(calls).toHaveLength(1);
    await schedule.resume();
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(10 * SECOND);
    expect(calls).toHaveLength(3);
    schedule.stop();
  });

  it('joins a manual refresh to one already running instead of starting a second', async () => {
    const { schedule, refresh } = scheduleWith();
    const first = schedule.start(true);
    const second = schedule.refreshNow();
    await Promise.all([first, second]);
    expect(refresh).toHaveBeenCalledTimes(1);
    schedule.stop();
  });

  it('refreshes again after a running refresh whose inputs went out of date, and a manual refresh waits for it', async () => {
    let release: () => void = () => undefined;
    const inputs: string[] = [];
    let input = 'room-a';
    const refresh = vi.fn(async () => {
      inputs.push(input);
      if (inputs.length === 1) await new Promise<void>((resolve) => (release = resolve));
    });
    const schedule = new RefreshSchedule(refresh, {
      visibleMs: 10 * SECOND,
      hiddenMs: 60 * SECOND,
      timers,
    });
    const first = schedule.start(true);
    input = 'room-b';
    const queued = schedule.refreshAfterCurrent();
    const manual = schedule.refreshNow();
    release();
    await manual;
    expect(inputs).toEqual(['room-a', 'room-b']);
    await Promise.all([first, queued]);
    expect(refresh).toHaveBeenCalledTimes(2);
    schedule.stop();
  });

  it('is not put off by being told again what it already knows', async () => {
    const { schedule, calls } = scheduleWith();
    await schedule.start(false);
    // Every 50 s, within the 60 s hidden interval: the window says it is hidden, a setting
    // other than the intervals changes (the same intervals again). The polls keep their time.
    for (let n = 0; n < 5; n++) {
      await vi.advanceTimersByTimeAsync(50 * SECOND);
      void schedule.setVisible(false);
      schedule.setIntervals(10 * SECOND, 60 * SECOND);
    }
    expect(calls.map((at) => (at - (calls[0] ?? 0)) / SECOND)).toEqual([0, 60, 120, 180, 240]);
    await schedule.setVisible(true);
    await vi.advanceTimersByTimeAsync(5 * SECOND);
    void schedule.setVisible(true);
    await vi.advanceTimersByTimeAsync(5 * SECOND);
    expect(calls.map((at) => (at - (calls[0] ?? 0)) / SECOND)).toEqual([
      0, 60, 120, 180, 240, 250, 260,
    ]);
    schedule.stop();
  });

  it('takes a new interval into account right away', async () => {
    const { schedule, calls } = await started(true);
    schedule.setIntervals(30 * SECOND, 60 * SECOND);
    await expectNextRefreshIn(calls, 30 * SECOND, 1);
    schedule.stop();
  });
});

describe('backing off while the service fails', () => {
  it('doubles the wait after each failure while hidden, up to 5 minutes, and returns to the cadence on success', async () => {
    const failures = Array.from({ length: 10 }, () => ({}));
    const { schedule, calls } = await started(false, [...failures, 'ok']);
    await vi.advanceTimersByTimeAsync(60 * 60 * SECOND);
    const gaps = calls.slice(1).map((at, i) => Math.round((at - (calls[i] ?? 0)) / SECOND));
    expect(gaps.slice(0, 10)).toEqual([2, 4, 8, 16, 32, 64, 128, 256, 300, 300]);
    // After the success: back to the hidden cadence.
    expect(gaps.slice(10, 13)).toEqual([60, 60, 60]);
    schedule.stop();
  });

  it('never waits longer than the poll interval while visible, so recovery shows within one', async () => {
    const failures = Array.from({ length: 6 }, () => ({}));
    const { schedule, calls } = await started(true, [...failures, 'ok']);
    await vi.advanceTimersByTimeAsync(10 * 60 * SECOND);
    const gaps = calls.slice(1).map((at, i) => Math.round((at - (calls[i] ?? 0)) / SECOND));
    expect(gaps.slice(0, 9)).toEqual([2, 4, 8, 10, 10, 10, 10, 10, 10]);
    schedule.stop();
  });

  it('goes back to the 5-minute ceiling once the window is hidden', async () => {
    const failures = Array.from({ length: 12 }, () => ({}));
    const { schedule, calls } = await started(true, failures);
    // Failures at 0, 2, 6, 14 and 24 s: the fourth and fifth wait the visible interval.
    await vi.advanceTimersByTimeAsync(30 * SECOND);
    expect(calls).toHaveLength(5);
    const waitFromNow = () => Math.round(((schedule.nextRefreshAt ?? 0) - Date.now()) / SECOND);
    expect(waitFromNow()).toBe(4);
    void schedule.setVisible(false);
    // The fifth failure's ceiling, 32 s, no longer held to the visible interval.
    expect(waitFromNow()).toBe(32);
    schedule.stop();
  });

  it('spreads retries with jitter, between half and all of the ceiling', async () => {
    const random = vi.fn(() => 0);
    const refresh = vi.fn(async () => {
      throw new Error('down');
    });
    const schedule = new RefreshSchedule(refresh, {
      visibleMs: 10 * SECOND,
      hiddenMs: 60 * SECOND,
      timers: { ...systemTimers, random },
    });
    await schedule.start(true);
    expect(schedule.nextRefreshAt).toBe(Date.now() + 1 * SECOND);
    schedule.stop();
  });

  it('waits at least as long as Retry-After asks', async () => {
    const { schedule, calls } = await started(true, [{ retryAfterMs: 120 * SECOND }, 'ok']);
    expect(schedule.nextRefreshAt).toBe(Date.now() + 120 * SECOND);
    await expectNextRefreshIn(calls, 120 * SECOND, 1);
    schedule.stop();
  });

  it('honours a Retry-After of an hour in full, past the backoff ceiling', async () => {
    const HOUR = 3600 * SECOND;
    const { schedule, calls } = await started(true, [{ retryAfterMs: HOUR }, 'ok']);
    expect(schedule.nextRefreshAt).toBe(Date.now() + HOUR);
    await expectNextRefreshIn(calls, HOUR, 1);
    schedule.stop();
  });

  it('still refreshes at once when asked during a long Retry-After', async () => {
    const { schedule, calls } = await started(true, [{ retryAfterMs: 3600 * SECOND }, 'ok']);
    await vi.advanceTimersByTimeAsync(60 * SECOND);
    await schedule.refreshNow();
    expect(calls).toHaveLength(2);
    expect(schedule.nextRefreshAt).toBe(Date.now() + 10 * SECOND);
    schedule.stop();
  });

  it('caps a Retry-After at a day', async () => {
    const DAY = 24 * 3600 * SECOND;
    const { schedule } = scheduleWith([{ retryAfterMs: 365 * DAY }]);
    await schedule.start(true);
    expect(schedule.nextRefreshAt).toBe(Date.now() + DAY);
    schedule.stop();
  });

  it('plans nothing while a refresh runs, so no attempt time shown is already past', async () => {
    const plans: (number | undefined)[] = [];
    let finish = () => {};
    const schedule = new RefreshSchedule(
      () =>
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
      { visibleMs: 10 * SECOND, hiddenMs: 60 * SECOND, timers, onPlan: (at) => plans.push(at) },
    );
    const first = schedule.start(true);
    finish();
    await first;
    expect(plans.at(-1)).toBe(Date.now() + 10 * SECOND);
    // The planned refresh starts, and runs long: the plan is withdrawn, not left to go by.
    await vi.advanceTimersByTimeAsync(10 * SECOND);
    expect(plans.at(-1)).toBeUndefined();
    expect(schedule.nextRefreshAt).toBeUndefined();
    await vi.advanceTimersByTimeAsync(30 * SECOND);
    finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(plans.at(-1)).toBe(Date.now() + 10 * SECOND);
    schedule.stop();
  });

  it('keeps the wait Retry-After asked for when the window is hidden meanwhile', async () => {
    const { schedule, calls } = await started(true, [{ retryAfterMs: 120 * SECOND }, 'ok']);
    await vi.advanceTimersByTimeAsync(10 * SECOND);
    void schedule.setVisible(false);
    expect(schedule.nextRefreshAt).toBe((calls[0] ?? 0) + 120 * SECOND);
    await expectNextRefreshIn(calls, 110 * SECOND, 1);
    schedule.stop();
  });

  it('stops for good on stop()', async () => {
    const { schedule, calls } = await started(true);
    schedule.stop();
    await vi.advanceTimersByTimeAsync(10 * 60 * SECOND);
    await schedule.refreshNow();
    expect(calls).toHaveLength(1);
  });
});

describe('a refresh that halts (a bug, not the service)', () => {
  it('plans no retry until one is asked for, then runs on its cadence again', async () => {
    const planned: (number | undefined)[] = [];
    let halt = true;
    const refresh = vi.fn(async () => {
      if (halt) throw new RefreshHalt();
    });
    const schedule = new RefreshSchedule(refresh, {
      visibleMs: 10 * SECOND,
      hiddenMs: 60 * SECOND,
      timers,
      onPlan: (nextAt) => planned.push(nextAt),
    });
    await schedule.start(true);
    await vi.advanceTimersByTimeAsync(10 * 60 * SECOND);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(planned.at(-1)).toBeUndefined();

    halt = false;
    await schedule.refreshNow();
    expect(refresh).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(10 * SECOND);
    expect(refresh).toHaveBeenCalledTimes(3);
    schedule.stop();
  });
});
