/**
 * What ClassTray saw of each device's online status, kept across restarts (availability.json in
 * the data folder): when it last saw it online and since when it has been offline, learned only
 * from the lists it read. A time it did not watch is never claimed: a device first seen offline
 * (or seen again after a gap) is "offline since at least" that look.
 *
 * Per account (the demo school is one, whatever its port), per remote id, so a device that moves
 * between rooms keeps its history. No names of students, no passwords: remote ids, times and the
 * account page a device was last listed on (so a room's check reads only its pages).
 * Bounded: a device unseen for 30 days is dropped, and at most MAX_DEVICES are kept. Written
 * atomically (0600); a file that cannot be read is set aside (renamed, logged), never a refusal.
 */
import { mkdir, rename } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { FILE_CAPS, mebibytes, readCapped, type CappedText } from '../../dataFolder/fileCaps';
import { PRIVATE_FOLDER_MODE, replaceFileNoFollow } from '../../dataFolder/privateFolder';
import type { Clock } from '../../../src-shared/clock';
import type { DeviceHistory } from '../../../src-shared/readinessReport';
import type { Timers } from '../classroom/refreshSchedule';
import type { Logger } from '../logger';

export const AVAILABILITY_FILE = 'availability.json';
/** A device not seen for this long is forgotten. */
export const FORGET_AFTER_MS = 30 * 24 * 3_600_000;
/** The most devices kept, over every account (the least recently seen go first). */
export const MAX_DEVICES = 20_000;
/**
 * Two looks further apart than this say nothing of the time between them: an online device seen
 * offline after such a gap is "offline since at least" the second look.
 */
export const WATCH_GAP_MS = 15 * 60_000;
/**
 * With timers, the file is written at most this often (and when ClassTray closes): a refresh of
 * a large room whose devices keep changing does not rewrite it every few seconds.
 */
export const WRITE_EVERY_MS = 10_000;

/**
 * Times are ISO 8601 in the file and epoch ms in memory: a refresh of a large room compares and
 * sets them for every device (Date.parse twice a device in `worthWriting` cost a 5,000-device
 * refresh about a sixth of its time), and only a write turns them back into text.
 */
const iso = z.iso
  .datetime({ offset: true })
  .transform((text) => Date.parse(text))
  .pipe(z.number());
const entrySchema = z.strictObject({
  /** The last look that saw it online. */
  onlineAt: iso.nullable(),
  /** Offline since this look; null while online or unknown. */
  offlineSince: iso.nullable(),
  /** The look before `offlineSince` did not see it online: it may have been offline before. */
  atLeast: z.boolean(),
  /** The last look at its status (online, offline or not listed). */
  seenAt: iso,
  /** The account page it was last listed on. */
  page: z.number().int().min(1).optional(),
});
/** One device's history in memory, its times in epoch ms; changed in place by each look. */
type Entry = z.output<typeof entrySchema>;

const fileSchema = z.strictObject({
  version: z.literal(1),
  accounts: z.record(z.string().min(1), z.record(z.string().min(1), entrySchema)),
});

/** One look at a device: its online status (null: not listed), and the page it was on. */
export interface Sighting {
  remoteId: string;
  online: boolean | null;
  page?: number;
}

export class Availability {
  readonly #file: string;
  readonly #log: Logger;
  readonly #clock: Clock;
  #accounts = new Map<string, Map<string, Entry>>();
  readonly #timers: Pick<Timers, 'setTimeout' | 'clearTimeout'> | undefined;
  #saving: Promise<void> = Promise.resolve();
  #dirty = false;
  #writtenAt = -Infinity;
  #timer: unknown;
  #closed = false;

  constructor(
    dataDir: string,
    log: Logger,
    clock: Clock,
    timers?: Pick<Timers, 'setTimeout' | 'clearTimeout'>,
  ) {
    this.#file = path.join(dataDir, AVAILABILITY_FILE);
    this.#log = log;
    this.#clock = clock;
    this.#timers = timers;
  }

  /**
   * Reads the file; one that is damaged or not ours is set aside and ClassTray starts afresh.
   * `readOnly` (the command line, beside a running app): such a file is only passed over.
   */
  async load(options: { readOnly?: boolean } = {}): Promise<void> {
    let read: CappedText;
    try {
      read = readCapped(this.#file, FILE_CAPS.availability);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
        this.#log.warn(`The availability history could not be read: ${String(error)}`);
      }
      return;
    }
    if ('tooLarge' in read) {
      const why = `it is ${mebibytes(read.tooLarge)}, over its cap of ${mebibytes(FILE_CAPS.availability)} (not read)`;
      if (options.readOnly !== true) await this.#setAside(why);
      return;
    }
    let parsed: z.ZodSafeParseResult<z.infer<typeof fileSchema>>;
    try {
      parsed = fileSchema.safeParse(JSON.parse(read.text));
    } catch {
      parsed = fileSchema.safeParse(undefined);
    }
    if (!parsed.success && options.readOnly === true) return;
    if (!parsed.success) {
      await this.#setAside('it could not be read');
      return;
    }
    // A time after this reading came from a clock that ran ahead: it would say "offline since"
    // a time to come and keep the device past its 30 days. It is taken as this reading's time.
    const readAt = this.#clock();
    let clamped = false;
    for (const [account, devices] of Object.entries(parsed.data.accounts)) {
      const entries = new Map(Object.entries(devices));
      for (const entry of entries.values()) clamped = notAfter(entry, readAt) || clamped;
      this.#accounts.set(account, entries);
    }
    this.#prune();
    if (clamped && options.readOnly !== true) this.#save();
  }

  /** Renames the file aside and logs why: ClassTray starts without history. */
  async #setAside(why: string): Promise<void> {
    const aside = `${this.#file}.unreadable-${String(this.#clock())}`;
    try {
      await rename(this.#file, aside);
      this.#log.warn(
        `The availability history ${this.#file} was set aside as ${aside}: ${why}; starting without history.`,
      );
    } catch (error) {
      this.#log.warn(`The availability history could not be set aside: ${String(error)}`);
    }
  }

  /** What ClassTray knows of this device of this account. */
  of(account: string, remoteId: string): DeviceHistory | undefined {
    const entry = this.#accounts.get(account)?.get(remoteId);
    if (entry === undefined) return undefined;
    const { onlineAt, offlineSince, atLeast } = entry;
    return { onlineAt: isoOrNull(onlineAt), offlineSince: isoOrNull(offlineSince), atLeast };
  }

  /** The account page each of these devices was last listed on, where known. */
  pagesOf(account: string, remoteIds: readonly string[]): Map<string, number> {
    const devices = this.#accounts.get(account);
    const pages = new Map<string, number>();
    for (const id of remoteIds) {
      const page = devices?.get(id)?.page;
      if (page !== undefined) pages.set(id, page);
    }
    return pages;
  }

  /** Takes in one look at these devices, made at `at`; the file follows. */
  saw(account: string, sightings: readonly Sighting[], at: number): void {
    let devices = this.#accounts.get(account);
    if (devices === undefined) {
      devices = new Map();
      this.#accounts.set(account, devices);
    }
    // The time a look is written as (whole ms, as an ISO string holds it).
    const now = new Date(at).getTime();
    let news = false;
    for (const sighting of sightings) {
      const entry = devices.get(sighting.remoteId);
      if (entry === undefined) {
        devices.set(sighting.remoteId, first(sighting, now));
        news = true;
      } else {
        // A time kept from a clock that ran ahead is taken as this look's first.
        news = notAfter(entry, now) || news;
        news = looked(entry, sighting, now) || news;
      }
    }
    if (news) this.#save();
  }

  /** Writes what was seen so far now, and resolves once it is on disk (or its write failed, logged). */
  async flushed(): Promise<void> {
    if (this.#timer !== undefined) {
      this.#timers?.clearTimeout(this.#timer);
      this.#timer = undefined;
      this.#writeSoon();
    }
    for (;;) {
      const saving = this.#saving;
      await saving;
      if (saving === this.#saving) return;
    }
  }

  /**
   * Writes what was seen and then writes no more: a refresh that lands while ClassTray closes
   * must not write into a folder being removed or handed on.
   */
  async close(): Promise<void> {
    // First: a sighting while the last write runs must not arm a timer that writes after it.
    this.#closed = true;
    await this.flushed();
  }

  #save(): void {
    if (this.#closed) return;
    this.#dirty = true;
    if (this.#timer !== undefined) return;
    const since = this.#clock() - this.#writtenAt;
    const wait =
      this.#timers === undefined
        ? 0
        : Math.min(WRITE_EVERY_MS, Math.max(0, WRITE_EVERY_MS - since));
    if (wait === 0 || this.#timers === undefined) {
      this.#writeSoon();
      return;
    }
    this.#timer = this.#timers.setTimeout(() => {
      this.#timer = undefined;
      this.#writeSoon();
    }, wait);
  }

  /** One write at a time; what is seen meanwhile goes out in the next one. */
  #writeSoon(): void {
    this.#saving = this.#saving.then(async () => {
      if (!this.#dirty) return;
      this.#dirty = false;
      this.#writtenAt = this.#clock();
      this.#prune();
      await this.#write();
    });
  }

  /** Drops devices unseen for 30 days, then the least recently seen beyond MAX_DEVICES. */
  #prune(): void {
    const oldest = this.#clock() - FORGET_AFTER_MS;
    const kept: { account: string; id: string; seenAt: number }[] = [];
    for (const [account, devices] of this.#accounts) {
      for (const [id, { seenAt }] of devices) {
        if (seenAt < oldest) devices.delete(id);
        else kept.push({ account, id, seenAt });
      }
      if (devices.size === 0) this.#accounts.delete(account);
    }
    if (kept.length <= MAX_DEVICES) return;
    kept.sort((a, b) => a.seenAt - b.seenAt);
    for (const { account, id } of kept.slice(0, kept.length - MAX_DEVICES)) {
      this.#accounts.get(account)?.delete(id);
    }
  }

  async #write(): Promise<void> {
    const accounts: Record<string, Record<string, z.input<typeof entrySchema>>> = {};
    for (const [account, devices] of this.#accounts) {
      const written: Record<string, z.input<typeof entrySchema>> = {};
      for (const [id, entry] of devices) written[id] = asWritten(entry);
      accounts[account] = written;
    }
    const text = JSON.stringify({ version: 1, accounts });
    try {
      await mkdir(path.dirname(this.#file), { recursive: true, mode: PRIVATE_FOLDER_MODE });
      await replaceFileNoFollow(this.#file, text);
    } catch (error) {
      this.#log.warn(`The availability history could not be written: ${String(error)}`);
    }
  }
}

/**
 * Takes each of the entry's times after `at` (a clock that ran ahead) as `at`, in place; true
 * when one was.
 */
function notAfter(entry: Entry, at: number): boolean {
  // Compared inline, no closure made: it runs for every device of every look.
  const { seenAt, onlineAt, offlineSince } = entry;
  const ahead = seenAt > at || (onlineAt !== null && onlineAt > at);
  if (!ahead && !(offlineSince !== null && offlineSince > at)) return false;
  entry.seenAt = Math.min(entry.seenAt, at);
  if (entry.onlineAt !== null) entry.onlineAt = Math.min(entry.onlineAt, at);
  if (entry.offlineSince !== null) entry.offlineSince = Math.min(entry.offlineSince, at);
  return true;
}

/** A look that only says "still the same" is written once an hour, not at every refresh. */
export const REWRITE_SAME_AFTER_MS = 3_600_000;

/**
 * Times as ISO text, the last few remembered: the devices of one look share its time, so a room
 * of 5,000 written or read after a refresh needs a handful of conversions, not 15,000.
 */
const recentIso = new Map<number, string>();
const RECENT_ISO_KEPT = 64;
function isoText(time: number): string {
  let text = recentIso.get(time);
  if (text === undefined) {
    text = new Date(time).toISOString();
    if (recentIso.size >= RECENT_ISO_KEPT) recentIso.clear();
    recentIso.set(time, text);
  }
  return text;
}

const isoOrNull = (time: number | null): string | null => (time === null ? null : isoText(time));

/** An entry as the file has always held it (the same keys, in the same order). */
function asWritten(entry: Entry): z.input<typeof entrySchema> {
  return {
    onlineAt: isoOrNull(entry.onlineAt),
    offlineSince: isoOrNull(entry.offlineSince),
    atLeast: entry.atLeast,
    ...(entry.page === undefined ? {} : { page: entry.page }),
    seenAt: isoText(entry.seenAt),
  };
}

/** A device's entry after the first look at it: offline since at least that look. */
function first(sighting: Sighting, now: number): Entry {
  return {
    onlineAt: sighting.online === true ? now : null,
    offlineSince: sighting.online === false ? now : null,
    atLeast: sighting.online === false,
    ...(sighting.page === undefined ? {} : { page: sighting.page }),
    seenAt: now,
  };
}

/**
 * A device's entry after one more look, changed in place; whether the change is worth writing.
 * Offline since the first look that saw it offline, never later than a look that saw it offline
 * (a clock set back shows the earlier time); "at least" unless the look before, close enough,
 * saw it online. A look that only says "still the same" is written once an hour.
 */
function looked(entry: Entry, sighting: Sighting, now: number): boolean {
  const wasOnline = entry.onlineAt === entry.seenAt;
  let onlineAt = entry.onlineAt;
  let offlineSince: number | null = null;
  let atLeast = false;
  if (sighting.online === true) {
    onlineAt = now;
  } else if (sighting.online === false) {
    if (entry.offlineSince !== null) {
      offlineSince = entry.offlineSince <= now ? entry.offlineSince : now;
      atLeast = entry.atLeast;
    } else {
      const watched = wasOnline && now - entry.seenAt <= WATCH_GAP_MS && now >= entry.seenAt;
      offlineSince = now;
      atLeast = !watched;
    }
  }
  const page = sighting.page ?? entry.page;
  const worth =
    offlineSince !== entry.offlineSince ||
    atLeast !== entry.atLeast ||
    page !== entry.page ||
    wasOnline !== (onlineAt === now) ||
    Math.abs(now - entry.seenAt) >= REWRITE_SAME_AFTER_MS;
  entry.onlineAt = onlineAt;
  entry.offlineSince = offlineSince;
  entry.atLeast = atLeast;
  if (page !== undefined) entry.page = page;
  entry.seenAt = now;
  return worth;
}
