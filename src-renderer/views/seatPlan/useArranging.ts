/**
 * Arranging a room's plan: a device picked up (by Enter or Space, a click, or a drag) is carried
 * to a seat and dropped there, each move said in one sentence ("R12-PC07 moved to row 2, seat 3"),
 * and the device it displaced too ("R12-PC02 moved to Not placed.").
 *
 * Undo is kept here, in the window, not in the core: it undoes this window's gestures, which
 * only the window knows (a colleague's window or a school's new plan is not "my last move"), and
 * the core's placing swaps, so each move back is one more placeDevice. It keeps the session's
 * last MAX_UNDO moves and undoes them newest first.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SeatPlan } from '../../api/types';
import { useApi, useClassTrayStore } from '../../store/context';
import { useAction } from '../forms/useAction';
import type { SeatAt } from './planLayout';

/** A device on its way to a seat: where it came from (null: Not placed) and where it would go. */
export interface Carried {
  remoteId: string;
  from: SeatAt | null;
  target: SeatAt;
}

interface Move {
  remoteId: string;
  from: SeatAt | null;
  to: SeatAt | null;
  /** The device that was on `to`, now where the moved one came from. */
  displaced: string | null;
}

const same = (a: SeatAt, b: SeatAt) => a.row === b.row && a.column === b.column;

/** The moves Undo can take back, newest last: a whole arranging of a room, not one step. */
export const MAX_UNDO = 50;

export function useArranging(classroomId: string, announce: (sentence: string) => void) {
  const { t, i18n } = useTranslation();
  const number = (value: number) => value.toLocaleString(i18n.language);
  const api = useApi();
  const store = useClassTrayStore();
  const [carried, setCarried] = useState<Carried | null>(null);
  const [done, setDone] = useState<readonly Move[]>([]);
  const nameOf = (remoteId: string, plan: SeatPlan | null) => {
    const device = store.getState().devices.get(remoteId);
    const kept = plan?.seats.find((seat) => seat.remoteId === remoteId)?.name;
    return device?.alias ?? kept ?? remoteId;
  };
  const placing = useAction((remoteId: string, seat: SeatAt | null) =>
    api.placeDevice({ classroomId, remoteId, seat }),
  );

  /** Where a device now is, in one sentence: a seat, or Not placed. */
  const wentTo = (name: string, to: SeatAt | null) =>
    to === null
      ? t('seatPlan.unplaced', { name })
      : t('seatPlan.moved', { name, row: number(to.row), column: number(to.column) });

  const place = async (remoteId: string, to: SeatAt | null) => {
    const { plan } = store.getState().seatPlan;
    const name = nameOf(remoteId, plan);
    const fromSeat = plan?.seats.find((seat) => seat.remoteId === remoteId);
    const from = fromSeat ? { row: fromSeat.row, column: fromSeat.column } : null;
    const displaced =
      to === null
        ? undefined
        : plan?.seats.find((seat) => same(seat, to) && seat.remoteId !== remoteId);
    setCarried(null);
    const outcome = await placing.run(remoteId, to);
    if (!outcome.ok) return;
    setDone((moves) => [
      ...moves.slice(-(MAX_UNDO - 1)),
      { remoteId, from, to, displaced: displaced?.remoteId ?? null },
    ]);
    // The device that was on the seat went where the moved one came from: said too, so a seat
    // taken over never sends a device back to Not placed unsaid.
    announce(
      displaced === undefined
        ? wentTo(name, to)
        : `${wentTo(name, to)} ${wentTo(nameOf(displaced.remoteId, plan), from)}`,
    );
  };

  return {
    carried,
    pending: placing.pending,
    error: placing.error,
    canUndo: done.length > 0,
    pick(remoteId: string, from: SeatAt | null, target: SeatAt) {
      setCarried({ remoteId, from, target });
      announce(t('seatPlan.picked', { name: nameOf(remoteId, store.getState().seatPlan.plan) }));
    },
    aim(target: SeatAt) {
      setCarried((carrying) => (carrying === null ? null : { ...carrying, target }));
    },
    cancel() {
      if (carried === null) return;
      setCarried(null);
      announce(
        t('seatPlan.cancelled', {
          name: nameOf(carried.remoteId, store.getState().seatPlan.plan),
        }),
      );
    },
    place,
    async undo() {
      const last = done.at(-1);
      if (last === undefined || placing.pending) return;
      const { remoteId, from, to, displaced } = last;
      const { plan } = store.getState().seatPlan;
      // Placing swaps: the displaced device back on its seat sends the moved one back too.
      const back =
        displaced !== null && to !== null
          ? await placing.run(displaced, to)
          : await placing.run(remoteId, from);
      if (!back.ok) return;
      setDone((moves) => moves.slice(0, -1));
      // Where each device went back to, after "Last move undone.".
      announce(
        [
          t('seatPlan.undone'),
          wentTo(nameOf(remoteId, plan), from),
          ...(displaced !== null && to !== null ? [wentTo(nameOf(displaced, plan), to)] : []),
        ].join(' '),
      );
    },
    /** Another room, or arranging ended: nothing carried, nothing to undo. */
    reset() {
      setCarried(null);
      setDone([]);
    },
  };
}
