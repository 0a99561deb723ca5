import { describe, expect, it } from 'vitest';
import type { CalendarEvent } from '../../../src-main/core/timetable/calendar';
import { newPlaces } from '../../../src-main/core/timetable/lessons';

const NOW = Date.parse('2026-11-24T10:00:00Z');
const MINUTE = 60_000;

const event = (index: number, overrides: Partial<CalendarEvent> = {}): CalendarEvent => ({
  key: `lesson-${index}@x`,
  title: 'Lesson',
  location: `Room ${index}`,
  allDay: false,
  start: NOW + index * MINUTE,
  end: NOW + (index + 50) * MINUTE,
  ...overrides,
});

describe('the places Settings asks about', () => {
  it('are five at a time of 10,000 distinct locations, the next lessons first', () => {
    const events = Array.from({ length: 10_000 }, (_, index) => event(index));
    expect(newPlaces(events, [], { now: NOW, max: 5 })).toEqual([
      'Room 0',
      'Room 1',
      'Room 2',
      'Room 3',
      'Room 4',
    ]);
  });

  it('skip places already mapped, all-day events and lessons already over until none is left ahead', () => {
    const events = [
      event(-120, { location: 'Over' }),
      event(1, { location: 'Hall', allDay: true }),
      event(2, { location: 'R12' }),
      event(3, { location: 'R12' }),
      event(4, { location: null }),
      event(5, { location: 'Lab 1' }),
    ];
    const places = [{ place: 'Lab 1', classroomId: 'lab-1' }];
    expect(newPlaces(events, places, { now: NOW, max: 2 })).toEqual(['R12', 'Over']);
    expect(newPlaces(events, places, { now: NOW, max: 1 })).toEqual(['R12']);
  });
});
