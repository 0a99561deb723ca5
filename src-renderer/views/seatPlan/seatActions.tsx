import { useEffect, useRef, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useClassTray } from '../../store/context';
import { DeviceRow } from '../devices/deviceRow';

/**
 * A seat's device opened: its row as in the list (Add access, End access, End at…), the arrow
 * keys stepping through its buttons as in the list; Escape or Close goes back to the seat.
 */
export function SeatActions({ remoteId, onClose }: { remoteId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const name = useClassTray((data) => {
    const device = data.devices.get(remoteId);
    return device?.alias ?? remoteId;
  });
  useEffect(() => {
    ref.current?.querySelector<HTMLElement>('.device-row button')?.focus();
  }, [remoteId]);
  const onKeyDown = (event: ReactKeyboardEvent<HTMLDivElement>) => {
    const buttons = [...(ref.current?.querySelectorAll<HTMLElement>('button') ?? [])];
    const at = buttons.indexOf(event.target as HTMLElement);
    // Forward is the way the line runs: left in a right-to-left language.
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const [forward, back] = rtl ? ['ArrowLeft', 'ArrowRight'] : ['ArrowRight', 'ArrowLeft'];
    if (event.key === 'Escape') onClose();
    else if (at >= 0 && (event.key === forward || event.key === 'ArrowDown')) {
      buttons[Math.min(buttons.length - 1, at + 1)]?.focus();
    } else if (at >= 0 && (event.key === back || event.key === 'ArrowUp')) {
      buttons[Math.max(0, at - 1)]?.focus();
    } else return;
    event.preventDefault();
    event.stopPropagation();
  };
  return (
    <div
      ref={ref}
      className="seat-actions"
      role="group"
      aria-label={t('seatPlan.actionsFor', { name })}
      onKeyDown={onKeyDown}
    >
      <DeviceRow remoteId={remoteId} />
      <button type="button" className="button small seat-close" onClick={onClose}>
        {t('seatPlan.close')}
      </button>
    </div>
  );
}
