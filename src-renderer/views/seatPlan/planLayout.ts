/**
 * The plan as the teacher sees it: row 1 is the row nearest the front, shown at the top when the
 * front is at the top, at the bottom otherwise; seat 1 is on the left, in every language (it is a
 * physical room: never mirrored). The arrow keys move on screen, whatever the numbering.
 */
import type { SeatPlan } from '../../api/types';

export interface SeatAt {
  row: number;
  column: number;
}

/** The rows from the top of the screen down. */
export const rowsOnScreen = (plan: Pick<SeatPlan, 'rows' | 'front'>): number[] => {
  const rows = Array.from({ length: plan.rows }, (_, index) => index + 1);
  return plan.front === 'top' ? rows : rows.reverse();
};

/** The seat an arrow key leads to from `seat`, or the same seat at the plan's edge. */
export function seatToward(
  plan: Pick<SeatPlan, 'rows' | 'columns' | 'front'>,
  seat: SeatAt,
  key: string,
): SeatAt {
  // Down the screen is away from the front when the front is at the top.
  const down = plan.front === 'top' ? 1 : -1;
  const step: Record<string, [number, number]> = {
    ArrowUp: [-down, 0],
    ArrowDown: [down, 0],
    ArrowLeft: [0, -1],
    ArrowRight: [0, 1],
  };
  const [rows, columns] = step[key] ?? [0, 0];
  return {
    row: Math.min(plan.rows, Math.max(1, seat.row + rows)),
    column: Math.min(plan.columns, Math.max(1, seat.column + columns)),
  };
}

export const seatKey = (seat: SeatAt): string => `${seat.row}/${seat.column}`;

/** Each seat's device, by seat. */
export const seatsByPlace = (plan: SeatPlan): Map<string, SeatPlan['seats'][number]> =>
  new Map(plan.seats.map((seat) => [seatKey(seat), seat]));

/** The room's devices without a seat, in the order given (by name). */
export const notPlaced = (plan: SeatPlan, ids: readonly string[]): string[] => {
  const seated = new Set(plan.seats.map((seat) => seat.remoteId));
  return ids.filter((id) => !seated.has(id));
};

/** The first empty seat, row by row from the front: where a device picked from the strip starts. */
export function firstEmptySeat(plan: SeatPlan): SeatAt {
  const taken = seatsByPlace(plan);
  for (let row = 1; row <= plan.rows; row++) {
    for (let column = 1; column <= plan.columns; column++) {
      if (!taken.has(seatKey({ row, column }))) return { row, column };
    }
  }
  return { row: 1, column: 1 };
}
