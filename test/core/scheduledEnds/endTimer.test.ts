import { describe, expect, it, vi } from 'vitest';
import { AccessTracker } from '../../../src-main/core/accesses/accessTracker';
import type { ServiceClient } from '../../../src-main/core/service/client';
import {
  EndTimer,
  KEPT_RUNS,
  MAX_WAIT_MS,
  RETRY_MS,
} from '../../../src-main/core/scheduledEnds/endTimer';
import type { NotebookContents } from '../../../src-main/core/settings/accountNotebook';
import { memoryNotebook } from '../../../src-main/core/settings/accountNotebook';
import { withScheduledEnd } from '../../../src-main/core/scheduledEnds/scheduledEndRules';
import { ServiceError } from '../../../src-main/core/service/serviceErrors';
import type { Session } from '../../../src-main/core/account/sessions';
import type { TrackedTemporalAccess } from '../../../src-main/core/accesses/accessSettings';
import type { ScheduleTarget } from '../../../src-main/core/scheduledEnds/scheduledEndSettings';
import { manualTimers } from '../../support/manualTimers';
import { recordingLogger } from '../../support/recordingLogger';

const NOW = Date.parse('2026-01-05T09:00:00.000Z');
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const token = (n: number) => `a0000000-0000-4000-8000-00000000000${n}`;
const at = (minutes: number) => new Date(NOW + minutes * MINUTE).toISOString();

const invalidated = async () => ({
  status: 'Invalidated' as const,
  session_expires_at: at(11),
});
const networkDown = async (): Promise<never> => {
  throw new ServiceError({ kind: 'network', cause: 'refused', detail: 'connection refused' });
};

function access(n: number, extra: Partial<TrackedTemporalAccess> = {}): TrackedTemporalAccess {
  return { token: token(n), classroomId: 'lab-1', addedAt: at(-30), ...extra };
}

function sessionWith(
  client: ServiceClient,
  contents: Partial<NotebookContents> = {},
  serviceUrl = 'https://service.example',
): Session {
  return {
    mode: 'service',
    serviceUrl,
    client,
    notebook: memoryNotebook({
      current: 'lab-1',
      recent: [{ id: 'lab-1' }, { id: 'lab-2' }],
      accesses: [],
      scheduledEnds: [],
      ...contents,
    }),
  };
}

/** The schedule with a real access tracker, a client the test scripts and hand-moved time. */
function setup(invalidate: ServiceClient['invalidate'] = invalidated) {
  const manual = manualTimers(NOW);
  const client: ServiceClient = {
    accountDevicesPage: () => Promise.reject(new Error('not asked here')),
    classroomDevicesPage: () => Promise.reject(new Error('not asked here')),
    invalidate: vi.fn(invalidate),
  };
  let session = sessionWith(client);
  const logger = recordingLogger();
  const onChange = vi.fn();
  const clock = manual.timers.now;
  const tracker: AccessTracker = new AccessTracker({
    clock,
    log: logger.log,
    session: async () => session,
    devices: () => [],
    onChange: () => undefined,
    onScheduleChange: () => ends.accessEnded(),
    retentionMs: () => DAY,
  });
  const ends = new EndTimer({
    clock,
    timers: manual.timers,
    log: logger.log,
    accesses: tracker,
    onChange,
  });
  const notebook = () => session.notebook;
  return {
    ...manual,
    client,
    ends,
    tracker,
    logger,
    onChange,
    notebook,
    open(next: Session) {
      session = next;
      ends.start(next);
    },
    track(...accesses: TrackedTemporalAccess[]) {
      notebook().write({ accesses: [...accesses, ...notebook().read().accesses] });
    },
    schedule(minutes: number, target: ScheduleTarget) {
      const end = { at: at(minutes), target };
      notebook().write({ scheduledEnds: withScheduledEnd(notebook().read().scheduledEnds, end) });
      ends.changed();
    },
    pending: () => notebook().read().scheduledEnds,
    /** Moves time and lets the run it started finish. */
    async advanceAndSettle(ms: number) {
      manual.advance(ms);
      await ends.settled();
    },
  };
}

describe('an access end', () => {
  it('ends the access at its time, not before, and leaves the schedule', async () => {
    const end = setup();
    end.open(sessionWith(end.client, { accesses: [access(1)] }));
    end.schedule(10, { token: token(1) });

    await end.advanceAndSettle(10 * MINUTE - 1);
    expect(end.client.invalidate).not.toHaveBeenCalled();
    await end.advanceAndSettle(1);

    expect(end.client.invalidate).toHaveBeenCalledExactlyOnceWith(token(1));
    expect(end.notebook().read().accesses[0]?.lastOutcome?.kind).toBe('invalidated');
    expect(end.pending()).toEqual([]);
    expect(end.ends.ran).toEqual([
      {
        scheduled: { at: at(10), target: { token: token(1) } },
        ranAt: at(10),
        lateMinutes: 0,
        ended: [{ token: token(1), result: expect.objectContaining({ kind: 'invalidated' }) }],
        retrying: false,
      },
    ]);
    expect(end.logger.lines).toEqual([
      `Scheduled end of access a0000000… at ${at(10)} ran on time: 1 invalidated.`,
    ]);
    expect(end.logger.lines.join('\n')).not.toContain(token(1));
  });

  it('drops its schedule silently when the access already ended or left the list', async () => {
    const end = setup();
    const ended = { kind: 'already-ended' as const, learnedAt: at(-1) };
    end.open(sessionWith(end.client, { accesses: [access(1, { lastOutcome: ended })] }));
    end.notebook().write({
      scheduledEnds: [
        { at: at(5), target: { token: token(1) } },
        { at: at(5), target: { token: token(2) } },
      ],
    });
    end.ends.changed();
    end.onChange.mockClear();

    await end.advanceAndSettle(5 * MINUTE);

    expect(end.client.invalidate).not.toHaveBeenCalled();
    expect(end.pending()).toEqual([]);
    expect(end.ends.ran).toEqual([]);
    expect(end.onChange).toHaveBeenCalled();
  });
});

describe('a classroom end', () => {
  it("ends the classroom's running accesses at its time, also one added after it was set", async () => {
    const end = setup();
    const ended = { kind: 'invalidated' as const, sessionExpiresAt: at(-1), learnedAt: at(-2) };
    const failed = {
      kind: 'failed' as const,
      problem: { kind: 'network' as const, detail: 'down' },
      learnedAt: at(-2),
    };
    end.open(
      sessionWith(end.client, {
        accesses: [
          access(1),
          access(2, { classroomId: 'lab-2' }),
          access(3, { lastOutcome: ended }),
          // No classroom recorded: no classroom's end reaches it.
          { token: token(5), addedAt: at(-30) },
          // Its end failed: it still runs, so the class end ends it.
          access(6, { lastOutcome: failed }),
        ],
      }),
    );
    end.schedule(50, { classroomId: 'lab-1' });
    await end.advanceAndSettle(20 * MINUTE);
    end.track(access(4));

    await end.advanceAndSettle(30 * MINUTE);

    expect(
      vi
        .mocked(end.client.invalidate)
        .mock.calls.map(([ended]) => ended)
        .sort(),
    ).toEqual([token(1), token(4), token(6)]);
    const [run] = end.ends.ran;
    expect(run?.ended.map(({ token }) => token).sort()).toEqual([token(1), token(4), token(6)]);
    expect(run).toMatchObject({ lateMinutes: 0, retrying: false });
    expect(end.pending()).toEqual([]);
  });

  it('reports even when no access of the classroom was running', async () => {
    const end = setup();
    end.open(sessionWith(end.client));
    end.schedule(1, { classroomId: 'lab-2' });
    await end.advanceAndSettle(MINUTE);
    expect(end.ends.ran).toMatchObject([{ ended: [], retrying: false }]);
    expect(end.logger.lines[0]).toContain('classroom "lab-2"');
    expect(end.logger.lines[0]).toContain('no access was running');
  });
});

describe('a failing service', () => {
  it('keeps the end and tries again every 30 s until every access ended, in one report', async () => {
    const end = setup();
    end.open(sessionWith(end.client, { accesses: [access(1), access(2)] }));
    vi.mocked(end.client.invalidate).mockImplementation(async (asked) =>
      asked === token(1) ? invalidated() : networkDown(),
    );
    end.schedule(5, { classroomId: 'lab-1' });

    await end.advanceAndSettle(5 * MINUTE);
    expect(end.pending()).toEqual([{ at: at(5), target: { classroomId: 'lab-1' } }]);
    expect(end.ends.ran).toMatchObject([{ retrying: true, lateMinutes: 0 }]);
    expect(end.logger.lines[0]).toContain(
      '1 invalidated, 1 failed (network); trying again in 30 s',
    );

    // Still down at the next try: only the one not ended is asked again.
    await end.advanceAndSettle(RETRY_MS);
    expect(end.client.invalidate).toHaveBeenCalledTimes(3);
    expect(end.ends.ran).toHaveLength(1);

    vi.mocked(end.client.invalidate).mockImplementation(invalidated);
    await end.advanceAndSettle(RETRY_MS - 1);
    expect(end.client.invalidate).toHaveBeenCalledTimes(3);
    await end.advanceAndSettle(1);

    expect(end.client.invalidate).toHaveBeenCalledTimes(4);
    expect(end.pending()).toEqual([]);
    expect(end.ends.ran).toHaveLength(1);
    const [run] = end.ends.ran;
    expect(run).toMatchObject({ retrying: false, lateMinutes: 1, ranAt: at(6) });
    expect(run?.ended.map(({ token, result }) => [token, result.kind]).sort()).toEqual([
      [token(1), 'invalidated'],
      [token(2), 'invalidated'],
    ]);
  });

  it('does not try again what the service says it does not know', async () => {
    const end = setup(async () => {
      throw new ServiceError({ kind: 'access-not-found', detail: 'No temporal access' });
    });
    end.open(sessionWith(end.client, { accesses: [access(1)] }));
    end.schedule(1, { token: token(1) });
    await end.advanceAndSettle(MINUTE);
    expect(end.pending()).toEqual([]);
    expect(end.ends.ran).toMatchObject([
      { retrying: false, ended: [{ result: { kind: 'unknown' } }] },
    ]);
    await end.advanceAndSettle(10 * MINUTE);
    expect(end.client.invalidate).toHaveBeenCalledOnce();
  });

  it('stops saying "retrying" once the access was ended by hand', async () => {
    const end = setup(networkDown);
    end.open(sessionWith(end.client, { accesses: [access(1)] }));
    end.schedule(1, { token: token(1) });
    await end.advanceAndSettle(MINUTE);
    expect(end.ends.ran).toMatchObject([{ retrying: true }]);

    vi.mocked(end.client.invalidate).mockImplementation(invalidated);
    await end.tracker.invalidate(token(1));

    expect(end.pending()).toEqual([]);
    expect(end.ends.ran).toMatchObject([{ retrying: false }]);
  });
});

describe('the timer', () => {
  it('never waits more than 60 s before reading the clock again', async () => {
    const end = setup();
    end.open(sessionWith(end.client, { accesses: [access(1)] }));
    end.schedule(20 * 60, { token: token(1) });
    expect(end.waits()).toEqual([MAX_WAIT_MS]);

    // The wall clock is set forward past the end: it runs at the next look, within a minute.
    end.jumpClock(20 * 60 * MINUTE);
    await end.advanceAndSettle(MAX_WAIT_MS);
    expect(end.client.invalidate).toHaveBeenCalledOnce();
    expect(end.ends.ran).toMatchObject([{ lateMinutes: 1 }]);
    expect(end.waits()).toEqual([]);
  });

  it('keeps nothing armed with nothing scheduled, and nothing after stop', async () => {
    const end = setup();
    end.open(sessionWith(end.client, { accesses: [access(1)] }));
    expect(end.waits()).toEqual([]);
    end.schedule(5, { token: token(1) });
    end.ends.stop();
    expect(end.waits()).toEqual([]);
    await end.advanceAndSettle(10 * MINUTE);
    expect(end.client.invalidate).not.toHaveBeenCalled();
  });
});

describe('missed ends', () => {
  it('run at once when the session opens, saying how late', async () => {
    const end = setup();
    end.open(
      sessionWith(end.client, {
        accesses: [access(1)],
        scheduledEnds: [{ at: at(-12), target: { token: token(1) } }],
      }),
    );
    await end.ends.settled();
    expect(end.client.invalidate).toHaveBeenCalledOnce();
    expect(end.ends.ran).toMatchObject([{ lateMinutes: 12, ranAt: at(0) }]);
    expect(end.logger.lines[0]).toContain('ran 12 min late');
  });

  it('do not fire during sleep, and run at once on resume, saying how late', async () => {
    const end = setup();
    end.open(sessionWith(end.client, { accesses: [access(1)] }));
    end.schedule(5, { token: token(1) });
    end.ends.suspend();
    expect(end.waits()).toEqual([]);
    // A change while asleep (a host still answering) arms nothing either.
    end.schedule(6, { classroomId: 'lab-2' });
    expect(end.waits()).toEqual([]);
    // Asleep until 15 minutes past the end: no timer fires meanwhile.
    await end.advanceAndSettle(20 * MINUTE);
    expect(end.client.invalidate).not.toHaveBeenCalled();
    expect(end.ends.ran).toEqual([]);

    end.ends.resume();
    await end.ends.settled();
    expect(end.client.invalidate).toHaveBeenCalledOnce();
    expect(end.ends.ran).toMatchObject([
      { scheduled: { target: { classroomId: 'lab-2' } }, lateMinutes: 14 },
      { scheduled: { target: { token: token(1) } }, lateMinutes: 15 },
    ]);
  });
});

describe("with the 'end-at-sleep' rule", () => {
  it('every pending end runs as the computer goes to sleep, its requests all at once', async () => {
    const answers: (() => void)[] = [];
    const end = setup(
      () =>
        new Promise((resolve) => {
          answers.push(() => resolve({ status: 'Invalidated', session_expires_at: at(1) }));
        }),
    );
    const room = [1, 2, 3, 4, 5].map((n) => access(n));
    end.open(sessionWith(end.client, { accesses: [...room, access(6, { classroomId: 'lab-2' })] }));
    end.schedule(50, { classroomId: 'lab-1' });
    end.schedule(8 * 60, { token: token(6) });

    end.ends.suspend(true);
    // More than End all's three at a time: the system may sleep before any answer comes.
    await vi.waitFor(() => expect(end.client.invalidate).toHaveBeenCalledTimes(6));
    expect(end.waits()).toEqual([]);
    for (const answer of answers) answer();
    await end.ends.settled();

    expect(end.pending()).toEqual([]);
    expect(end.ends.ran).toHaveLength(2);
    for (const report of end.ends.ran) {
      expect(report).toMatchObject({ atSleep: true, ranAt: at(0), lateMinutes: 0 });
    }
    expect(end.logger.lines).toContain(
      `Scheduled end of classroom "lab-1" at ${at(50)} ran at sleep: 5 invalidated.`,
    );
  });

  it('an end the connection failed at sleep is tried again on wake', async () => {
    const end = setup(networkDown);
    end.open(sessionWith(end.client, { accesses: [access(1)] }));
    end.schedule(50, { classroomId: 'lab-1' });
    end.ends.suspend(true);
    await end.ends.settled();
    expect(end.ends.ran).toMatchObject([{ atSleep: true, retrying: true }]);
    expect(end.pending()).toHaveLength(1);

    vi.mocked(end.client.invalidate).mockImplementation(invalidated);
    await end.advanceAndSettle(90 * MINUTE);
    expect(end.client.invalidate).toHaveBeenCalledOnce();
    end.ends.resume();
    await end.ends.settled();
    expect(end.client.invalidate).toHaveBeenCalledTimes(2);
    expect(end.pending()).toEqual([]);
    expect(end.ends.ran).toMatchObject([{ retrying: false, lateMinutes: 40 }]);
  });

  it('without the rule, a sleep runs nothing until the wake', async () => {
    const end = setup();
    end.open(sessionWith(end.client, { accesses: [access(1)] }));
    end.schedule(50, { classroomId: 'lab-1' });
    end.ends.suspend();
    await end.ends.settled();
    expect(end.client.invalidate).not.toHaveBeenCalled();
  });
});

describe('the reports', () => {
  it(`keep the newest ${KEPT_RUNS}, newest first`, async () => {
    const end = setup();
    end.open(sessionWith(end.client));
    for (let n = 1; n <= KEPT_RUNS + 1; n++) end.schedule(n, { classroomId: `room-${n}` });
    await end.advanceAndSettle((KEPT_RUNS + 1) * MINUTE);
    expect(end.ends.ran.map(({ scheduled }) => scheduled.target)).toEqual(
      [6, 5, 4, 3, 2].map((n) => ({ classroomId: `room-${n}` })),
    );
  });

  it('stay dismissed once dismissed, also while their end still retries, until it is done', async () => {
    const end = setup(networkDown);
    end.open(sessionWith(end.client, { accesses: [access(1)] }));
    end.schedule(1, { classroomId: 'lab-1' });
    end.schedule(2, { classroomId: 'lab-2' });
    await end.advanceAndSettle(2 * MINUTE);
    expect(end.ends.ran.map((run) => [run.scheduled.target, run.dismissed])).toEqual([
      [{ classroomId: 'lab-2' }, undefined],
      [{ classroomId: 'lab-1' }, undefined],
    ]);
    end.onChange.mockClear();

    end.ends.dismiss({ at: at(1), target: { classroomId: 'lab-1' } });
    expect(end.onChange).toHaveBeenCalledOnce();
    expect(end.ends.ran.map((run) => run.dismissed)).toEqual([undefined, true]);
    // Another end's time for the same room is another report: nothing changes.
    end.ends.dismiss({ at: at(2), target: { classroomId: 'lab-1' } });
    expect(end.onChange).toHaveBeenCalledOnce();

    // Tried again and still failing: nothing new to say, so still dismissed.
    await end.advanceAndSettle(RETRY_MS);
    expect(end.ends.ran[0]).toMatchObject({ retrying: true, dismissed: true });

    // Done at last: that is news, shown again.
    vi.mocked(end.client.invalidate).mockImplementation(invalidated);
    await end.advanceAndSettle(RETRY_MS);
    expect(end.ends.ran[0]).toMatchObject({ retrying: false, scheduled: { at: at(1) } });
    expect(end.ends.ran[0]?.dismissed).toBeUndefined();
  });
});

describe('a switch of session', () => {
  it('never writes a run into the other session, and leaves the end to its own', async () => {
    let answer: () => void = () => undefined;
    const end = setup(async () => {
      await new Promise<void>((resolve) => (answer = resolve));
      return invalidated();
    });
    const first = sessionWith(end.client, { accesses: [access(1)] });
    end.open(first);
    end.schedule(1, { classroomId: 'lab-1' });
    end.advance(MINUTE);
    // The request is under way when the teacher switches to another account.
    await vi.waitFor(() => expect(end.client.invalidate).toHaveBeenCalled());
    const other = sessionWith(end.client, { accesses: [access(2)] }, 'https://other.example');
    const before = structuredClone(other.notebook.read());
    end.open(other);
    answer();
    await end.ends.settled();

    expect(other.notebook.read()).toEqual(before);
    expect(end.ends.ran).toEqual([]);
    expect(first.notebook.read().scheduledEnds).toEqual([
      { at: at(1), target: { classroomId: 'lab-1' } },
    ]);
  });

  it("keeps the account's reports when its session opens again, and not another account's", async () => {
    const end = setup();
    const first = sessionWith(end.client, {
      accesses: [access(1)],
      scheduledEnds: [{ at: at(-12), target: { token: token(1) } }],
    });
    end.open(first);
    await end.ends.settled();
    expect(end.ends.ran).toHaveLength(1);

    // Reconnected (the preview's --service-url, a new token): the same account, a new session.
    end.open({ ...sessionWith(end.client), notebook: first.notebook });
    expect(end.ends.ran).toMatchObject([{ lateMinutes: 12 }]);

    end.open(sessionWith(end.client, {}, 'https://other.example'));
    expect(end.ends.ran).toEqual([]);
  });
});
