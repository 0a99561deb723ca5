/** The seat plan's part of the window's state: the open classroom's plan, and whose it is. */
import type { PlanProblem, SeatPlan } from './seatPlan';

/** An import's outcome: kept, with how many of its devices this room does not have; or why not. */
export type PlanImport = { ok: true; notInRoom: number } | { ok: false; problem: PlanProblem };

export interface SeatPlanView {
  /** The classroom the plan is for (the open one); null: none open. */
  classroomId: string | null;
  /** The plan in force; null: the room has none yet (the compact view is a grid by name). */
  plan: SeatPlan | null;
  /** `school`: the school's plan as IT shipped it; `teacher`: the teacher's own (or adjusted). */
  source: 'school' | 'teacher' | null;
  /** The school ships a plan for this room (the teacher's may be an adjusted copy of it). */
  schoolPlan: boolean;
  /** The school locked its plans (RoomPlansLocked): this room's is shown, never changed. */
  locked: boolean;
}

export function seatPlanView(
  classroomId: string | null,
  own: SeatPlan | undefined,
  school: SeatPlan | undefined,
  lockedBySchool: boolean,
): SeatPlanView {
  const locked = lockedBySchool && school !== undefined;
  const plan = (locked ? school : (own ?? school)) ?? null;
  return {
    classroomId,
    plan,
    source: plan === null ? null : plan === own ? 'teacher' : 'school',
    schoolPlan: school !== undefined,
    locked,
  };
}
