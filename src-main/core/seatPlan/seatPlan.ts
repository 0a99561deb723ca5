/**
 * A classroom's seat plan: a grid of seats sized to the room, the side of the room's front (the
 * teacher's desk, the board), and the devices on their seats, named by remote id. What the file
 * a teacher exports (and IT ships) holds, checked here: read with the line a problem is on, two
 * devices on one seat refused, a file deeper or larger than a plan needs refused before parsing.
 */
import { z } from 'zod';
import { SEAT_PLAN_MAX_BYTES } from '../../../src-shared/limits';

/** A room larger than this is not a classroom. */
export const MAX_ROWS = 20;
export const MAX_COLUMNS = 20;
/** A plan file's bound, in bytes: far above what 400 seats take. */
export const PLAN_MAX_BYTES = SEAT_PLAN_MAX_BYTES;
/** A plan nests no deeper than this: the plan, its seats, a seat. */
const PLAN_MAX_DEPTH = 3;

const seatSchema = z.strictObject({
  row: z.int().min(1).max(MAX_ROWS),
  column: z.int().min(1).max(MAX_COLUMNS),
  remoteId: z.string().min(1).max(200),
  /** The device's name when it was placed: shown greyed once the device left the room. */
  name: z.string().min(1).max(200).optional(),
});

export type Seat = z.infer<typeof seatSchema>;

const planShape = z.strictObject({
  /** The file's format, so a later one can be told apart. */
  seatPlan: z.literal(1),
  rows: z.int().min(1).max(MAX_ROWS),
  columns: z.int().min(1).max(MAX_COLUMNS),
  /** Where the teacher's desk and the board are, as the plan is shown: above or below row 1. */
  front: z.enum(['top', 'bottom']),
  seats: z.array(seatSchema).max(MAX_ROWS * MAX_COLUMNS),
});

/** Why a plan's contents are refused, each at the seat (index in `seats`) it concerns. */
export type PlanConflict = 'outsideRoom' | 'seatTaken' | 'placedTwice';

function conflicts(plan: z.infer<typeof planShape>): { index: number; conflict: PlanConflict }[] {
  const found: { index: number; conflict: PlanConflict }[] = [];
  const taken = new Set<string>();
  const placed = new Set<string>();
  plan.seats.forEach((seat, index) => {
    const where = `${seat.row}/${seat.column}`;
    if (seat.row > plan.rows || seat.column > plan.columns) {
      found.push({ index, conflict: 'outsideRoom' });
    } else if (taken.has(where)) found.push({ index, conflict: 'seatTaken' });
    else if (placed.has(seat.remoteId)) found.push({ index, conflict: 'placedTwice' });
    taken.add(where);
    placed.add(seat.remoteId);
  });
  return found;
}

export const seatPlanSchema = planShape.superRefine((plan, context) => {
  for (const { index, conflict } of conflicts(plan)) {
    context.addIssue({ code: 'custom', path: ['seats', index], message: conflict });
  }
});

export type SeatPlan = z.infer<typeof seatPlanSchema>;

/** A room with no seat taken yet: as many seats as devices, six to a row. */
export function emptyPlan(devices: number): SeatPlan {
  const columns = Math.min(MAX_COLUMNS, Math.max(1, Math.min(6, devices)));
  const rows = Math.min(MAX_ROWS, Math.max(1, Math.ceil(devices / columns)));
  return { seatPlan: 1, rows, columns, front: 'top', seats: [] };
}

const sameSeat = (a: { row: number; column: number }, b: { row: number; column: number }) =>
  a.row === b.row && a.column === b.column;

/**
 * The device on that seat (null: off the plan, to "Not placed"). A device already on the seat
 * goes where the moved one came from, so a move is undone by moving the other one back. A seat
 * past the grid's edge grows the grid to hold it.
 */
export function placed(
  plan: SeatPlan,
  remoteId: string,
  seat: { row: number; column: number } | null,
  name?: string,
): SeatPlan {
  const from = plan.seats.find((taken) => taken.remoteId === remoteId);
  const others = plan.seats.filter((taken) => taken.remoteId !== remoteId);
  if (seat === null) return { ...plan, seats: others };
  const moved: Seat = { ...seat, remoteId, ...(name === undefined ? {} : { name }) };
  const seats = others.flatMap((taken): Seat[] => {
    if (!sameSeat(taken, seat)) return [taken];
    return from ? [{ ...taken, row: from.row, column: from.column }] : [];
  });
  return {
    ...plan,
    rows: Math.max(plan.rows, seat.row),
    columns: Math.max(plan.columns, seat.column),
    seats: [...seats, moved],
  };
}

/** The seat left empty: the device on it (one that left the room, say) is off the plan. */
export const cleared = (plan: SeatPlan, seat: { row: number; column: number }): SeatPlan => ({
  ...plan,
  seats: plan.seats.filter((taken) => !sameSeat(taken, seat)),
});

/** The grid resized: never smaller than its furthest seat taken. */
export function resized(
  plan: SeatPlan,
  size: {
    rows?: number | undefined;
    columns?: number | undefined;
    front?: SeatPlan['front'] | undefined;
  },
): SeatPlan {
  const rows = Math.max(size.rows ?? plan.rows, ...plan.seats.map((seat) => seat.row));
  const columns = Math.max(size.columns ?? plan.columns, ...plan.seats.map((seat) => seat.column));
  return { ...plan, rows, columns, front: size.front ?? plan.front };
}

/** Why a plan file was refused, with the line (1-based) it concerns where one does. */
export type PlanProblem =
  | { code: 'tooLarge' | 'tooDeep' | 'notPlan' }
  | { code: 'notJson'; line: number }
  | { code: 'badValue' | PlanConflict; line: number };

export type PlanReading = { ok: true; plan: SeatPlan } | { ok: false; problem: PlanProblem };

/** Deeper than a plan nests: refused by a scan of its brackets, before any parse. */
function nestsTooDeep(text: string): boolean {
  let depth = 0;
  let inString = false;
  for (let at = 0; at < text.length; at++) {
    const char = text[at];
    if (inString) {
      if (char === '\\') at++;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '{' || char === '[') {
      depth++;
      if (depth > PLAN_MAX_DEPTH) return true;
    } else if (char === '}' || char === ']') depth--;
  }
  return false;
}

const lineAt = (text: string, offset: number): number =>
  text.slice(0, Math.max(0, offset)).split('\n').length;

/**
 * Where each value of a JSON text starts, by its path ("seats.3.row"): the text is JSON already
 * (JSON.parse read it), so this walk only needs to find the starts, not check anything.
 */
function valueOffsets(text: string): Map<string, number> {
  const offsets = new Map<string, number>();
  let at = 0;
  const skipSpace = () => {
    while (at < text.length && /\s/.test(text[at] ?? '')) at++;
  };
  const readString = (): string => {
    const start = at;
    at++;
    while (at < text.length && text[at] !== '"') at += text[at] === '\\' ? 2 : 1;
    at++;
    return JSON.parse(text.slice(start, at)) as string;
  };
  const readValue = (path: string) => {
    skipSpace();
    offsets.set(path, at);
    const char = text[at];
    const prefix = path === '' ? '' : `${path}.`;
    if (char === '{' || char === '[') {
      const close = char === '{' ? '}' : ']';
      at++;
      let index = 0;
      skipSpace();
      while (at < text.length && text[at] !== close) {
        let key = String(index++);
        if (char === '{') {
          skipSpace();
          key = readString();
          skipSpace();
          at++; // the colon
        }
        readValue(`${prefix}${key}`);
        skipSpace();
        if (text[at] === ',') at++;
        skipSpace();
      }
      at++;
    } else if (char === '"') readString();
    else while (at < text.length && !/[\s,}\]]/.test(text[at] ?? '')) at++;
  };
  readValue('');
  return offsets;
}

/** The line JSON.parse's error points at: V8 says the position (and lately the line). */
function syntaxLine(text: string, error: unknown): number {
  const message = error instanceof Error ? error.message : '';
  const line = /\(line (\d+) column \d+\)/.exec(message);
  if (line) return Number(line[1]);
  const position = /position (\d+)/.exec(message);
  if (position) return lineAt(text, Number(position[1]));
  // "Unexpected end of JSON input": the text stops short, on its last line.
  return lineAt(text, text.length);
}

/**
 * A plan file's text read and checked: the problem says the line it is on, so a colleague or IT
 * can find it; nothing of a refused file is kept.
 */
export function readPlanText(text: string): PlanReading {
  if (new TextEncoder().encode(text).length > PLAN_MAX_BYTES) {
    return { ok: false, problem: { code: 'tooLarge' } };
  }
  if (nestsTooDeep(text)) return { ok: false, problem: { code: 'tooDeep' } };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, problem: { code: 'notJson', line: syntaxLine(text, error) } };
  }
  if (typeof value !== 'object' || value === null || !('seatPlan' in value)) {
    return { ok: false, problem: { code: 'notPlan' } };
  }
  const parsed = seatPlanSchema.safeParse(value);
  if (parsed.success) return { ok: true, plan: parsed.data };
  const issue = parsed.error.issues[0];
  const offsets = valueOffsets(text);
  const path = issue?.path ?? [];
  // An unknown key's issue is its object's; a missing one's too.
  const offset = offsets.get(path.map(String).join('.')) ?? 0;
  const conflict = issue?.code === 'custom' ? (issue.message as PlanConflict) : undefined;
  return { ok: false, problem: { code: conflict ?? 'badValue', line: lineAt(text, offset) } };
}

/** A plan as its file holds it: one seat a line, for a colleague to read and diff. */
export function planText(plan: SeatPlan): string {
  const seats = [...plan.seats]
    .sort((a, b) => a.row - b.row || a.column - b.column)
    .map((seat) => `    ${JSON.stringify(seat)}`);
  return [
    '{',
    `  "seatPlan": 1,`,
    `  "rows": ${plan.rows},`,
    `  "columns": ${plan.columns},`,
    `  "front": ${JSON.stringify(plan.front)},`,
    seats.length === 0 ? '  "seats": []' : `  "seats": [\n${seats.join(',\n')}\n  ]`,
    '}',
    '',
  ].join('\n');
}
