import { useTranslation } from 'react-i18next';
import type { SeatPlan } from '../../api/types';
import type { SeatAt } from './planLayout';

/** Rows, seats per row and the side of the front, while arranging. */
export function RoomSize({
  plan,
  onShape,
  helpId,
}: {
  plan: SeatPlan;
  onShape: (size: { rows?: number; columns?: number; front?: SeatPlan['front'] }) => void;
  helpId: string;
}) {
  const { t } = useTranslation();
  const furthest = (pick: (seat: SeatAt) => number) =>
    Math.max(1, ...plan.seats.map((seat) => pick(seat)));
  const number = (value: string, min: number) => {
    const read = Math.round(Number(value));
    return Number.isFinite(read) ? Math.min(20, Math.max(min, read)) : undefined;
  };
  return (
    <div className="seat-size">
      <p id={helpId} className="seat-help">
        {t('seatPlan.help')}
      </p>
      <label>
        {t('seatPlan.rows')}
        <input
          type="number"
          min={furthest((seat) => seat.row)}
          max={20}
          value={plan.rows}
          onChange={(event) => {
            const rows = number(
              event.target.value,
              furthest((seat) => seat.row),
            );
            if (rows !== undefined) onShape({ rows });
          }}
        />
      </label>
      <label>
        {t('seatPlan.columns')}
        <input
          type="number"
          min={furthest((seat) => seat.column)}
          max={20}
          value={plan.columns}
          onChange={(event) => {
            const columns = number(
              event.target.value,
              furthest((seat) => seat.column),
            );
            if (columns !== undefined) onShape({ columns });
          }}
        />
      </label>
      <button
        type="button"
        className="button small"
        onClick={() => onShape({ front: plan.front === 'top' ? 'bottom' : 'top' })}
      >
        {t('seatPlan.turnFront')}
      </button>
    </div>
  );
}
