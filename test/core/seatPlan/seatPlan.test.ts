/**
 * A seat plan and its file: placing swaps (so a move is undone by the move back), a file is read
 * with the line each problem is on, and a file too large or too deep is refused before parsing.
 */
import { describe, expect, it } from 'vitest';
import {
  cleared,
  emptyPlan,
  placed,
  planText,
  readPlanText,
  resized,
  type SeatPlan,
} from '../../../src-main/core/seatPlan/seatPlan';

const plan = (seats: SeatPlan['seats'] = []): SeatPlan => ({
  seatPlan: 1,
  rows: 4,
  columns: 6,
  front: 'top',
  seats,
});
const at = (row: number, column: number) => ({ row, column });

describe('placing', () => {
  it('puts a device on a seat, and off the plan with null', () => {
    const one = placed(plan(), 'a', at(2, 3), 'R12-PC01');
    expect(one.seats).toEqual([{ row: 2, column: 3, remoteId: 'a', name: 'R12-PC01' }]);
    expect(placed(one, 'a', null).seats).toEqual([]);
  });

  it("swaps with the seat's device, which takes the moved one's place (or leaves the plan)", () => {
    const two = placed(placed(plan(), 'a', at(1, 1)), 'b', at(1, 2));
    const swapped = placed(two, 'a', at(1, 2));
    expect(swapped.seats).toEqual(
      expect.arrayContaining([
        { row: 1, column: 1, remoteId: 'b' },
        { row: 1, column: 2, remoteId: 'a' },
      ]),
    );
    // The move back undoes it.
    expect(placed(swapped, 'a', at(1, 1)).seats).toEqual(
      expect.arrayContaining([
        { row: 1, column: 2, remoteId: 'b' },
        { row: 1, column: 1, remoteId: 'a' },
      ]),
    );
    // From Not placed: the seat's device goes there; placing it back sends the other there too.
    const fromStrip = placed(two, 'c', at(1, 1));
    expect(fromStrip.seats.map((seat) => seat.remoteId).sort()).toEqual(['b', 'c']);
    expect(
      placed(fromStrip, 'a', at(1, 1))
        .seats.map((seat) => seat.remoteId)
        .sort(),
    ).toEqual(['a', 'b']);
  });

  it('grows the grid for a seat past its edge, and never shrinks it under a seat taken', () => {
    const grown = placed(plan(), 'a', at(6, 8));
    expect([grown.rows, grown.columns]).toEqual([6, 8]);
    expect(resized(grown, { rows: 2, columns: 2 })).toMatchObject({ rows: 6, columns: 8 });
    expect(resized(cleared(grown, at(6, 8)), { rows: 2, front: 'bottom' })).toMatchObject({
      rows: 2,
      columns: 8,
      front: 'bottom',
    });
  });

  it('sizes an empty room for its devices, six to a row', () => {
    expect(emptyPlan(24)).toMatchObject({ rows: 4, columns: 6 });
    expect(emptyPlan(3)).toMatchObject({ rows: 1, columns: 3 });
    expect(emptyPlan(0)).toMatchObject({ rows: 1, columns: 1 });
  });
});

describe('a plan file', () => {
  const seated = plan([
    { row: 1, column: 1, remoteId: '100000001', name: 'R12-PC01' },
    { row: 2, column: 6, remoteId: '100000002' },
  ]);

  it('is written one seat a line and read back as it was', () => {
    const text = planText(seated);
    expect(text.split('\n')[6]).toBe(
      '    {"row":1,"column":1,"remoteId":"100000001","name":"R12-PC01"},',
    );
    expect(readPlanText(text)).toEqual({ ok: true, plan: seated });
  });

  it('is refused with the line of its JSON error', () => {
    const text = '{\n  "seatPlan": 1,\n  "rows": 4\n  "columns": 6\n}';
    expect(readPlanText(text)).toEqual({ ok: false, problem: { code: 'notJson', line: 4 } });
    expect(readPlanText('{\n  "seatPlan": 1,\n')).toEqual({
      ok: false,
      problem: { code: 'notJson', line: 3 },
    });
  });

  it('is refused with the line of a value a plan does not allow', () => {
    const lines = planText(seated).split('\n');
    lines[7] = '    {"row":0,"column":6,"remoteId":"100000002"}';
    expect(readPlanText(lines.join('\n'))).toEqual({
      ok: false,
      problem: { code: 'badValue', line: 8 },
    });
    expect(readPlanText(planText(seated).replace('"top"', '"left"'))).toEqual({
      ok: false,
      problem: { code: 'badValue', line: 5 },
    });
  });

  it('refuses two devices on one seat, a device on two seats and a seat outside the room', () => {
    const twice = (seat: SeatPlan['seats'][number]) =>
      readPlanText(planText({ ...seated, seats: [...seated.seats, seat] }));
    // planText sorts seats by place: the third seat is on line 9.
    expect(twice({ row: 2, column: 6, remoteId: '100000003' })).toEqual({
      ok: false,
      problem: { code: 'seatTaken', line: 9 },
    });
    expect(twice({ row: 3, column: 1, remoteId: '100000001' })).toEqual({
      ok: false,
      problem: { code: 'placedTwice', line: 9 },
    });
    const outside = JSON.stringify({ ...seated, rows: 1 }, null, 2);
    // The seat's "{" is on the line above "row": 2, whose index is that line's number.
    const line = outside.split('\n').findIndex((text) => text.includes('"row": 2'));
    expect(readPlanText(outside)).toEqual({ ok: false, problem: { code: 'outsideRoom', line } });
  });

  it('refuses a file deeper or larger than a plan before parsing it, and what is no plan', () => {
    expect(readPlanText('{"seatPlan":1,"seats":[{"row":[1]}]}')).toEqual({
      ok: false,
      problem: { code: 'tooDeep' },
    });
    // Deep enough to overflow a recursive parser's stack: refused by a scan of its brackets.
    expect(readPlanText('['.repeat(200_000))).toEqual({ ok: false, problem: { code: 'tooDeep' } });
    // A bracket inside a string is no nesting.
    const bracketed = { row: 1, column: 1, remoteId: '100000001', name: '[[[[' };
    expect(readPlanText(planText({ ...seated, seats: [bracketed] }))).toMatchObject({ ok: true });
    expect(readPlanText(' '.repeat(1024 * 1024 + 1))).toEqual({
      ok: false,
      problem: { code: 'tooLarge' },
    });
    expect(readPlanText('[]')).toEqual({ ok: false, problem: { code: 'notPlan' } });
    expect(readPlanText('{"rows": 4}')).toEqual({ ok: false, problem: { code: 'notPlan' } });
  });
});
