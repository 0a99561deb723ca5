/**
 * Dragging a device onto a seat (or back to Not placed) with a mouse or a finger, while arranging.
 * A press that moves less than DRAG_SLOP stays a click; each step shows the seat under the pointer.
 */
import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import type { SeatAt } from './planLayout';

/** A pointer that moved less than this (px) clicked; further, it drags. */
const DRAG_SLOP = 5;

export interface Drag {
  remoteId: string;
  from: SeatAt | null;
  startX: number;
  startY: number;
  moving: boolean;
  over: SeatAt | 'strip' | null;
}

/** The seat or the strip under a point, as the drop target of a drag. */
function dropTargetAt(x: number, y: number): SeatAt | 'strip' | null {
  const element = document.elementFromPoint(x, y);
  const seat = element?.closest<HTMLElement>('[data-row]');
  if (seat) return { row: Number(seat.dataset.row), column: Number(seat.dataset.column) };
  return element?.closest('.seat-strip') ? 'strip' : null;
}

/**
 * The drag under way (null: none), `startDrag` for a press on a device (on a seat, or in the
 * strip with `from` null), and `swallowDragClick` for the click a drag ends with.
 */
export function useSeatDrag(
  arranging: boolean,
  onDrop: (target: SeatAt | 'strip', drag: Drag) => void,
) {
  const [drag, setDrag] = useState<Drag | null>(null);
  // A drag ended over the element it began on ends with a click there: that click is the drag's,
  // not a pick. One ended elsewhere clicks no device, and the next Enter on one is a pick.
  const dragEnded = useRef(false);
  const pressedOn = useRef<Node | null>(null);

  const startDrag = (
    event: ReactPointerEvent,
    remoteId: string | undefined,
    from: SeatAt | null,
  ) => {
    // A drag that ended elsewhere than it began had no click: this press starts afresh.
    dragEnded.current = false;
    if (remoteId === undefined || !arranging || event.button !== 0) return;
    // The device's chip or seat, whose click a drag ended over it brings.
    pressedOn.current =
      event.target instanceof Element ? event.target.closest('button, [data-row]') : null;
    const { clientX: x, clientY: y } = event;
    setDrag({ remoteId, from, startX: x, startY: y, moving: false, over: null });
  };
  // The pointer followed across the page, not captured: a captured pointer's click lands on the
  // capturing element, and a press that does not move must stay a click on its seat.
  useEffect(() => {
    if (drag === null) return;
    const move = (event: PointerEvent) => {
      const { clientX: x, clientY: y } = event;
      const moving = drag.moving || Math.hypot(x - drag.startX, y - drag.startY) > DRAG_SLOP;
      // Each step shown on the seat under the pointer (the carried device over it).
      setDrag({ ...drag, moving, over: moving ? dropTargetAt(x, y) : null });
    };
    const end = (event: PointerEvent) => {
      setDrag(null);
      if (!drag.moving || event.type === 'pointercancel') return;
      dragEnded.current =
        event.target instanceof Node && pressedOn.current?.contains(event.target) === true;
      const target = dropTargetAt(event.clientX, event.clientY);
      if (target !== null) onDrop(target, drag);
    };
    document.addEventListener('pointermove', move);
    document.addEventListener('pointerup', end);
    document.addEventListener('pointercancel', end);
    return () => {
      document.removeEventListener('pointermove', move);
      document.removeEventListener('pointerup', end);
      document.removeEventListener('pointercancel', end);
    };
  });
  /** True (once) for the click that ends a drag. */
  const swallowDragClick = (): boolean => {
    const ended = dragEnded.current;
    dragEnded.current = false;
    return ended;
  };
  return { drag, startDrag, swallowDragClick };
}
