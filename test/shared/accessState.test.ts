import { describe, expect, it } from 'vitest';
import type { AccessRecord } from '../../src-shared/accessState';
import { runningIn } from '../../src-shared/accessState';

const failed = { kind: 'failed', problem: { kind: 'network' } } as const;
const ended = { kind: 'invalidated', sessionExpiresAt: '2030-01-01T00:00:00.000Z' } as const;

describe('the accesses running in a classroom', () => {
  it('are those given there and not ended, in their order, as a view shows them', () => {
    const accesses = [
      { token: 'a', classroomId: 'room-12', state: { kind: 'given' } },
      { token: 'b', classroomId: 'room-12', state: ended },
      { token: 'c', classroomId: 'lab-1', state: { kind: 'given' } },
      { token: 'd', classroomId: null, state: { kind: 'given' } },
      { token: 'e', classroomId: 'room-12', state: failed },
      { token: 'f', classroomId: 'room-12', state: { kind: 'unknown' } },
    ] satisfies (AccessRecord & { token: string })[];
    expect(runningIn(accesses, 'room-12').map(({ token }) => token)).toEqual(['a', 'e']);
    expect(runningIn(accesses, null)).toEqual([]);
  });

  it('read the same from the core’s records, where no outcome yet means given', () => {
    const records = [
      { token: 'a', classroomId: 'room-12' },
      { token: 'b', classroomId: 'room-12', lastOutcome: ended },
      { token: 'c', classroomId: 'room-12', lastOutcome: failed },
      { token: 'd', lastOutcome: failed },
      { token: 'e', classroomId: 'lab-1' },
    ] satisfies (AccessRecord & { token: string })[];
    expect(runningIn(records, 'room-12').map(({ token }) => token)).toEqual(['a', 'c']);
    expect(runningIn(records, 'lab-1').map(({ token }) => token)).toEqual(['e']);
  });
});
