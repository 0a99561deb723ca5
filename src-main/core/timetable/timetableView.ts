/**
 * The timetable's part of the window's state: the lessons now and next, where they come from,
 * and how the last reading of the calendar went. The API shows it as it is (classTrayApi.ts).
 */
import type { FailureShown } from '../../../src-shared/refusal';
import type { TokenLocation } from '../account/vault';
import type { SkipReason } from './calendar';
import type { StoppedReading } from './calendarReader';
import type { TimetableSettings, TimetableSource, WeeklyLesson } from './timetableSettings';

export interface LessonView {
  key: string;
  title: string;
  place: string | null;
  classroomId: string;
  /** ISO times. */
  start: string;
  end: string;
  /** Its end is on the schedule: it ends the classroom's accesses. */
  endsAccesses: boolean;
}

export interface TimetableView {
  source: TimetableSource;
  /** Where the subscription's address is kept (never the address); null without one. */
  subscription: { set: boolean; location: TokenLocation } | null;
  weekly: WeeklyLesson[];
  /** ISO time of the copy in use (fetched or imported); null: none. */
  savedAt: string | null;
  /** ISO time of the last fetch attempt; null: none this run. */
  checkedAt: string | null;
  /** The last fetch or read failed, in one sentence and the refusal the window words; the copy
   * in use is older. */
  problem: FailureShown | null;
  /** How the last reading of the calendar went (nothing to say for the weekly table). */
  reading: ReadingReport;
  places: TimetableSettings['places'];
  /**
   * Locations of the lessons in the span not mapped yet, at most MAX_PLACE_QUESTIONS (the next
   * lessons' first): Settings asks which classroom each is.
   */
  newPlaces: string[];
  /**
   * Each room the lessons are in, with the teacher's answer to "End the accesses in this room
   * when a lesson there ends?" (null: not asked yet; asked once a lesson maps to it).
   */
  bell: { classroomId: string; endsAccesses: boolean | null }[];
  /**
   * A lesson under way in a place not mapped yet (neither a classroom nor "not a ClassTray room"):
   * the header names it and asks which classroom it is.
   */
  unmappedNow: { title: string; place: string; end: string } | null;
  now: LessonView | null;
  next: LessonView | null;
}

export interface ReadingReport {
  /** Events of the calendar in use that were left out, by why. */
  skipped: Partial<Record<SkipReason, number>>;
  /**
   * The last reading was too much and was stopped: the lessons are those of the reading before
   * it (or none). Null once a reading succeeds.
   */
  stopped: StoppedReading | null;
}
