/**
 * The last known view of the current classroom, on disk, so a restart while offline still shows
 * the devices (marked stale). It holds what the window shows and nothing more: no passwords, no
 * token. One file, one classroom of one service: a view of another one is simply not used.
 */
import { rename } from 'node:fs/promises';
import type { Clock } from '../../../src-shared/clock';
import { FILE_CAPS, mebibytes, readCapped } from '../../dataFolder/fileCaps';
import { replaceFileNoFollow } from '../../dataFolder/privateFolder';
import path from 'node:path';
import { z } from 'zod';
import { deviceStatusSchema } from '../../contract/wire';
import type { DeviceView } from './liveStatus';
import type { Logger } from '../logger';

export const CLASSROOM_CACHE_FILE = 'classroom-cache.json';

const deviceViewSchema = z.strictObject({
  remoteId: z.string().min(1),
  alias: z.string().nullable(),
  online: z.boolean().nullable(),
  status: deviceStatusSchema,
  has2fa: z.boolean(),
}) satisfies z.ZodType<DeviceView>;

const cachedClassroomSchema = z.strictObject({
  serviceUrl: z.string(),
  classroomId: z.string(),
  /** When these devices were last fresh. */
  savedAt: z.iso.datetime({ offset: true }),
  devices: z.array(deviceViewSchema),
});

export type CachedClassroom = z.infer<typeof cachedClassroomSchema>;

/** What is written: the watch's devices as they are (frozen by the live status). */
export type ClassroomToCache = Omit<CachedClassroom, 'devices'> & {
  devices: readonly DeviceView[];
};

export class ClassroomCache {
  readonly #file: string;
  readonly #log: Logger;
  readonly #now: Clock;

  constructor(dataDir: string, log: Logger, now: Clock) {
    this.#file = path.join(dataDir, CLASSROOM_CACHE_FILE);
    this.#log = log;
    this.#now = now;
  }

  /** The cached view of this classroom of this service, if that is what the file holds. */
  async read(serviceUrl: string, classroomId: string): Promise<CachedClassroom | undefined> {
    let text: string;
    try {
      const read = readCapped(this.#file, FILE_CAPS.classroomCache);
      if ('tooLarge' in read) {
        await this.#setAside(
          `it is ${mebibytes(read.tooLarge)}, over its cap of ${mebibytes(FILE_CAPS.classroomCache)} (not read)`,
        );
        return undefined;
      }
      text = read.text;
    } catch {
      return undefined;
    }
    let parsed: ReturnType<typeof cachedClassroomSchema.safeParse>;
    try {
      parsed = cachedClassroomSchema.safeParse(JSON.parse(text));
    } catch {
      parsed = cachedClassroomSchema.safeParse(undefined);
    }
    if (!parsed.success) {
      // Only a convenience: a damaged cache is dropped, never a reason to fail.
      this.#log.warn(`The classroom cache ${this.#file} could not be read and was ignored.`);
      return undefined;
    }
    const cached = parsed.data;
    return cached.serviceUrl === serviceUrl && cached.classroomId === classroomId
      ? cached
      : undefined;
  }

  /** Only a convenience: set aside as the other files are, and the classroom read afresh. */
  async #setAside(why: string): Promise<void> {
    // Colons are not allowed in Windows file names.
    const aside = `${this.#file}.corrupt-${new Date(this.#now()).toISOString().replaceAll(':', '-')}`;
    try {
      await rename(this.#file, aside);
      this.#log.warn(`The classroom cache was set aside as ${aside}: ${why}.`);
    } catch (error) {
      this.#log.warn(`The classroom cache (${why}) could not be set aside: ${String(error)}`);
    }
  }

  /** Written whole to a temporary file, then renamed: a crash never leaves half a file. */
  async write(entry: ClassroomToCache): Promise<void> {
    try {
      await replaceFileNoFollow(this.#file, JSON.stringify(entry));
    } catch (error) {
      this.#log.warn(
        `The classroom cache could not be written: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
}
