/** The handover's rows of the action table (classTrayApi.ts): a room's accesses given and taken. */
import { z } from 'zod';
import { GIVER_KEEPS, HANDOVER_MAX_CHARS } from '../../../src-shared/handover';
import type { MadeHandover, TakenHandover } from '../handover/handoverView';
import { action, classroomId, resultType } from './actionSpec';

export const handoverActions = {
  /**
   * The room's running accesses sealed for a colleague under a new one-time code (the student's
   * names only with `withNames` and the school's yes); the giver's list keeps them marked handed
   * over, or drops them (`giverKeeps`).
   */
  makeHandover: action(
    z.strictObject({
      classroomId,
      withNames: z.boolean(),
      giverKeeps: z.enum(GIVER_KEEPS),
    }),
    resultType<MadeHandover>(),
  ),
  /** A colleague's handover (its text or file's text) opened with the code, and its accesses taken. */
  takeHandover: action(
    z.strictObject({
      text: z.string().min(1).max(HANDOVER_MAX_CHARS),
      code: z.string().min(1).max(40),
    }),
    resultType<TakenHandover>(),
  ),
};
