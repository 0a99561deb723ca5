/**
 * The plans a school ships for its rooms (policy RoomPlansFolder): `<classroomId>.json` in that
 * folder, the same format a teacher exports. Read asynchronously, bounded in size (checked before
 * reading) and in time (a network share that hangs costs a few seconds, never the main process);
 * a file that is missing, too large, slow or broken is no plan, the last two said in the log.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Timers } from '../classroom/refreshSchedule';
import type { Logger } from '../logger';
import { PLAN_MAX_BYTES, readPlanText, type SeatPlan } from './seatPlan';

/** A school's share that takes longer than this to give one small file is not answering. */
export const SCHOOL_PLAN_TIMEOUT_MS = 5_000;

/** A classroom id that is a plain file name: nothing that could reach outside the folder. */
const fileNameOf = (classroomId: string): string | undefined =>
  /^[\w.-]{1,200}$/.test(classroomId) && !/^\.+$/.test(classroomId)
    ? `${classroomId}.json`
    : undefined;

export async function readSchoolPlan(
  folder: string,
  classroomId: string,
  timers: Timers,
  log: Logger,
): Promise<SeatPlan | undefined> {
  const name = fileNameOf(classroomId);
  if (name === undefined) return undefined;
  const abort = new AbortController();
  let timeout: unknown;
  // A share that hangs in stat() as well as in the read: the wait is raced, not trusted.
  const late = new Promise<undefined>((resolve) => {
    timeout = timers.setTimeout(() => {
      abort.abort();
      log.warn(
        `The school's seat plan ${name} did not arrive within ${SCHOOL_PLAN_TIMEOUT_MS} ms.`,
      );
      resolve(undefined);
    }, SCHOOL_PLAN_TIMEOUT_MS);
  });
  try {
    return await Promise.race([readPlan(path.join(folder, name), name, abort.signal, log), late]);
  } finally {
    timers.clearTimeout(timeout);
  }
}

async function readPlan(
  file: string,
  name: string,
  signal: AbortSignal,
  log: Logger,
): Promise<SeatPlan | undefined> {
  try {
    const info = await stat(file);
    if (!info.isFile()) return undefined;
    if (info.size > PLAN_MAX_BYTES) {
      log.warn(`The school's seat plan ${name} is larger than a plan needs and was not read.`);
      return undefined;
    }
    const reading = readPlanText(await readFile(file, { encoding: 'utf8', signal }));
    if (reading.ok) return reading.plan;
    const line = 'line' in reading.problem ? ` (line ${reading.problem.line})` : '';
    log.warn(`The school's seat plan ${name} was not used: ${reading.problem.code}${line}.`);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT' && !signal.aborted) {
      log.warn(`The school's seat plan ${name} could not be read: ${code ?? String(error)}`);
    }
  }
  return undefined;
}
