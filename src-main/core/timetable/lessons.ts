/**
 * Lessons: the timetable's events that happen in a ClassTray classroom. Pure: which events are
 * lessons (their place mapped to a classroom), which places are new, the typed weekly table as
 * lessons, the lesson now and the next, and the end each classroom's accesses get.
 */
import type { TimetableSettings, WeeklyLesson } from './timetableSettings';
import type { CalendarEvent } from './calendar';
import { instantOf, wallTimeIn } from './zones';

export interface Lesson {
  /** The same occurrence across fetches, even when moved (see CalendarEvent.key). */
  key: string;
  title: string;
  /** What the classroom was matched by: the LOCATION, else the SUMMARY; null for a typed one. */
  place: string | null;
  classroomId: string;
  start: number;
  end: number;
}

type Places = TimetableSettings['places'];

/** The place an event is matched by: its LOCATION, else its SUMMARY. */
const placeOf = (event: CalendarEvent): string | null =>
  event.location ?? (event.title === '' ? null : event.title);

/** The events whose place is mapped to a classroom. */
export function calendarLessons(events: readonly CalendarEvent[], places: Places): Lesson[] {
  const rooms = new Map(places.map(({ place, classroomId }) => [place, classroomId]));
  const lessons: Lesson[] = [];
  for (const event of events) {
    const place = placeOf(event);
    const classroomId = place === null ? undefined : rooms.get(place);
    if (place === null || classroomId === undefined || classroomId === null) continue;
    const { key, title, start, end } = event;
    lessons.push({ key, title, place, classroomId, start, end });
  }
  return lessons;
}

/**
 * The locations to ask about, a few at a time: of timed events only, those still to end first
 * (soonest first), then those already over. An all-day event or one without a location is a
 * lesson only when the teacher maps its place in the list by hand.
 */
export function newPlaces(
  events: readonly CalendarEvent[],
  places: Places,
  { now, max }: { now: number; max: number },
): string[] {
  const known = new Set(places.map(({ place }) => place));
  const found = new Set<string>();
  const ahead = events.filter((event) => event.end > now);
  const over = events.filter((event) => event.end <= now);
  for (const event of [...ahead, ...over]) {
    if (found.size >= max) break;
    if (!event.allDay && event.location !== null && !known.has(event.location)) {
      found.add(event.location);
    }
  }
  return [...found];
}

/**
 * A timed event under way now whose location is not mapped yet (the latest to start, if several):
 * a lesson ClassTray cannot place, said in the header so the teacher can map it.
 */
export function unmappedNow(
  events: readonly CalendarEvent[],
  places: Places,
  now: number,
): { title: string; place: string; end: string } | null {
  const known = new Set(places.map(({ place }) => place));
  const under = events
    .filter(
      (event) =>
        !event.allDay &&
        event.location !== null &&
        !known.has(event.location) &&
        event.start <= now &&
        now < event.end,
    )
    .sort((a, b) => a.start - b.start)
    .at(-1);
  return under === undefined || under.location === null
    ? null
    : { title: under.title, place: under.location, end: new Date(under.end).toISOString() };
}

/** The weekly table's lessons between `from` and `to`, in the machine's zone. */
export function weeklyLessons(
  weekly: readonly WeeklyLesson[],
  span: { from: number; to: number; machineZone: string },
): Lesson[] {
  const zone = { kind: 'iana' as const, name: span.machineZone };
  const lessons: Lesson[] = [];
  for (let day = span.from - 86_400_000; day < span.to + 86_400_000; day += 86_400_000) {
    const { year, month, day: date } = wallTimeIn(span.machineZone, day);
    const weekday = ((new Date(Date.UTC(year, month - 1, date)).getUTCDay() + 6) % 7) + 1;
    for (const lesson of weekly) {
      if (lesson.weekday !== weekday) continue;
      const at = (time: string) => {
        const [hour = 0, minute = 0] = time.split(':').map(Number);
        return instantOf({ year, month, day: date, hour, minute, second: 0 }, zone);
      };
      const start = at(lesson.start);
      const end = at(lesson.end);
      if (end <= span.from || start >= span.to) continue;
      const dateText = `${year}-${String(month).padStart(2, '0')}-${String(date).padStart(2, '0')}`;
      lessons.push({
        key: `weekly:${dateText}T${lesson.start}/${lesson.classroomId}`,
        title: '',
        place: null,
        classroomId: lesson.classroomId,
        start,
        end,
      });
    }
  }
  // A day walked twice (a short day at a daylight-saving change) gives the same key twice.
  const unique = new Map(lessons.map((lesson) => [lesson.key, lesson]));
  return [...unique.values()].sort((a, b) => a.start - b.start);
}

/** The lesson under way now (the one that started last, if two overlap) and the next to start. */
export function nowAndNext(
  lessons: readonly Lesson[],
  now: number,
): { now: Lesson | undefined; next: Lesson | undefined } {
  const sorted = [...lessons].sort((a, b) => a.start - b.start);
  const current = sorted.filter((lesson) => lesson.start <= now && now < lesson.end).at(-1);
  const next = sorted.find((lesson) => lesson.start > now);
  return { now: current, next };
}

/**
 * Each classroom's next bell: the end of its soonest lesson still to end, within `aheadMs`,
 * unless the teacher keeps accesses after that lesson. A kept lesson still holds its room until
 * it ends: a later lesson's end is never scheduled (nor shown) while it is not the room's next.
 * By classroom id.
 */
export function bellsByClassroom(
  lessons: readonly Lesson[],
  now: number,
  options: { kept: readonly string[]; aheadMs: number },
): Map<string, Lesson> {
  const kept = new Set(options.kept);
  const next = new Map<string, Lesson>();
  for (const lesson of [...lessons].sort((a, b) => a.end - b.end)) {
    if (lesson.end <= now || lesson.end > now + options.aheadMs) continue;
    if (!next.has(lesson.classroomId)) next.set(lesson.classroomId, lesson);
  }
  return new Map([...next].filter(([, lesson]) => !kept.has(lesson.key)));
}
