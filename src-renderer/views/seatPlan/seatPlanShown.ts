import { useClassTray } from '../../store/context';

/**
 * Whether the compact view shows the room's plan (rather than the grid by name): a module apart
 * from the plan's area, which loads after the first paint (see ../later).
 */
export const useSeatPlanShown = (compact: boolean): boolean =>
  useClassTray(
    (data) => compact && data.seatPlan.plan !== null && data.seatPlan.classroomId !== null,
  );
