/**
 * The teacher's seat plans, one per classroom, in the data folder beside the settings (which hold
 * the classrooms' nicknames): seat-plans.json, private (0600), written whole to a temporary file
 * and renamed, bounded in size. A damaged file is set aside (renamed, logged) and the plans start
 * empty: never a refusal to start. It names devices and seats, never a student.
 */
import { rename } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { Clock } from '../../../src-shared/clock';
import { FILE_CAPS, mebibytes, readCapped } from '../../dataFolder/fileCaps';
import { replaceFileNoFollow } from '../../dataFolder/privateFolder';
import type { Logger } from '../logger';
import { seatPlanSchema, type SeatPlan } from './seatPlan';

export const SEAT_PLANS_FILE = 'seat-plans.json';
/** More rooms than a teacher teaches in: the oldest plan goes first past it. */
export const MAX_PLANS = 100;

const fileSchema = z.strictObject({
  /** By classroom id, the most recently changed last. */
  plans: z.record(z.string().min(1).max(200), seatPlanSchema),
});

export class SeatPlanFile {
  readonly #file: string;
  readonly #log: Logger;
  readonly #now: Clock;
  /** One write at a time, in the order asked: the last one asked is the one on disk. */
  #writing: Promise<void> = Promise.resolve();

  constructor(dataDir: string, log: Logger, now: Clock) {
    this.#file = path.join(dataDir, SEAT_PLANS_FILE);
    this.#log = log;
    this.#now = now;
  }

  /** The plans kept; none when there is no file, or when it was damaged (then set aside). */
  async read(): Promise<Map<string, SeatPlan>> {
    let text: string;
    try {
      const read = readCapped(this.#file, FILE_CAPS.seatPlans);
      if ('tooLarge' in read) {
        return await this.#setAside(
          `it is ${mebibytes(read.tooLarge)}, over its cap of ${mebibytes(FILE_CAPS.seatPlans)}, larger than any plans need (not read)`,
        );
      }
      text = read.text;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
        this.#log.warn(`The seat plans could not be read: ${String(error)}`);
      }
      return new Map();
    }
    let parsed: ReturnType<typeof fileSchema.safeParse>;
    try {
      parsed = fileSchema.safeParse(JSON.parse(text));
    } catch {
      return this.#setAside('it is not JSON');
    }
    if (!parsed.success) return this.#setAside('it does not hold seat plans');
    return new Map(Object.entries(parsed.data.plans));
  }

  /** Writes every plan, whole; a failure is logged and the plans stay as they are in memory. */
  write(plans: ReadonlyMap<string, SeatPlan>): Promise<void> {
    const kept = [...plans].slice(-MAX_PLANS);
    const text = JSON.stringify({ plans: Object.fromEntries(kept) });
    this.#writing = this.#writing.then(() => this.#replace(text));
    return this.#writing;
  }

  async #replace(text: string): Promise<void> {
    try {
      await replaceFileNoFollow(this.#file, text);
    } catch (error) {
      this.#log.warn(`The seat plans could not be saved: ${String(error)}`);
    }
  }

  async #setAside(why: string): Promise<Map<string, SeatPlan>> {
    // Colons are not allowed in Windows file names.
    const stamp = new Date(this.#now()).toISOString().replaceAll(':', '-');
    const aside = `${this.#file}.corrupt-${stamp}`;
    try {
      await rename(this.#file, aside);
      this.#log.warn(`The seat plans file was set aside as ${aside}: ${why}.`);
    } catch (error) {
      this.#log.warn(`The seat plans file (${why}) could not be set aside: ${String(error)}`);
    }
    return new Map();
  }
}
