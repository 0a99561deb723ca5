/**
 * students/: the one place a student's name is kept (this file), its rules in the core
 * (studentDataFeature.ts), and what "Export what ClassTray keeps" writes (studentDataExport.ts).
 *
 * `students.json` in the data folder holds each tracked access's student name as the teacher's
 * choice keeps it (as typed, initials, or nothing), with when it was typed; the settings file
 * holds the accesses by device only. The tray app encrypts the file with the OS's key (Electron's
 * safeStorage, through the injected StudentCipher); the browser preview has none and writes it
 * as plain JSON, which Settings says. A name is forgotten at the end of the school day it was
 * typed on plus the retention hours (forgetAt); a file that cannot be read is deleted, not set
 * aside: a copy of names would outlive their retention. Why: docs/decisions.md, "Student names".
 */
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { Clock } from '../../../src-shared/clock';
import type { StudentNameChoice } from '../../../src-shared/studentData';
import {
  SCHOOL_DAY_ENDS_AT,
  STUDENT_NAME_MAX_LENGTH,
  initialsOf,
  keptName,
} from '../../../src-shared/studentData';
import { temporalAccessTokenSchema } from '../../contract/wire';
import { FILE_CAPS, mebibytes, readCapped, type CappedText } from '../../dataFolder/fileCaps';
import { replaceFileNoFollow } from '../../dataFolder/privateFolder';
import type { Logger } from '../logger';
import { DAY_SECONDS, dayNumber } from '../timetable/wallClock';
import { instantAt, instantOf, wallTimeIn } from '../timetable/zones';

export const STUDENTS_FILE = 'students.json';

/** At most this many names: one per tracked access, and a teacher tracks far fewer. */
export const MAX_STUDENT_NAMES = 2_000;

/**
 * How the names file is protected. 'os': encrypted with a key the OS keeps for this user
 * (Electron's safeStorage: the Keychain, DPAPI, the Secret Service or KWallet), never in a file
 * ClassTray writes; 'none': plain JSON (the browser preview, or an OS without such a key).
 */
export interface StudentCipher {
  readonly protection: 'os' | 'none';
  /** Text → base64 of the encrypted bytes; rejects when the OS cannot encrypt now. */
  encrypt(text: string): Promise<string>;
  /** The reverse; rejects when the data was not encrypted with this user's key. */
  decrypt(data: string): Promise<string>;
}

/** No encryption: the browser preview's, and the tray app's where the OS offers none. */
export const PLAIN_TEXT: StudentCipher = {
  protection: 'none',
  encrypt: (text) => Promise.resolve(text),
  decrypt: (data) => Promise.resolve(data),
};

const studentNameSchema = z.strictObject({
  token: temporalAccessTokenSchema,
  name: z.string().min(1).max(STUDENT_NAME_MAX_LENGTH),
  /** When the teacher typed it: the school day it belongs to. */
  typedAt: z.iso.datetime({ offset: true }),
});
export type StudentName = z.infer<typeof studentNameSchema>;

const namesSchema = z.array(studentNameSchema).max(MAX_STUDENT_NAMES);

const fileSchema = z.discriminatedUnion('protection', [
  z.strictObject({ protection: z.literal('none'), names: namesSchema }),
  z.strictObject({ protection: z.literal('os'), encrypted: z.string() }),
]);

/** What the names follow: the teacher's (or the school's) choice and retention. */
export interface StudentDataRules {
  names: StudentNameChoice;
  retentionHours: number;
}

export interface StudentNamesOptions {
  dataDir: string;
  cipher: StudentCipher;
  log: Logger;
  clock: Clock;
  /** The machine's IANA zone: the school day is local. */
  zone: () => string;
  rules: () => StudentDataRules;
}

/**
 * When a name typed at `typedAt` is forgotten: the end of that school day (SCHOOL_DAY_ENDS_AT,
 * local), or midnight for a name typed after it, plus the retention hours.
 */
export function forgetAt(typedAt: number, retentionHours: number, zone: string): number {
  const iana = { kind: 'iana', name: zone } as const;
  const wall = wallTimeIn(zone, typedAt);
  const dayEnd = instantOf(
    { ...wall, hour: SCHOOL_DAY_ENDS_AT.hour, minute: SCHOOL_DAY_ENDS_AT.minute, second: 0 },
    iana,
  );
  const end =
    typedAt < dayEnd
      ? dayEnd
      : instantAt((dayNumber(wall.year, wall.month, wall.day) + 1) * DAY_SECONDS, iana);
  return end + retentionHours * 3_600_000;
}

/** The data folder's files that may hold a student's name besides students.json: the copies
 * ClassTray set aside from the settings (`settings.json.corrupt-…`, `settings.json.other-user-…`:
 * older versions kept names there), their temporary files, and the names' own a crash left. */
function isStudentLeftover(name: string): boolean {
  return name.startsWith('settings.json.') || name.startsWith(`${STUDENTS_FILE}.`);
}

export class StudentNames {
  readonly #options: StudentNamesOptions;
  readonly #file: string;
  /** By token, lower-case: what is kept, which the file follows. */
  #names = new Map<string, StudentName>();
  #listener: (() => void) | undefined;
  #protection: StudentCipher['protection'];
  /** The file's writes, in order; each writes the names as they are when it runs. */
  #writes: Promise<void> = Promise.resolve();
  #writeWaiting = false;
  #closed = false;

  constructor(options: StudentNamesOptions) {
    this.#options = options;
    this.#file = path.join(options.dataDir, STUDENTS_FILE);
    this.#protection = options.cipher.protection;
  }

  get file(): string {
    return this.#file;
  }

  /** `listener` hears every change of the names kept (one listener: the feature's). */
  onChange(listener: () => void): void {
    this.#listener = listener;
  }

  /** 'none' also where the OS refused to encrypt when asked (the log says why). */
  get protection(): StudentCipher['protection'] {
    return this.#protection;
  }

  /** Resolves once the file holds what is kept now. */
  flushed(): Promise<void> {
    return this.#writes;
  }

  nameOf(token: string): string | undefined {
    return this.#names.get(token.toLowerCase())?.name;
  }

  /** Every name kept, oldest first. */
  all(): StudentName[] {
    return [...this.#names.values()].sort((a, b) => a.typedAt.localeCompare(b.typedAt));
  }

  /**
   * When this name is forgotten (ms): by the day it was typed or, for a day still to come (a
   * clock that ran ahead), the day of this check, whichever is earlier.
   */
  forgetAt(name: StudentName): number {
    const { retentionHours } = this.#options.rules();
    const typedAt = Math.min(Date.parse(name.typedAt), this.#options.clock());
    return forgetAt(typedAt, retentionHours, this.#options.zone());
  }

  /** The soonest a name is due to be forgotten; null: none kept. */
  nextForgetAt(): number | null {
    const times = [...this.#names.values()].map((name) => this.forgetAt(name));
    return times.length === 0 ? null : Math.min(...times);
  }

  /**
   * Keeps the name typed for `token` as the rules keep it (nothing when they keep none, or when
   * it would be forgotten already); a name already kept for it stays as it is.
   */
  keep(token: string, typed: string, typedAt: number): void {
    const key = token.toLowerCase();
    if (this.#names.has(key)) return;
    const name = keptName(typed.slice(0, STUDENT_NAME_MAX_LENGTH), this.#options.rules().names);
    if (name === null) return;
    const when = Math.min(typedAt, this.#options.clock());
    const entry = { token: key, name, typedAt: new Date(when).toISOString() };
    if (this.forgetAt(entry) <= this.#options.clock()) return;
    this.#names.set(key, entry);
    this.#save();
  }

  /** Only the names of these tokens stay (an access no longer tracked takes its name along). */
  retain(tokens: Iterable<string>): void {
    const kept = new Set([...tokens].map((token) => token.toLowerCase()));
    const before = this.#names.size;
    for (const key of this.#names.keys()) if (!kept.has(key)) this.#names.delete(key);
    if (this.#names.size !== before) this.#save();
  }

  /**
   * Forgets the names whose time came, and follows a stricter choice (initials: each name
   * shortened; off: every name forgotten). True when anything changed.
   */
  tidy(): boolean {
    const now = this.#options.clock();
    const { names: choice } = this.#options.rules();
    let changed = false;
    for (const [key, entry] of this.#names) {
      const kept = choice === 'off' || this.forgetAt(entry) <= now ? null : entry.name;
      const shortened = kept !== null && choice === 'initials' ? initialsOf(kept) : kept;
      // Typed when the clock ran ahead: kept as typed now, so its day stays this one.
      const ahead = Date.parse(entry.typedAt) > now;
      if (shortened === entry.name && !ahead) continue;
      changed = true;
      if (shortened === null) this.#names.delete(key);
      else
        this.#names.set(key, {
          ...entry,
          name: shortened,
          typedAt: ahead ? new Date(now).toISOString() : entry.typedAt,
        });
    }
    if (changed) this.#save();
    return changed;
  }

  /**
   * Forgets every name now: the file goes, and so does every other file of the data folder that
   * may hold one (see isStudentLeftover). Resolves once they are gone.
   */
  forgetAll(): Promise<void> {
    this.#names.clear();
    this.#listener?.();
    // After any write under way, which may have begun with the names.
    return this.#queue(async () => {
      this.#remove(this.#file);
      let entries: string[] = [];
      try {
        entries = fs.readdirSync(this.#options.dataDir);
      } catch {
        // No folder: nothing left in it.
      }
      for (const entry of entries.filter(isStudentLeftover)) {
        this.#remove(path.join(this.#options.dataDir, entry));
      }
    });
  }

  #remove(file: string): void {
    try {
      fs.rmSync(file, { force: true });
    } catch (error) {
      this.#options.log.warn(`Could not delete ${file}: ${messageOf(error)}`);
    }
  }

  /** Reads the file once, before the first session opens (the names due then are forgotten). */
  async load(): Promise<void> {
    let text: CappedText;
    try {
      // Read at once, as the settings are: a small file (capped), and ClassTray's start waits on nothing.
      text = readCapped(this.#file, FILE_CAPS.studentNames);
    } catch (error) {
      if (errnoOf(error) !== 'ENOENT') {
        this.#options.log.warn(`The student names file could not be read: ${messageOf(error)}`);
      }
      return;
    }
    if ('tooLarge' in text) {
      this.#remove(this.#file);
      this.#options.log.warn(
        `The student names file ${this.#file} is ${mebibytes(text.tooLarge)}, over its cap of ${mebibytes(FILE_CAPS.studentNames)}: deleted unread; the accesses are kept by device.`,
      );
      return;
    }
    const read = await this.#parse(text.text);
    if (read === null) {
      // Never set aside: a copy of names would outlive their retention. The accesses stay.
      this.#remove(this.#file);
      this.#options.log.warn(
        `The student names file ${this.#file} could not be read and was deleted; the accesses are kept by device.`,
      );
      return;
    }
    for (const entry of read.names) this.#names.set(entry.token.toLowerCase(), entry);
    // A plain file found where the OS now offers encryption is written encrypted at once.
    if (!this.tidy() && read.protection !== this.protection) this.#save();
  }

  /** The names in the file's text; null when it is damaged or not this user's to decrypt. */
  async #parse(
    text: string,
  ): Promise<{ names: StudentName[]; protection: StudentCipher['protection'] } | null> {
    try {
      const file = fileSchema.parse(JSON.parse(text));
      if (file.protection === 'none') return { names: file.names, protection: 'none' };
      if (this.protection !== 'os') return null;
      const decrypted = await this.#options.cipher.decrypt(file.encrypted);
      return { names: namesSchema.parse(JSON.parse(decrypted)), protection: 'os' };
    } catch {
      return null;
    }
  }

  /** Writes what is kept and then writes no more (ClassTray is closing). */
  async close(): Promise<void> {
    this.#closed = true;
    await this.#writes;
  }

  /** The names changed: the listener hears it, and the file follows (one write waiting at most). */
  #save(): void {
    this.#listener?.();
    if (this.#closed) return;
    if (this.#writeWaiting) return;
    this.#writeWaiting = true;
    void this.#queue(async () => {
      this.#writeWaiting = false;
      await this.#write();
    });
  }

  #queue(step: () => Promise<void>): Promise<void> {
    this.#writes = this.#writes.then(step).catch((error: unknown) => {
      this.#options.log.error('Writing the student names failed', error);
    });
    return this.#writes;
  }

  /** Written whole to a temporary file, then renamed; no names: no file at all. */
  async #write(): Promise<void> {
    const names = this.all();
    if (names.length === 0) {
      this.#remove(this.#file);
      return;
    }
    const contents = await this.#contents(names);
    try {
      await replaceFileNoFollow(this.#file, JSON.stringify(contents));
    } catch (error) {
      this.#options.log.warn(`The student names could not be saved: ${messageOf(error)}`);
    }
  }

  /** Encrypted where the OS offers it; where it refuses, plain, and the state says so. */
  async #contents(names: StudentName[]): Promise<z.input<typeof fileSchema>> {
    if (this.#protection === 'os') {
      try {
        return {
          protection: 'os',
          encrypted: await this.#options.cipher.encrypt(JSON.stringify(names)),
        };
      } catch (error) {
        this.#options.log.warn(
          `The OS could not encrypt the student names (${messageOf(error)}): they are saved unencrypted.`,
        );
        this.#protection = 'none';
        this.#listener?.();
      }
    }
    return { protection: 'none', names };
  }
}

const messageOf = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);

const errnoOf = (error: unknown): unknown =>
  error instanceof Error && 'code' in error ? error.code : undefined;
