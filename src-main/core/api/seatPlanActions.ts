/** The seat plan's rows of the action table (classTrayApi.ts): a room's plan, arranged, shared. */
import { z } from 'zod';
import { MAX_COLUMNS, MAX_ROWS, PLAN_MAX_BYTES } from '../seatPlan/seatPlan';
import type { PlanImport } from '../seatPlan/seatPlanView';
import { action, classroomId, noResult, remoteId, resultType } from './actionSpec';

const row = z.int().min(1).max(MAX_ROWS);
const column = z.int().min(1).max(MAX_COLUMNS);

export const seatPlanActions = {
  /** The device on a seat of the room's plan (null: off the plan); the seat's device swaps. */
  placeDevice: action(
    z.strictObject({
      classroomId,
      remoteId,
      seat: z.strictObject({ row, column }).nullable(),
    }),
    noResult,
  ),
  /** The seat left empty (a device that left the room keeps it until then). */
  clearSeat: action(z.strictObject({ classroomId, row, column }), noResult),
  /**
   * The room's size and the side of its front (each kept when left out: none starts the room's
   * plan, sized for its devices); never smaller than its furthest seat taken.
   */
  shapeSeatPlan: action(
    z.strictObject({
      classroomId,
      rows: row.optional(),
      columns: column.optional(),
      front: z.enum(['top', 'bottom']).optional(),
    }),
    noResult,
  ),
  /** A plan file's text (bounded before the window reads it): kept, or refused with its line. */
  importSeatPlan: action(
    z.strictObject({ classroomId, text: z.string().max(PLAN_MAX_BYTES) }),
    resultType<PlanImport>(),
  ),
  /** The room's plan as a file's text, for a colleague or IT. */
  exportSeatPlan: action(z.strictObject({ classroomId }), resultType<{ text: string }>()),
  /** The teacher's own plan dropped: the school's shows again, or none. */
  resetSeatPlan: action(z.strictObject({ classroomId }), noResult),
} as const;
