/**
 * Which lesson's end goes on the schedule as its room's bell (src-main/core/timetable/lessons.ts):
 * the room's next lesson's only, so "All end at 07:25" never shows for a later lesson while the
 * room's lesson under way is one the teacher keeps accesses after.
 */
import { describe, expect, it } from 'vitest';
import { bellsByClassroom, type Lesson } from '../../../src-main/core/timetable/lessons';

const MINUTE = 60_000;
const NOW = Date.UTC(2026, 0, 7, 6, 0);
const AHEAD = { aheadMs: 24 * 60 * MINUTE };

const lesson = (key: string, classroomId: string, startIn: number, endIn: number): Lesson => ({
  key,
  title: key,
  place: null,
  classroomId,
  start: NOW + startIn * MINUTE,
  end: NOW + endIn * MINUTE,
});

const maths = lesson('maths', 'room-12', -10, 35);
const physics = lesson('physics', 'room-12', 40, 85);
const art = lesson('art', 'library', 5, 50);
const bells = (kept: string[], now = NOW) =>
  Object.fromEntries(
    [...bellsByClassroom([physics, art, maths], now, { ...AHEAD, kept })].map(([room, bell]) => [
      room,
      bell.key,
    ]),
  );

describe("a room's bell", () => {
  it("is its next lesson's end, one per room", () => {
    expect(bells([])).toEqual({ 'room-12': 'maths', library: 'art' });
  });

  it("is none while the lesson under way is kept, never a later lesson's end", () => {
    expect(bells(['maths'])).toEqual({ library: 'art' });
  });

  it('is the later lesson once the kept one is over and the later one is the next', () => {
    expect(bells(['maths'], maths.end)).toEqual({ 'room-12': 'physics', library: 'art' });
  });
});
