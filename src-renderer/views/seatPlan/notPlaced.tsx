import {
  useState,
  type KeyboardEvent as ReactKeyboardEvent,
  type PointerEvent as ReactPointerEvent,
  type Ref,
} from 'react';
import { useSeatWords } from './seatCell';

/** The device a strip's button stands for, from an event's target inside it. */
export const stripDeviceOf = (target: EventTarget): string | undefined =>
  (target as HTMLElement).closest<HTMLElement>('[data-remote-id]')?.dataset.remoteId;

/**
 * The devices of the room without a seat, by name: one Tab stop (the device last focused there,
 * else the first), the arrows (as the strip reads, right to left in Arabic), Home and End moving
 * along it. A click picks a device up (arranging) or opens it; a press may start a drag.
 */
export function NotPlacedList({
  ref,
  waiting,
  carriedId,
  over,
  onChoose,
  onPress,
}: {
  /** The list, for the plan to put the focus back on its Tab stop. */
  ref: Ref<HTMLUListElement>;
  waiting: readonly string[];
  carriedId: string | undefined;
  /** A drag is over the strip: it would take its device off the plan. */
  over: boolean;
  onChoose: (remoteId: string) => void;
  onPress: (event: ReactPointerEvent, remoteId: string | undefined) => void;
}) {
  const [focused, setFocused] = useState<string | null>(null);
  const stop = focused !== null && waiting.includes(focused) ? focused : waiting[0];

  const onKeyDown = (event: ReactKeyboardEvent<HTMLUListElement>) => {
    const remoteId = stripDeviceOf(event.target);
    if (remoteId === undefined) return;
    const at = waiting.indexOf(remoteId);
    const backwards = getComputedStyle(event.currentTarget).direction === 'rtl';
    const steps: Record<string, number> = {
      ArrowDown: 1,
      ArrowUp: -1,
      ArrowRight: backwards ? -1 : 1,
      ArrowLeft: backwards ? 1 : -1,
      Home: -at,
      End: waiting.length - 1 - at,
    };
    const step = steps[event.key];
    if (step === undefined) return;
    event.preventDefault();
    const next = waiting[Math.min(waiting.length - 1, Math.max(0, at + step))];
    if (next === undefined) return;
    setFocused(next);
    event.currentTarget.querySelector<HTMLElement>(`[data-remote-id="${next}"]`)?.focus();
  };

  return (
    <ul
      ref={ref}
      className={`seat-strip${over ? ' over' : ''}`}
      onClick={(event) => {
        const remoteId = stripDeviceOf(event.target);
        if (remoteId !== undefined) onChoose(remoteId);
      }}
      onPointerDown={(event) => onPress(event, stripDeviceOf(event.target))}
      onKeyDown={onKeyDown}
      onFocus={(event) => {
        const remoteId = stripDeviceOf(event.target);
        if (remoteId !== undefined) setFocused(remoteId);
      }}
    >
      {waiting.map((remoteId) => (
        <li key={remoteId}>
          <WaitingDevice
            remoteId={remoteId}
            carried={carriedId === remoteId}
            tabbable={remoteId === stop}
          />
        </li>
      ))}
    </ul>
  );
}

/** A device of the room without a seat: picked up (arranging) or opened by the strip's clicks. */
function WaitingDevice({
  remoteId,
  carried,
  tabbable,
}: {
  remoteId: string;
  carried: boolean;
  tabbable: boolean;
}) {
  const { words, name } = useSeatWords(remoteId, undefined);
  return (
    <button
      type="button"
      className={`seat-waiting-device${carried ? ' source' : ''}`}
      data-remote-id={remoteId}
      tabIndex={tabbable ? 0 : -1}
      aria-label={words}
      aria-pressed={carried}
      title={words}
    >
      <span dir="auto">{name}</span>
    </button>
  );
}
