/**
 * The last good copy of the timetable, on disk beside the settings, so the day works offline and
 * after a restart: the calendar text (timetable.ics: an imported file, or the subscription's last
 * answer) and how it was fetched (timetable.json: its ETag, Last-Modified and time). Never the
 * subscription's address, which is in the keychain.
 */
import fs from 'node:fs';
import { writeFileNoFollow } from '../../dataFolder/privateFolder';
import { FILE_CAPS, readSmallFile } from '../../dataFolder/fileCaps';
import path from 'node:path';
import { z } from 'zod';
import type { Clock } from '../../../src-shared/clock';
import type { Logger } from '../logger';

const metaSchema = z.strictObject({
  etag: z.string().optional(),
  lastModified: z.string().optional(),
  /** ISO time the text was fetched or imported. */
  savedAt: z.iso.datetime({ offset: true }),
});

export type CopyMeta = z.infer<typeof metaSchema>;
export interface TimetableCopyContents extends CopyMeta {
  text: string;
}

export class TimetableCopy {
  readonly #textPath: string;
  readonly #metaPath: string;
  readonly #log: Logger;
  readonly #clock: Clock;

  constructor(dataDir: string, log: Logger, clock: Clock = Date.now) {
    this.#textPath = path.join(dataDir, 'timetable.ics');
    this.#metaPath = path.join(dataDir, 'timetable.json');
    this.#log = log;
    this.#clock = clock;
  }

  /**
   * The copy kept, or undefined when there is none (or it cannot be read). A file over its cap is
   * set aside unread: the next fetch or import writes a new copy.
   */
  read(): TimetableCopyContents | undefined {
    const warn = (message: string) => this.#log.warn(`The timetable's copy: ${message}`);
    try {
      const metaText = readSmallFile(this.#metaPath, FILE_CAPS.small, this.#clock(), warn);
      if (metaText === undefined) return undefined;
      const meta = metaSchema.safeParse(JSON.parse(metaText));
      if (!meta.success) return undefined;
      const text = readSmallFile(this.#textPath, FILE_CAPS.timetable, this.#clock(), warn);
      return text === undefined ? undefined : { ...meta.data, text };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
        this.#log.warn(`The timetable's copy could not be read: ${String(error)}`);
      }
      return undefined;
    }
  }

  /** Replaces the copy, each file atomically; the text first, so the meta never runs ahead. */
  write(contents: TimetableCopyContents): void {
    const { text, ...meta } = contents;
    replace(this.#textPath, text);
    replace(this.#metaPath, JSON.stringify(meta));
  }

  clear(): void {
    fs.rmSync(this.#metaPath, { force: true });
    fs.rmSync(this.#textPath, { force: true });
  }
}

function replace(filePath: string, text: string): void {
  const temporary = `${filePath}.${process.pid}.tmp`;
  fs.mkdirSync(path.dirname(filePath), { recursive: true, mode: 0o700 });
  try {
    writeFileNoFollow(temporary, text);
    fs.renameSync(temporary, filePath);
  } catch (error) {
    fs.rmSync(temporary, { force: true });
    throw error;
  }
}
