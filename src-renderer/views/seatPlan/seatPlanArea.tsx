/**
 * seatPlan/: the compact view as the room stands. Once a room has a plan (the teacher's, or the
 * school's from RoomPlansFolder), the compact view is that plan: each device on its seat, the
 * front of the room marked, the devices new to the room in a "Not placed" strip. "Arrange" lets
 * the teacher place them, by keyboard (pick with Enter or Space, move with the arrows, drop with
 * Enter or Space, Escape cancels, Delete takes a device off the plan), by clicks (the device,
 * then its seat) or by dragging with a mouse or a finger; each move is announced and the last one
 * can be undone. Out of arranging, a seat opens its device's row (Add access, End access,
 * End at…). The grid is never mirrored (it is a physical room); its words follow the language.
 */
import {
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent as ReactKeyboardEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import type { SeatPlan } from '../../api/types';
import type { ClassTrayData } from '../../store/classTrayStore';
import { useApi, useClassTray, useClassTrayStore } from '../../store/context';
import { byName } from '../../store/deviceOrder';
import { tileName } from '../devices/tileGrid';
import { ActionError } from '../forms/actionError';
import { useAction } from '../forms/useAction';
import { NotPlacedList } from './notPlaced';
import { PlanBar } from './planBar';
import {
  firstEmptySeat,
  notPlaced,
  rowsOnScreen,
  seatKey,
  seatsByPlace,
  seatToward,
  type SeatAt,
} from './planLayout';
import { RoomSize } from './roomSize';
import { SeatActions } from './seatActions';
import { SeatSlot } from './seatSlot';
import { useArranging, type Carried } from './useArranging';
import { useSeatDrag } from './useSeatDrag';

export function SeatPlanArea({
  prefix,
  now,
  shown,
}: {
  prefix: string;
  now: number;
  /** The devices the search and the filter leave: the plan dims the others where they sit. */
  shown: readonly string[];
}) {
  const view = useClassTray((data) => data.seatPlan);
  const { classroomId, plan } = view;
  const [sentence, setSentence] = useState('');
  const [arranging, setArranging] = useState(false);
  // Another room: its plan is arranged afresh.
  const [room, setRoom] = useState(classroomId);
  if (room !== classroomId) {
    setRoom(classroomId);
    setArranging(false);
  }
  if (classroomId === null) return null;
  return (
    <>
      <PlanBar
        key={`bar-${classroomId}`}
        classroomId={classroomId}
        arranging={arranging}
        onArranging={setArranging}
        announce={setSentence}
      />
      {plan !== null && (
        <PlanRoom
          key={classroomId}
          classroomId={classroomId}
          plan={plan}
          prefix={prefix}
          now={now}
          shown={shown}
          arranging={arranging && !view.locked}
          announce={setSentence}
        />
      )}
      {/* In the page from the start, so each sentence put in it is read. */}
      <p className="visually-hidden seat-announcer" role="status">
        {sentence}
      </p>
    </>
  );
}

/** The plan's seats, the front, the strip of devices not placed, and (arranging) the room's size. */
function PlanRoom({
  classroomId,
  plan,
  prefix,
  now,
  shown,
  arranging,
  announce,
}: {
  classroomId: string;
  plan: SeatPlan;
  prefix: string;
  now: number;
  shown: readonly string[];
  arranging: boolean;
  announce: (sentence: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const number = (value: number) => value.toLocaleString(i18n.language);
  const store = useClassTrayStore();
  const api = useApi();
  const gridRef = useRef<HTMLDivElement>(null);
  const stripRef = useRef<HTMLUListElement>(null);
  const helpId = useId();
  const moves = useArranging(classroomId, announce);
  const { carried } = moves;
  const [focused, setFocused] = useState<SeatAt>({ row: 1, column: 1 });
  const focusPending = useRef<SeatAt | 'strip' | null>(null);
  const [opened, setOpened] = useState<string | null>(null);
  // The room's devices by name, as one string: a refresh that adds or renames none renders nothing.
  const joinedIds = useClassTray(
    useMemo(() => {
      let last: ClassTrayData['devices'] | undefined;
      let joined = '';
      return (data: ClassTrayData) => {
        if (last !== data.devices) {
          last = data.devices;
          joined = byName(data, [...data.deviceIds]).join('\n');
        }
        return joined;
      };
    }, []),
  );
  const roomIds = useMemo(() => (joinedIds === '' ? [] : joinedIds.split('\n')), [joinedIds]);
  const inRoom = useMemo(() => new Set(roomIds), [roomIds]);
  const waiting = notPlaced(plan, roomIds);
  // Searching or filtering: the devices left out are dimmed, never moved.
  const matching = useMemo(
    () => (shown.length < roomIds.length ? new Set(shown) : null),
    [shown, roomIds],
  );
  const byPlace = seatsByPlace(plan);
  // Said once the room's devices are known (not while the first refresh is still coming).
  const leftRoom =
    inRoom.size === 0 ? 0 : plan.seats.filter((seat) => !inRoom.has(seat.remoteId)).length;
  const clearing = useAction((seat: SeatAt) => api.clearSeat({ classroomId, ...seat }));
  /** A seat whose device left the room, emptied: the one way its greyed name goes. */
  const clear = async (seat: SeatAt) => {
    if (!(await clearing.run(seat)).ok) return;
    announce(t('seatPlan.emptySeat', { row: number(seat.row), column: number(seat.column) }));
  };
  const shape = useAction((size: { rows?: number; columns?: number; front?: SeatPlan['front'] }) =>
    api.shapeSeatPlan({ classroomId, ...size }),
  );

  // Arranging ended: nothing stays carried, and the next session's Undo starts afresh.
  const [wasArranging, setWasArranging] = useState(arranging);
  if (wasArranging !== arranging) {
    setWasArranging(arranging);
    if (!arranging) moves.reset();
  }

  useEffect(() => {
    const pending = focusPending.current;
    if (pending === null) return;
    focusPending.current = null;
    if (pending === 'strip') {
      stripRef.current?.querySelector<HTMLElement>('button[tabindex="0"]')?.focus();
    } else {
      gridRef.current
        ?.querySelector<HTMLElement>(`[data-row="${pending.row}"][data-column="${pending.column}"]`)
        ?.focus();
    }
  });

  const focusSeat = (seat: SeatAt) => {
    setFocused(seat);
    focusPending.current = seat;
  };
  const occupant = (seat: SeatAt) => byPlace.get(seatKey(seat))?.remoteId;

  const drop = (target: SeatAt | 'strip', what: Carried | { remoteId: string }) => {
    void moves.place(what.remoteId, target === 'strip' ? null : target);
    if (target !== 'strip') focusSeat(target);
  };
  const { drag, startDrag, swallowDragClick } = useSeatDrag(arranging, drop);

  /** A click, Enter or Space on a seat. */
  const activateSeat = (seat: SeatAt) => {
    const remoteId = occupant(seat);
    if (!arranging) {
      if (remoteId !== undefined && inRoom.has(remoteId)) setOpened(remoteId);
      return;
    }
    if (carried !== null) drop(seat, carried);
    else if (remoteId !== undefined) moves.pick(remoteId, seat, seat);
  };

  const onGridKeyDown = (event: ReactKeyboardEvent<HTMLDivElement>) => {
    const cell = (event.target as HTMLElement).closest<HTMLElement>('[data-row]');
    if (!cell) return;
    const seat = { row: Number(cell.dataset.row), column: Number(cell.dataset.column) };
    const from = carried?.target ?? seat;
    if (event.key.startsWith('Arrow')) {
      const next = seatToward(plan, from, event.key);
      if (carried !== null) moves.aim(next);
      focusSeat(next);
    } else if (event.key === 'Enter' || event.key === ' ') {
      activateSeat(carried?.target ?? seat);
    } else if (event.key === 'Escape' && carried !== null) {
      moves.cancel();
      if (carried.from === null) focusPending.current = 'strip';
      else focusSeat(carried.from);
    } else if (arranging && (event.key === 'Delete' || event.key === 'Backspace')) {
      const remoteId = carried?.remoteId ?? occupant(seat);
      if (remoteId === undefined) return;
      if (carried === null && !inRoom.has(remoteId)) void clear(seat);
      else void moves.place(remoteId, null);
    } else return;
    event.preventDefault();
    event.stopPropagation();
  };

  const seatOf = (target: EventTarget): SeatAt | undefined => {
    const cell = (target as HTMLElement).closest<HTMLElement>('[data-row]');
    return cell
      ? { row: Number(cell.dataset.row), column: Number(cell.dataset.column) }
      : undefined;
  };
  const tabStop = carried?.target ?? focused;
  const carriedId = carried?.remoteId ?? (drag?.moving === true ? drag.remoteId : undefined);
  const carriedName =
    carriedId === undefined
      ? undefined
      : tileName(
          store.getState().devices.get(carriedId)?.alias ??
            plan.seats.find((seat) => seat.remoteId === carriedId)?.name ??
            carriedId,
          prefix,
        );
  const frontBar = <p className="seat-front">{t('seatPlan.front')}</p>;
  return (
    <div className={`device-scroll seat-scroll${arranging ? ' arranging' : ''}`}>
      {arranging && (
        <RoomSize plan={plan} onShape={(size) => void shape.run(size)} helpId={helpId} />
      )}
      <ActionError error={shape.error ?? moves.error ?? clearing.error} />
      <div className={`seat-plan${arranging ? ' arranging' : ''}`}>
        {plan.front === 'top' && frontBar}
        <div
          ref={gridRef}
          role="grid"
          // A physical room: seat 1 is on the left whatever the language.
          dir="ltr"
          aria-label={t('seatPlan.planLabel')}
          aria-describedby={arranging ? helpId : undefined}
          aria-rowcount={plan.rows}
          aria-colcount={plan.columns}
          className="seat-grid"
          style={{ gridTemplateColumns: `repeat(${plan.columns}, minmax(var(--seat-min), 1fr))` }}
          onKeyDown={onGridKeyDown}
          onFocus={(event) => {
            const seat = seatOf(event.target);
            if (seat) setFocused(seat);
          }}
          onClick={(event) => {
            const seat = seatOf(event.target);
            if (!seat || swallowDragClick()) return;
            if ((event.target as HTMLElement).closest('.seat-clear')) void clear(seat);
            else activateSeat(seat);
          }}
          onPointerDown={(event) => {
            const seat = seatOf(event.target);
            startDrag(event, seat && occupant(seat), seat ?? null);
          }}
        >
          {rowsOnScreen(plan).map((row) => (
            <div key={row} role="row" className="seat-row" aria-rowindex={row}>
              {Array.from({ length: plan.columns }, (_, index) => {
                const seat = { row, column: index + 1 };
                const taken = byPlace.get(seatKey(seat));
                const isTarget =
                  (carried !== null &&
                    carried.target.row === row &&
                    carried.target.column === seat.column) ||
                  (drag?.moving === true &&
                    drag.over !== null &&
                    drag.over !== 'strip' &&
                    drag.over.row === row &&
                    drag.over.column === seat.column);
                const isSource =
                  (carried?.from ?? drag?.from)?.row === row &&
                  (carried?.from ?? drag?.from)?.column === seat.column;
                return (
                  <SeatSlot
                    key={seat.column}
                    row={row}
                    column={seat.column}
                    remoteId={taken?.remoteId}
                    planName={taken?.name}
                    prefix={prefix}
                    now={now}
                    tabbable={tabStop.row === row && tabStop.column === seat.column}
                    state={isTarget ? 'target' : isSource ? 'source' : 'none'}
                    carriedName={isTarget ? carriedName : undefined}
                    clearable={arranging && taken !== undefined && !inRoom.has(taken.remoteId)}
                    dimmed={
                      matching !== null && taken !== undefined && !matching.has(taken.remoteId)
                    }
                  />
                );
              })}
            </div>
          ))}
        </div>
        {plan.front === 'bottom' && frontBar}
      </div>
      {leftRoom > 0 && (
        <p className="seat-note">{t('seatPlan.notInRoom', { seats: number(leftRoom) })}</p>
      )}
      {opened !== null && !arranging && inRoom.has(opened) && (
        <SeatActions
          remoteId={opened}
          onClose={() => {
            const seat = plan.seats.find((one) => one.remoteId === opened);
            setOpened(null);
            if (seat) focusSeat(seat);
          }}
        />
      )}
      {(arranging || waiting.length > 0) && (
        <section className="seat-waiting" aria-label={t('seatPlan.notPlaced')}>
          <h3 className="seat-heading">{t('seatPlan.notPlaced')}</h3>
          {waiting.length === 0 ? (
            <p className={`seat-strip empty-strip${drag?.over === 'strip' ? ' over' : ''}`}>
              {t('seatPlan.allPlaced')}
            </p>
          ) : (
            <NotPlacedList
              ref={stripRef}
              waiting={waiting}
              carriedId={carried?.remoteId}
              over={drag?.over === 'strip'}
              onChoose={(remoteId) => {
                if (swallowDragClick()) return;
                if (!arranging) setOpened(remoteId);
                else if (carried !== null) drop('strip', carried);
                else {
                  const target = firstEmptySeat(plan);
                  moves.pick(remoteId, null, target);
                  focusSeat(target);
                }
              }}
              onPress={(event, remoteId) => startDrag(event, remoteId, null)}
            />
          )}
        </section>
      )}
      {arranging && (
        <div className="seat-undo">
          {/* Unavailable yet focusable (as a busy button is): undoing the last move must not
              drop the focus to the page, and Undo pressed again goes on undoing. */}
          <button
            type="button"
            className="button small"
            aria-disabled={!moves.canUndo || moves.pending || undefined}
            onClick={() => void moves.undo()}
          >
            {t('seatPlan.undo')}
          </button>
        </div>
      )}
    </div>
  );
}
