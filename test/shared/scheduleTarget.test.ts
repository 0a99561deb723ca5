import { describe, expect, it } from 'vitest';
import { scheduledEndKey, scheduleTargetKey, targetNames } from '../../src-shared/scheduleTarget';

const TOKEN = '3f2c1a4e-8b7d-4c6e-9a1b-2d3e4f5a6b7c';
const state = {
  classroom: {
    id: 'lab-1',
    nickname: null,
    recent: [{ id: 'lab-1' }, { id: 'r12', nickname: 'Room 12' }],
  },
  temporalAccesses: [
    { token: TOKEN, studentName: 'Ana', deviceAlias: null, remoteId: '100000003' },
  ],
};

describe('a scheduled end target', () => {
  it('has one key whatever the case of its token or the writing of its time', () => {
    expect(scheduleTargetKey({ token: TOKEN.toUpperCase() })).toBe(
      scheduleTargetKey({ token: TOKEN }),
    );
    expect(scheduleTargetKey({ token: 'lab-1' })).not.toBe(
      scheduleTargetKey({ classroomId: 'lab-1' }),
    );
    expect(scheduledEndKey({ target: { classroomId: 'r12' }, at: '2026-01-05T09:50:00Z' })).toBe(
      scheduledEndKey({ target: { classroomId: 'r12' }, at: '2026-01-05T10:50:00.000+01:00' }),
    );
  });

  it('is named by the classroom nickname or id, or the student and device as far as known', () => {
    expect(targetNames({ classroomId: 'r12' }, state)).toEqual({ classroom: 'Room 12' });
    expect(targetNames({ classroomId: 'lab-1' }, state)).toEqual({ classroom: 'lab-1' });
    expect(targetNames({ classroomId: 'gone' }, state)).toEqual({ classroom: 'gone' });
    expect(targetNames({ token: TOKEN.toUpperCase() }, state)).toEqual({
      student: 'Ana',
      device: '100000003',
      token: TOKEN.toUpperCase(),
    });
    expect(targetNames({ token: 'unknown' }, state)).toEqual({
      student: null,
      device: null,
      token: 'unknown',
    });
  });
});
