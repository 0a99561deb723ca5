/**
 * The last good copy of the timetable, on disk beside the settings, so the day works offline and
 * after a restart: the calendar text (timetable.ics: an imported file, or the subscription's last
 * answer) and how it was fetched (timetable.json: its ETag, Last-Modified and time). Never the
 * subscription's address, which is in the keychain.
 */
import fs from 'node:fs';
import { writeFileNoFollow } from '../../dataFolder/privateFolder';
import path from 'node:path';
import { z } from 'zod';
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

  constructor(dataDir: string, log: Logger) {
    this.#textPath = path.join(dataDir, 'timetable.ics');
    this.#metaPath = path.join(dataDir, 'timetable.json');
    this.#log = log;
  }

  /** The copy kept, or undefined when there is none (or it cannot be read). */
  read(): TimetableCopyContents | undefined {
    try {
      const meta = metaSchema.safeParse(JSON.parse(fs.readFileSync(this.#metaPath, 'utf8')));
      if (!meta.success) return undefined;
      return { ...meta.data, text: fs.readFileSync(this.#textPath, 'utf8') };
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
