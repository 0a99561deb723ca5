import { describe, expect, it, vi } from 'vitest';
import { ApiInputError } from '../../../src-main/core/api/apiInput';
import {
  AccessTracker,
  END_ALL_CONCURRENCY,
  clearEnded,
} from '../../../src-main/core/accesses/accessTracker';
import type { ServiceClient } from '../../../src-main/core/service/client';
import type { DeviceView } from '../../../src-main/core/classroom/liveStatus';
import { memoryNotebook } from '../../../src-main/core/settings/accountNotebook';
import { ServiceError } from '../../../src-main/core/service/serviceErrors';
import type { Session } from '../../../src-main/core/account/sessions';
import { recordingLogger } from '../../support/recordingLogger';

const NOW = Date.parse('2026-01-05T09:00:10.000Z');
const DAY = 24 * 3_600_000;
const TOKEN = '3f2c1a4e-8b7d-4c6e-9a1b-2d3e4f5a6b7c';
const noTwoFactor: DeviceView = {
  remoteId: '100000001',
  alias: 'LAB-PC01',
  online: true,
  status: 'enabled',
  has2fa: false,
};

function trackerWith(invalidate: ServiceClient['invalidate']) {
  const client: ServiceClient = {
    accountDevicesPage: () => Promise.reject(new Error('not asked here')),
    classroomDevicesPage: () => Promise.reject(new Error('not asked here')),
    invalidate: vi.fn(invalidate),
  };
  const session: Session = {
    mode: 'service',
    serviceUrl: 'https://service.example',
    client,
    notebook: memoryNotebook({
      current: 'lab-1',
      recent: [{ id: 'lab-1' }],
      accesses: [],
      scheduledEnds: [],
    }),
  };
  const logger = recordingLogger();
  const onChange = vi.fn();
  const onScheduleChange = vi.fn();
  const tracker = new AccessTracker({
    clock: () => NOW,
    log: logger.log,
    session: async () => session,
    devices: () => [noTwoFactor],
    onChange,
    onScheduleChange,
    retentionMs: () => DAY,
  });
  return { tracker, session, client, logger, onChange, onScheduleChange };
}

const invalidated = async () => ({
  status: 'Invalidated' as const,
  session_expires_at: '2026-01-05T09:00:30.000Z',
});

describe('the access tracker', () => {
  it('adds a pasted link once, naming its device and its missing 2FA', async () => {
    const { tracker, onChange } = trackerWith(invalidated);
    const added = await tracker.add({
      linkOrToken: `https://remote.example/t/${TOKEN}`,
      remoteId: '100000001',
    });
    expect(added).toMatchObject({ ok: true, access: { deviceAlias: 'LAB-PC01', warnNo2fa: true } });
    expect(await tracker.add({ linkOrToken: TOKEN })).toEqual({
      ok: false,
      problem: 'already-tracked',
    });
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('records the open classroom, the device and its 2FA, so they follow the access', async () => {
    const { tracker, session } = trackerWith(invalidated);
    await tracker.add({ linkOrToken: TOKEN, remoteId: '100000001', studentName: 'Ana' });
    expect(session.notebook.read().accesses[0]).toEqual({
      token: TOKEN,
      label: 'Ana',
      remoteId: '100000001',
      classroomId: 'lab-1',
      deviceAlias: 'LAB-PC01',
      has2fa: false,
      addedAt: new Date(NOW).toISOString(),
    });
  });

  it('joins a second click on End access to the first: one request, one outcome', async () => {
    const { tracker, client, session } = trackerWith(invalidated);
    await tracker.add({ linkOrToken: TOKEN });
    const [first, second] = await Promise.all([
      tracker.invalidate(TOKEN),
      tracker.invalidate(TOKEN),
    ]);
    expect(client.invalidate).toHaveBeenCalledTimes(1);
    expect(second).toBe(first);
    expect(first).toMatchObject({
      kind: 'invalidated',
      sessionExpiresAt: '2026-01-05T09:00:30.000Z',
    });
    expect(session.notebook.read().accesses[0]?.lastOutcome).toMatchObject({
      kind: 'invalidated',
    });
  });

  it("reports the service's failure as it is, and a bug as ClassTray's own, logged", async () => {
    const failing = trackerWith(() =>
      Promise.reject(new ServiceError({ kind: 'server', status: 503, detail: 'Maintenance' })),
    );
    await failing.tracker.add({ linkOrToken: TOKEN });
    expect(await failing.tracker.invalidate(TOKEN)).toEqual({
      kind: 'failed',
      problem: { kind: 'server', detail: 'Maintenance' },
      learnedAt: new Date(NOW).toISOString(),
      warnNo2fa: false,
    });
    expect(failing.logger.errors).toEqual([]);

    const buggy = trackerWith(() => Promise.reject(new TypeError('x is undefined')));
    await buggy.tracker.add({ linkOrToken: TOKEN });
    expect(await buggy.tracker.invalidate(TOKEN)).toMatchObject({
      kind: 'failed',
      problem: { kind: 'internal' },
    });
    expect(buggy.logger.errors).toEqual([expect.stringContaining('TypeError: x is undefined')]);
  });

  it("drops an access's own scheduled end once it ended by hand or left the list, not before", async () => {
    const other = 'a0000000-0000-4000-8000-000000000009';
    const { tracker, session, onScheduleChange } = trackerWith(async () => {
      throw new ServiceError({ kind: 'network', cause: 'refused', detail: 'down' });
    });
    await tracker.add({ linkOrToken: TOKEN });
    await tracker.add({ linkOrToken: other });
    const at = '2026-01-05T10:50:00.000Z';
    const classroomEnd = { at, target: { classroomId: 'lab-1' } };
    session.notebook.write({
      scheduledEnds: [
        { at, target: { token: TOKEN.toUpperCase() } },
        { at, target: { token: other } },
        classroomEnd,
      ],
    });
    // A failed end ends nothing: its schedule stays, to be tried at its time.
    await tracker.invalidate(TOKEN);
    expect(session.notebook.read().scheduledEnds).toHaveLength(3);
    expect(onScheduleChange).not.toHaveBeenCalled();

    if (session.client) vi.mocked(session.client.invalidate).mockImplementation(invalidated);
    await tracker.invalidate(TOKEN);
    await tracker.remove(other);
    expect(session.notebook.read().scheduledEnds).toEqual([classroomEnd]);
    expect(onScheduleChange).toHaveBeenCalledTimes(2);
  });

  it.each([
    [
      '200: ended at the next 30-second boundary',
      invalidated,
      { kind: 'invalidated', sessionExpiresAt: '2026-01-05T09:00:30.000Z' },
    ],
    [
      '422: already ended or expired',
      () => Promise.reject(new ServiceError({ kind: 'already-ended', detail: '422' })),
      { kind: 'already-ended' },
    ],
    [
      '404: unknown to the service',
      () => Promise.reject(new ServiceError({ kind: 'access-not-found', detail: '404' })),
      { kind: 'unknown' },
    ],
    [
      'no answer: not ended, with why',
      () => Promise.reject(new ServiceError({ kind: 'network', cause: 'refused', detail: 'down' })),
      { kind: 'failed', problem: { kind: 'network' } },
    ],
  ] as const)(
    'records the answer as the access state, kept on disk: %s',
    async (_, answer, state) => {
      const { tracker, session } = trackerWith(answer);
      await tracker.add({ linkOrToken: TOKEN });
      await expect(tracker.invalidate(TOKEN)).resolves.toMatchObject(state);
      expect(session.notebook.read().accesses[0]?.lastOutcome).toMatchObject({
        ...state,
        learnedAt: new Date(NOW).toISOString(),
      });
    },
  );

  it('never asks the service again about an access that is over, so its state stays', async () => {
    const { tracker, client, session } = trackerWith(() =>
      Promise.reject(new ServiceError({ kind: 'access-not-found', detail: '404' })),
    );
    await tracker.add({ linkOrToken: TOKEN });
    await tracker.invalidate(TOKEN);
    await expect(tracker.invalidate(TOKEN)).resolves.toMatchObject({ kind: 'unknown' });
    expect(await tracker.endAll('lab-1', [TOKEN])).toEqual([]);
    expect(client.invalidate).toHaveBeenCalledOnce();
    expect(session.notebook.read().accesses[0]?.lastOutcome?.kind).toBe('unknown');
  });

  it('ends only the accesses given in the classroom asked for, never one of another or of none', async () => {
    const { tracker, client, session } = trackerWith(invalidated);
    const token = (n: number) => `d0000000-0000-4000-8000-00000000000${n}`;
    const addedAt = new Date(NOW).toISOString();
    session.notebook.write({
      accesses: [
        { token: token(1), classroomId: 'lab-1', addedAt },
        { token: token(2), classroomId: 'room-12', addedAt },
        { token: token(3), addedAt },
        {
          token: token(4),
          classroomId: 'lab-1',
          addedAt,
          lastOutcome: {
            kind: 'failed',
            problem: { kind: 'network', detail: 'down' },
            learnedAt: addedAt,
          },
        },
      ],
    });
    const ended = await tracker.endAll('lab-1', [1, 2, 3, 4].map(token));
    expect(ended.map(({ token: ended }) => ended)).toEqual([token(1), token(4)]);
    expect(vi.mocked(client.invalidate).mock.calls.map(([asked]) => asked)).toEqual([
      token(1),
      token(4),
    ]);
    expect(session.notebook.read().accesses.map((access) => access.lastOutcome?.kind)).toEqual([
      'invalidated',
      undefined,
      undefined,
      'invalidated',
    ]);
  });

  it('refuses to invalidate an access that is not tracked', async () => {
    const { tracker, client } = trackerWith(invalidated);
    await expect(tracker.invalidate(TOKEN)).rejects.toThrow(ApiInputError);
    expect(client.invalidate).not.toHaveBeenCalled();
  });

  it('clears an ended access once the retention has passed, and nothing that has not ended', async () => {
    const { tracker, session, onChange } = trackerWith(invalidated);
    const learnedAt = (ms: number) => new Date(NOW - ms).toISOString();
    session.notebook.write({
      accesses: [
        { token: 'a0000000-0000-4000-8000-000000000001', addedAt: learnedAt(2 * DAY) },
        {
          token: 'a0000000-0000-4000-8000-000000000002',
          addedAt: learnedAt(2 * DAY),
          lastOutcome: { kind: 'already-ended', learnedAt: learnedAt(DAY - 1) },
        },
        {
          token: 'a0000000-0000-4000-8000-000000000003',
          addedAt: learnedAt(2 * DAY),
          lastOutcome: { kind: 'already-ended', learnedAt: learnedAt(DAY) },
        },
        {
          token: 'a0000000-0000-4000-8000-000000000004',
          addedAt: learnedAt(2 * DAY),
          lastOutcome: { kind: 'unknown', learnedAt: learnedAt(DAY) },
        },
        {
          token: 'a0000000-0000-4000-8000-000000000005',
          addedAt: learnedAt(2 * DAY),
          lastOutcome: {
            kind: 'failed',
            problem: { kind: 'server', detail: '503' },
            learnedAt: learnedAt(DAY),
          },
        },
      ],
    });
    await tracker.clearEnded();
    // Unknown to the service is over too; a failed end is not.
    expect(session.notebook.read().accesses.map((access) => access.token.at(-1))).toEqual([
      '1',
      '2',
      '5',
    ]);
    expect(onChange).toHaveBeenCalledOnce();
    expect(clearEnded(session.notebook, NOW, DAY)).toBe(false);
  });

  it('ends a classroom of accesses a few at a time, each with its own outcome', async () => {
    let running = 0;
    let most = 0;
    const answers: (() => void)[] = [];
    const { tracker, client } = trackerWith(async (token) => {
      running++;
      most = Math.max(most, running);
      await new Promise<void>((resolve) => answers.push(resolve));
      running--;
      if (token.endsWith('5')) throw new ServiceError({ kind: 'already-ended', detail: '422' });
      return invalidated();
    });
    const tokens = [1, 2, 3, 4, 5].map((n) => `b0000000-0000-4000-8000-00000000000${n}`);
    for (const token of tokens) await tracker.add({ linkOrToken: token });
    const ending = tracker.endAll('lab-1', [...tokens, 'c0000000-0000-4000-8000-000000000000']);
    let done = false;
    void ending.then(() => (done = true));
    // Let every started request wait for its answer, then answer them one by one.
    while (!done) {
      await new Promise((resolve) => setImmediate(resolve));
      answers.shift()?.();
    }
    const ended = await ending;
    expect(most).toBe(END_ALL_CONCURRENCY);
    expect(client.invalidate).toHaveBeenCalledTimes(5);
    expect(ended.map(({ token, result }) => [token.at(-1), result.kind])).toEqual([
      ['1', 'invalidated'],
      ['2', 'invalidated'],
      ['3', 'invalidated'],
      ['4', 'invalidated'],
      ['5', 'already-ended'],
    ]);
  });
});
