import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from '../icons';
import { SeatCell, useSeatWords } from './seatCell';

/** One seat of the grid: its place and device in words, and what it shows. */
export const SeatSlot = memo(function SeatSlot({
  row,
  column,
  remoteId,
  planName,
  prefix,
  now,
  tabbable,
  state,
  carriedName,
  clearable,
  dimmed,
}: {
  row: number;
  column: number;
  remoteId: string | undefined;
  planName: string | undefined;
  prefix: string;
  now: number;
  tabbable: boolean;
  state: 'target' | 'source' | 'none';
  /** On the seat a carried device would go to: its short name, shown over the seat. */
  carriedName: string | undefined;
  /** Arranging, and its device left the room: a button empties it (Delete does too). */
  clearable: boolean;
  /** Left out by the search or the filter. */
  dimmed: boolean;
}) {
  const { t, i18n } = useTranslation();
  const number = (value: number) => value.toLocaleString(i18n.language);
  const { words } = useSeatWords(remoteId, planName);
  const seat = { row: number(row), column: number(column) };
  const place = t('seatPlan.seat', seat);
  return (
    <div
      role="gridcell"
      aria-colindex={column}
      className={`seat${remoteId === undefined ? ' free' : ''}${state === 'none' ? '' : ` ${state}`}${dimmed ? ' dimmed' : ''}`}
      data-row={row}
      data-column={column}
      data-remote-id={remoteId}
      tabIndex={tabbable ? 0 : -1}
      aria-selected={state === 'target' ? true : undefined}
      title={remoteId === undefined ? undefined : words}
    >
      {/* Its name is these words, whole; what it shows is short (aria-hidden). */}
      <span className="visually-hidden">
        {remoteId === undefined ? t('seatPlan.emptySeat', seat) : `${place}: ${words}`}
      </span>
      {remoteId !== undefined && (
        <SeatCell remoteId={remoteId} planName={planName} prefix={prefix} now={now} />
      )}
      {clearable && (
        <button
          type="button"
          className="seat-clear"
          // Delete on the seat does the same: the grid is one Tab stop.
          tabIndex={-1}
          aria-label={t('seatPlan.clearSeat', { name: planName ?? remoteId ?? '' })}
          title={t('seatPlan.clearSeat', { name: planName ?? remoteId ?? '' })}
        >
          <CloseIcon />
        </button>
      )}
      {carriedName !== undefined && (
        <span className="seat-carried" aria-hidden="true" dir="auto">
          {carriedName}
        </span>
      )}
    </div>
  );
});
