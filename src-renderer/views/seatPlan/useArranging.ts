/**
 * Arranging a room's plan: a device picked up (by Enter or Space, a click, or a drag) is carried
 * to a seat and dropped there, each move said in one sentence ("R12-PC07 moved to row 2, seat 3").
 *
 * Undo is kept here, in the window, not in the core: it undoes this window's last gesture, which
 * only the window knows (a colleague's window or a school's new plan is not "my last move"), and
 * the core's placing swaps, so the move back is one more placeDevice.
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

export function useArranging(classroomId: string, announce: (sentence: string) => void) {
  const { t, i18n } = useTranslation();
  const number = (value: number) => value.toLocaleString(i18n.language);
  const api = useApi();
  const store = useClassTrayStore();
  const [carried, setCarried] = useState<Carried | null>(null);
  const [last, setLast] = useState<Move | null>(null);
  const nameOf = (remoteId: string, plan: SeatPlan | null) => {
    const device = store.getState().devices.get(remoteId);
    const kept = plan?.seats.find((seat) => seat.remoteId === remoteId)?.name;
    return device?.alias ?? kept ?? remoteId;
  };
  const placing = useAction((remoteId: string, seat: SeatAt | null) =>
    api.placeDevice({ classroomId, remoteId, seat }),
  );

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
    setLast({ remoteId, from, to, displaced: displaced?.remoteId ?? null });
    announce(
      to === null
        ? t('seatPlan.unplaced', { name })
        : t('seatPlan.moved', { name, row: number(to.row), column: number(to.column) }),
    );
  };

  return {
    carried,
    pending: placing.pending,
    error: placing.error,
    canUndo: last !== null,
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
      if (last === null) return;
      const { remoteId, from, to, displaced } = last;
      // Placing swaps: the displaced device back on its seat sends the moved one back too.
      const back =
        displaced !== null && to !== null
          ? await placing.run(displaced, to)
          : await placing.run(remoteId, from);
      if (!back.ok) return;
      setLast(null);
      announce(t('seatPlan.undone'));
    },
    /** Another room, or arranging ended: nothing carried, nothing to undo. */
    reset() {
      setCarried(null);
      setLast(null);
    },
  };
}
