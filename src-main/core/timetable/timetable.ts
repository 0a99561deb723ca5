/**
 * The teacher's day from the timetable (issue 18): the source of the lessons (a subscription, an
 * imported file, or the weekly table), the lesson now and next, the classroom the window opens
 * at a lesson's start, and, when the teacher said so, each lesson's end as a scheduled end of its
 * classroom, through the end schedule that already runs the teacher's own ("End at 10:50").
 *
 * The subscription is fetched at most every FETCH_EVERY_MS and on Refresh; a failure keeps the
 * last good copy (on disk) and is said in one sentence, in Settings and the tray, never as a
 * classroom banner. One timer, never waiting more than MAX_WAIT_MS, follows the lessons' starts
 * and ends and the next fetch, as the end schedule's does.
 *
 * The calendar is read in a thread of its own (calendarReader.ts), never on the main thread: a new
 * text when it comes, and the copy in use again each hour as the span slides. Whatever asks for
 * the lessons meanwhile gets those of the last reading.
 */
import type { Clock } from '../../../src-shared/clock';
import { SCHEDULE_AHEAD_HOURS, MAX_SCHEDULED_ENDS } from '../../../src-shared/limits';
import { scheduledEndKey, scheduleTargetKey } from '../../../src-shared/scheduleTarget';
import type { Logger } from '../logger';
import type { Notebook } from '../settings/accountNotebook';
import type { Timers } from '../classroom/refreshSchedule';
import { withScheduledEnd, withoutScheduledEnd } from '../scheduledEnds/scheduledEndRules';
import type { ScheduledEnd } from '../scheduledEnds/scheduledEndSettings';
import type { SettingsStore } from '../settings/settings';
import { timetableRooms, type TimetableSettings, type WeeklyLesson } from './timetableSettings';
import type { LessonView, ReadingReport, TimetableView } from './timetableView';
import { TeacherFacingError } from '../api/teacherFacing';
import type { TokenVault, VaultStatus } from '../account/vault';
import { en } from '../../../src-shared/i18n/en';
import { refusal, type FailureShown } from '../../../src-shared/refusal';
import { ApiInputError } from '../api/apiInput';
import type { CalendarEvent, CalendarReading } from './calendar';
import type { ReadOutcome, StartWorker } from './calendarReader';
import { CalendarReader } from './calendarReader';
import { fetchFeed, timetableRefusal } from './feed';
import type { Lesson } from './lessons';
import {
  bellsByClassroom,
  calendarLessons,
  newPlaces,
  nowAndNext,
  unmappedNow,
  weeklyLessons,
} from './lessons';
import type { TimetableCopy } from './timetableCopy';

export const FETCH_EVERY_MS = 15 * 60_000;
/** A classroom the teacher picked this recently stays open when a lesson starts. */
export const OWN_PICK_MS = 10 * 60_000;
const MAX_WAIT_MS = 60_000;
/** The keychain account of the subscription's address: not a URL, so never a service's token. */
export const SUBSCRIPTION_ACCOUNT = 'timetable-subscription';
/** How far the lessons are expanded, before and after now. */
const BEHIND_MS = 86_400_000;
const AHEAD_MS = 8 * 86_400_000;
/** The copy in use is read again this often, as the span slides. */
const READ_EVERY_MS = 3_600_000;
/** Places Settings asks about at once: the next lessons' first. */
export const MAX_PLACE_QUESTIONS = 5;

export type TimetableSourceInput =
  | { kind: 'subscription'; url: string }
  | { kind: 'file'; text: string }
  | { kind: 'weekly'; lessons: WeeklyLesson[] }
  | { kind: 'none' };

export interface TimetableOptions {
  settings: SettingsStore;
  vault: TokenVault;
  copy: TimetableCopy;
  fetch: typeof fetch;
  clock: Clock;
  timers: Timers;
  log: Logger;
  /** The IANA zone of the machine: the weekly table's and floating times'. */
  machineZone: () => string;
  /** The notebook of the session in use: where the bell's ends go. */
  notebook: () => Notebook | undefined;
  /** The view changed. */
  onChange: () => void;
  /** The timetable changed the schedule. */
  onSchedule: () => void;
  /** A lesson started (or the window opened during one): its classroom is shown. */
  openClassroom: (classroomId: string) => Promise<void>;
  /** Whether the window is shown now. */
  windowVisible: () => boolean;
  /** Starts the calendar reader's thread; default: from its TypeScript source (tsx). */
  startCalendarWorker?: StartWorker;
}

/** A new calendar the reader stopped: nothing of it is used (Settings says which part). */
export class CalendarTooComplexError extends ApiInputError {
  constructor() {
    super(en.refusals.calendarTooComplex, refusal('calendarTooComplex', {}));
  }
}

export class Timetable {
  readonly #options: TimetableOptions;
  readonly #reader: CalendarReader;
  #text: string | undefined;
  /** The last reading's occurrences, over the span from #readAt. */
  #events: CalendarEvent[] = [];
  #readAt = Number.NEGATIVE_INFINITY;
  /** #text changed since the last reading. */
  #unread = true;
  #reading: ReadingReport = { skipped: {}, stopped: null };
  #rereading: Promise<void> | undefined;
  #stopping: Promise<void> | undefined;
  #savedAt: string | null = null;
  #checkedAt: number | undefined;
  #problem: FailureShown | null = null;
  #subscription: VaultStatus | undefined;
  #lessonNow: string | undefined;
  /** When the last tick looked at the lessons: a start or end after it still needs a tick. */
  #tickedAt = Number.NEGATIVE_INFINITY;
  #pickedAt = Number.NEGATIVE_INFINITY;
  #handle: unknown;
  #fetching: Promise<void> | undefined;
  #syncing = false;
  #stopped = false;
  /** Calls off a fetch under way when ClassTray stops. */
  readonly #quitting = new AbortController();

  constructor(options: TimetableOptions) {
    this.#options = options;
    this.#reader = new CalendarReader(
      options.startCalendarWorker === undefined ? {} : { startWorker: options.startCalendarWorker },
    );
  }

  async start(): Promise<void> {
    const copy = this.#options.copy.read();
    if (copy !== undefined && this.#settings().source !== 'none') {
      this.#text = copy.text;
      this.#savedAt = copy.savedAt;
    }
    await this.#readSubscriptionStatus();
    this.#tick();
  }

  /** Stops the timer, calls off a fetch and ends the reader's thread. */
  stop(): void {
    this.#stopped = true;
    this.#quitting.abort();
    this.#cancel();
    this.#stopping = this.#reader.stop();
  }

  /** Resolves once no fetch or reading is under way (and the thread has ended, once stopped). */
  async settled(): Promise<void> {
    while (this.#fetching || this.#rereading) await (this.#fetching ?? this.#rereading);
    await this.#stopping;
  }

  view(): TimetableView {
    const timetable = this.#settings();
    const now = this.#options.clock();
    const lessons = this.#lessons(now);
    const { now: current, next } = nowAndNext(lessons, now);
    const scheduled = new Set(
      (this.#options.notebook()?.read().scheduledEnds ?? []).map(scheduledEndKey),
    );
    const lessonView = (lesson: Lesson | undefined): LessonView | null =>
      lesson === undefined
        ? null
        : {
            key: lesson.key,
            title: lesson.title,
            place: lesson.place,
            classroomId: lesson.classroomId,
            start: new Date(lesson.start).toISOString(),
            end: new Date(lesson.end).toISOString(),
            endsAccesses: scheduled.has(scheduledEndKey(bellOf(lesson))),
          };
    const status = this.#subscription;
    return {
      source: timetable.source,
      subscription:
        timetable.source === 'subscription' && status !== undefined
          ? { set: status.hasToken, location: status.location }
          : null,
      weekly: structuredClone([...timetable.weekly]),
      savedAt: timetable.source === 'weekly' ? null : this.#savedAt,
      checkedAt: this.#checkedAt === undefined ? null : new Date(this.#checkedAt).toISOString(),
      problem: this.#problem,
      reading:
        timetable.source === 'weekly'
          ? { skipped: {}, stopped: null }
          : structuredClone(this.#reading),
      places: structuredClone([...timetable.places]),
      newPlaces:
        timetable.source === 'weekly'
          ? []
          : newPlaces(this.#eventsAt(now), timetable.places, { now, max: MAX_PLACE_QUESTIONS }),
      bell: timetableRooms(timetable).map((classroomId) => ({
        classroomId,
        endsAccesses:
          timetable.bell.find((answer) => answer.classroomId === classroomId)?.endsAccesses ?? null,
      })),
      unmappedNow:
        timetable.source === 'weekly'
          ? null
          : unmappedNow(this.#eventsAt(now), timetable.places, now),
      now: lessonView(current),
      next: lessonView(next),
    };
  }

  /**
   * A new source replaces the old. A subscription is fetched first and kept only if it answers
   * with a calendar; a file only if it is one (read within the reader's budget). Either way the
   * copy on disk is the new text.
   */
  async setSource(input: TimetableSourceInput): Promise<void> {
    const { clock, copy, vault, settings } = this.#options;
    if (input.kind === 'subscription') {
      const answer = await fetchFeed(input.url, { fetch: this.#options.fetch });
      if (answer.kind !== 'fresh') throw timetableRefusal('timetableEmpty', {});
      const reading = await this.#check(answer.text);
      await vault.setToken(SUBSCRIPTION_ACCOUNT, input.url);
      this.#use(answer.text, reading, {
        ...(answer.etag === undefined ? {} : { etag: answer.etag }),
        ...(answer.lastModified === undefined ? {} : { lastModified: answer.lastModified }),
      });
      this.#checkedAt = clock();
    } else if (input.kind === 'file') {
      this.#use(input.text, await this.#check(input.text), {});
    } else {
      copy.clear();
      this.#text = undefined;
      this.#savedAt = null;
      this.#events = [];
      this.#reading = { skipped: {}, stopped: null };
    }
    if (input.kind !== 'subscription') await vault.forgetToken(SUBSCRIPTION_ACCOUNT);
    this.#problem = null;
    settings.update({
      timetable: {
        source: input.kind,
        ...(input.kind === 'weekly' ? { weekly: input.lessons } : {}),
      },
    });
    await this.#readSubscriptionStatus();
    this.#changed();
  }

  /**
   * The keychain answered after not answering: a subscription whose address waited on it is read
   * again and fetched now.
   */
  async keychainAnswered(): Promise<void> {
    if (this.#subscription?.keychainWaiting !== true) return;
    await this.#readSubscriptionStatus();
    await this.refresh();
  }

  /** Refresh: the subscription is fetched now. */
  async refresh(): Promise<void> {
    if (this.#settings().source !== 'subscription') return;
    await this.#fetch();
    this.#changed();
  }

  /** A place is this classroom (null: not a ClassTray room). */
  mapPlace(place: string, classroomId: string | null): void {
    const places = this.#settings().places.filter((mapping) => mapping.place !== place);
    this.#options.settings.update({
      timetable: { places: [...places, { place, classroomId }] },
    });
    this.#changed();
  }

  forgetPlace(place: string): void {
    const places = this.#settings().places.filter((mapping) => mapping.place !== place);
    this.#options.settings.update({ timetable: { places } });
    this.#changed();
  }

  /** The teacher's answer for one room; any other room keeps its own. */
  setEndAtBell(classroomId: string, on: boolean): void {
    const others = this.#settings().bell.filter((answer) => answer.classroomId !== classroomId);
    this.#options.settings.update({
      timetable: { bell: [...others, { classroomId, endsAccesses: on }] },
    });
    this.#changed();
  }

  /** "Keep accesses after this lesson": its end leaves the schedule, and stays off it. */
  keepAfter(key: string): void {
    const kept = [...this.#settings().kept.filter((other) => other !== key), key].slice(-100);
    this.#options.settings.update({ timetable: { kept } });
    this.#changed();
  }

  /**
   * An end left the schedule by the teacher's hand (Cancel end): one the timetable set is the
   * "Keep accesses after this lesson" of its lesson, so it is not set again.
   */
  endCancelled(end: ScheduledEnd): void {
    if (!this.#settings().bellEnds.includes(scheduledEndKey(end))) return;
    const now = this.#options.clock();
    const lesson = this.#lessons(now).find(
      (candidate) => scheduledEndKey(bellOf(candidate)) === scheduledEndKey(end),
    );
    if (lesson !== undefined) this.keepAfter(lesson.key);
  }

  /** The teacher picked a classroom: a lesson starting in the next minutes leaves it open. */
  classroomPicked(): void {
    this.#pickedAt = this.#options.clock();
  }

  /** The window opened: during a lesson it shows the lesson's classroom. */
  windowShown(): void {
    const { now } = nowAndNext(this.#lessons(this.#options.clock()), this.#options.clock());
    if (now !== undefined) this.#open(now);
  }

  /** The schedule changed (an end ran or was cancelled): the next bell may go on it. */
  scheduleChanged(): void {
    if (!this.#syncing) this.#syncBells(this.#options.clock());
  }

  #settings(): TimetableSettings {
    return this.#options.settings.get().timetable as TimetableSettings;
  }

  /** Reads the span around now in the reader's thread. */
  #read(text: string): { at: number; outcome: Promise<ReadOutcome> } {
    const at = this.#options.clock();
    const outcome = this.#reader.read(text, {
      from: at - BEHIND_MS,
      to: at + AHEAD_MS,
      machineZone: this.#options.machineZone(),
    });
    return { at, outcome };
  }

  /**
   * A new text, read before it is used: its reading, or a sentence for the teacher. A text the
   * reader stopped is said in Settings too (which part was too much); nothing of it is used.
   */
  async #check(text: string): Promise<{ at: number; reading: CalendarReading }> {
    const { at, outcome: pending } = this.#read(text);
    const outcome = await pending;
    switch (outcome.kind) {
      case 'read':
        return { at, reading: outcome.reading };
      case 'stopped':
        this.#stoppedAt(outcome);
        // Settings says which part, whatever did the asking.
        this.#options.onChange();
        throw new CalendarTooComplexError();
      case 'notCalendar':
        throw timetableRefusal('timetableNotCalendar', {});
      case 'failed':
        this.#options.log.error(`The timetable could not be read: ${outcome.error}`);
        throw timetableRefusal('timetableReadFailed', {});
      case 'cancelled':
        throw timetableRefusal('timetableNotReadQuitting', {});
    }
  }

  #stoppedAt(outcome: Extract<ReadOutcome, { kind: 'stopped' }>): void {
    const { limit, part } = outcome.stopped;
    this.#options.log.warn(
      `The timetable's reading was stopped (${limit}, ${Math.round(outcome.ms)} ms) at ${JSON.stringify(part)}`,
    );
    this.#reading = { ...this.#reading, stopped: outcome.stopped };
  }

  #use(
    text: string,
    { at, reading }: { at: number; reading: CalendarReading },
    validators: { etag?: string; lastModified?: string },
  ): void {
    const savedAt = new Date(this.#options.clock()).toISOString();
    try {
      this.#options.copy.write({ text, savedAt, ...validators });
    } catch (error) {
      this.#options.log.warn(`The timetable's copy could not be saved: ${String(error)}`);
    }
    this.#text = text;
    this.#savedAt = savedAt;
    this.#took(at, reading);
  }

  #took(at: number, reading: CalendarReading): void {
    this.#events = reading.events;
    this.#readAt = at;
    this.#unread = false;
    this.#reading = { skipped: reading.skipped, stopped: null };
  }

  /**
   * The copy in use, read again (the span slid, or the copy came from disk). Meanwhile, and if
   * this reading fails, the lessons stay those of the last reading.
   */
  #reread(): void {
    const text = this.#text;
    if (text === undefined || this.#rereading !== undefined || this.#stopped) return;
    const { at, outcome } = this.#read(text);
    this.#rereading = outcome
      .then((outcome) => {
        // A new text came meanwhile: it was read on its own.
        if (this.#text !== text || this.#stopped) return;
        this.#readAt = at;
        this.#unread = false;
        if (outcome.kind === 'read') {
          this.#took(at, outcome.reading);
        } else if (outcome.kind === 'stopped') {
          this.#stoppedAt(outcome);
        } else if (outcome.kind === 'notCalendar') {
          this.#problem = shown(timetableRefusal('timetableNotCalendar', {}));
        } else if (outcome.kind === 'failed') {
          this.#options.log.error(`The timetable could not be read: ${outcome.error}`);
          this.#problem = shown(timetableRefusal('timetableReadFailed', {}));
        }
        this.#changed();
      })
      .finally(() => {
        this.#rereading = undefined;
      });
  }

  async #readSubscriptionStatus(): Promise<void> {
    this.#subscription =
      this.#settings().source === 'subscription'
        ? await this.#options.vault.status(SUBSCRIPTION_ACCOUNT)
        : undefined;
  }

  #fetch(): Promise<void> {
    this.#fetching ??= this.#fetchOnce().finally(() => {
      this.#fetching = undefined;
    });
    return this.#fetching;
  }

  async #fetchOnce(): Promise<void> {
    const { clock, copy, vault, log } = this.#options;
    this.#checkedAt = clock();
    const url = await vault.getToken(SUBSCRIPTION_ACCOUNT);
    if (url === null) {
      this.#problem = shown(timetableRefusal('timetableAddressMissing', {}));
      return;
    }
    const kept = copy.read();
    try {
      const answer = await fetchFeed(url, {
        fetch: this.#options.fetch,
        etag: kept?.etag,
        lastModified: kept?.lastModified,
        signal: this.#quitting.signal,
      });
      if (answer.kind === 'fresh') {
        this.#use(answer.text, await this.#check(answer.text), {
          ...(answer.etag === undefined ? {} : { etag: answer.etag }),
          ...(answer.lastModified === undefined ? {} : { lastModified: answer.lastModified }),
        });
      }
      this.#problem = null;
    } catch (error) {
      if (!(error instanceof TeacherFacingError)) throw error;
      if (this.#stopped) return;
      // Said in Settings by `reading.stopped`, with the part that was too much.
      if (error instanceof CalendarTooComplexError) return;
      // Teacher-facing sentences here never hold the address.
      this.#problem = shown(error);
      log.warn(`Timetable fetch failed: ${error.message}`);
    }
  }

  /** The last reading's events; read again, in the background, once an hour has passed. */
  #eventsAt(now: number): CalendarEvent[] {
    if (this.#text === undefined || this.#settings().source === 'weekly') return [];
    if (this.#unread || now - this.#readAt > READ_EVERY_MS || now < this.#readAt) this.#reread();
    return this.#events;
  }

  #lessons(now: number): Lesson[] {
    const timetable = this.#settings();
    if (timetable.source === 'weekly') {
      return weeklyLessons(timetable.weekly, {
        from: now - BEHIND_MS,
        to: now + AHEAD_MS,
        machineZone: this.#options.machineZone(),
      });
    }
    return calendarLessons(this.#eventsAt(now), timetable.places);
  }

  #changed(): void {
    this.#syncBells(this.#options.clock());
    this.#options.onChange();
    this.#arm();
  }

  /** A lesson under way that was not at the last tick: its classroom opens. */
  #tick(): void {
    if (this.#stopped) return;
    const now = this.#options.clock();
    const { now: current } = nowAndNext(this.#lessons(now), now);
    const started = current !== undefined && current.key !== this.#lessonNow;
    this.#lessonNow = current?.key;
    this.#tickedAt = now;
    if (started) {
      // Said in the log: IT asking why the window changed room, or did not, finds it there.
      const visible = this.#options.windowVisible();
      const own = now - this.#pickedAt < OWN_PICK_MS;
      this.#options.log.info(
        `A lesson started in classroom "${current.classroomId}": ${
          own
            ? 'the room the teacher picked stays open'
            : visible
              ? 'it opens'
              : 'it opens when the window is shown'
        }`,
      );
      if (visible) this.#open(current);
    }
    const due =
      this.#settings().source === 'subscription' &&
      (this.#checkedAt === undefined || now - this.#checkedAt >= FETCH_EVERY_MS);
    if (due) {
      void this.#fetch()
        .catch((error: unknown) => this.#options.log.error('Timetable fetch failed', error))
        .finally(() => this.#changed());
    }
    this.#changed();
  }

  #open(lesson: Lesson): void {
    if (this.#options.clock() - this.#pickedAt < OWN_PICK_MS) return;
    if (this.#options.notebook()?.read().current === lesson.classroomId) return;
    this.#options
      .openClassroom(lesson.classroomId)
      .catch((error: unknown) =>
        this.#options.log.warn(`The lesson's classroom could not be opened: ${String(error)}`),
      );
  }

  #arm(): void {
    this.#cancel();
    if (this.#stopped) return;
    const now = this.#options.clock();
    // Not only those after now: a timer may fire a moment early, and a start that passes while
    // its tick runs would otherwise wait for the next minute's tick (or never come, in a short
    // lesson). One the last tick did not see is due at once.
    const moments = this.#lessons(now)
      .flatMap((lesson) => [lesson.start, lesson.end])
      .filter((moment) => moment > this.#tickedAt);
    if (this.#settings().source === 'subscription') {
      moments.push((this.#checkedAt ?? now) + FETCH_EVERY_MS);
    }
    const wait = Math.min(MAX_WAIT_MS, ...moments.map((moment) => moment - now));
    this.#handle = this.#options.timers.setTimeout(
      () => {
        this.#handle = undefined;
        this.#tick();
      },
      Math.max(0, wait),
    );
  }

  #cancel(): void {
    if (this.#handle !== undefined) this.#options.timers.clearTimeout(this.#handle);
    this.#handle = undefined;
  }

  /**
   * Puts each classroom's next bell on the schedule, in place of the timetable's earlier end for
   * it; leaves alone an end the teacher set, and one of ours already due (it runs, late if need
   * be). In a room without the teacher's yes, the timetable's ends leave the schedule.
   */
  #syncBells(now: number): void {
    const notebook = this.#options.notebook();
    if (notebook === undefined) return;
    const timetable = this.#settings();
    const ours = new Set(timetable.bellEnds);
    // Only the rooms the teacher said yes for: a room never takes another's answer.
    const yes = new Set(
      timetable.bell.filter((answer) => answer.endsAccesses).map((answer) => answer.classroomId),
    );
    const bells = new Map(
      [
        ...bellsByClassroom(this.#lessons(now), now, {
          kept: timetable.kept,
          aheadMs: SCHEDULE_AHEAD_HOURS * 3_600_000,
        }),
      ].filter(([classroomId]) => yes.has(classroomId)),
    );
    const before = notebook.read().scheduledEnds;
    let ends: ScheduledEnd[] = [...before];
    for (const end of before) {
      if (!ours.has(scheduledEndKey(end)) || !('classroomId' in end.target)) continue;
      const bell = bells.get(end.target.classroomId);
      const due = Date.parse(end.at) <= now;
      if (!due && (bell === undefined || scheduledEndKey(bellOf(bell)) !== scheduledEndKey(end))) {
        ends = withoutScheduledEnd(ends, end.target);
      }
    }
    for (const bell of bells.values()) {
      const end = bellOf(bell);
      if (ends.some((other) => scheduleTargetKey(other.target) === scheduleTargetKey(end.target))) {
        continue;
      }
      if (ends.length >= MAX_SCHEDULED_ENDS) break;
      ends = withScheduledEnd(ends, end);
    }
    const kept = new Set(ends.map(scheduledEndKey));
    const bellEnds = [
      ...timetable.bellEnds.filter((key) => kept.has(key)),
      ...[...bells.values()]
        .map((bell) => scheduledEndKey(bellOf(bell)))
        .filter((key) => kept.has(key) && !ours.has(key)),
    ];
    const changed =
      ends.length !== before.length || ends.some((end, index) => before[index] !== end);
    this.#syncing = true;
    try {
      if (changed) notebook.write({ scheduledEnds: ends });
      if (bellEnds.join('\n') !== timetable.bellEnds.join('\n')) {
        this.#options.settings.update({ timetable: { bellEnds } });
      }
      if (changed) this.#options.onSchedule();
    } catch (error) {
      this.#options.log.error("The lessons' ends could not be scheduled", error);
    } finally {
      this.#syncing = false;
    }
  }
}

/** A failure as the window words it: the English sentence, and the refusal it translates. */
const shown = ({ message, refusal: carried }: TeacherFacingError): FailureShown =>
  carried === undefined ? { message } : { message, refusal: carried };

/** A lesson's end as a scheduled end of its classroom. */
const bellOf = (lesson: Lesson): ScheduledEnd => ({
  at: new Date(lesson.end).toISOString(),
  target: { classroomId: lesson.classroomId },
});
