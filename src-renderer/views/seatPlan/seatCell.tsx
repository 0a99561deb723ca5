/**
 * What one seat shows: its device's short name (the room's shared prefix dropped) with its state
 * in the shapes and colours of the rows (online filled, offline hollow, unknown dotted; a change
 * in the last minutes on the caution ground; gone offline while a student's access runs in the
 * alarm colour), and the student's first name while an access runs (a mark without a name). A device that left the room
 * keeps its seat, its name greyed. Each seat selects its own device, so a refresh renders only
 * the seats whose device changed.
 */
import { memo, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useClassTray } from '../../store/context';
import { changedRecently } from '../../store/deviceOrder';
import { accessOn, stillRunning } from '../devices/deviceAccess';
import { presenceOf } from '../devices/deviceRow';
import { tileName } from '../devices/tileGrid';

/** A seat's words for screen readers and its tooltip: its place, its device, its state. */
export function useSeatWords(remoteId: string | undefined, planName: string | undefined) {
  const { t } = useTranslation();
  const device = useClassTray((data) =>
    remoteId === undefined ? undefined : data.devices.get(remoteId),
  );
  const access = useClassTray((data) =>
    remoteId === undefined ? undefined : accessOn(data, remoteId),
  );
  if (remoteId === undefined) return { name: undefined, words: '' };
  const name = device?.alias ?? planName ?? remoteId;
  if (!device) return { name, words: `${name}, ${t('seatPlan.leftRoom')}` };
  const running = access !== undefined && stillRunning(access) ? access : undefined;
  const words = [
    name,
    t(`devices.${presenceOf(device)}`),
    ...(device.has2fa ? [] : [t('devices.no2fa')]),
    ...(device.status === 'disabled' ? [t('devices.disabled')] : []),
    ...(running === undefined
      ? []
      : [
          running.studentName === null
            ? t('accesses.onTile')
            : t('accesses.onTileOf', { student: running.studentName }),
        ]),
  ].join(', ');
  return { name, words };
}

/**
 * The student's name as a seat has room for it: the first name ("Valentina"), the seat telling
 * the students apart; the whole name is in the seat's words and its tooltip.
 */
export const firstName = (name: string): string => name.trim().split(/\s+/)[0] ?? name;

/** "Valentina Rossi" as "V. R.": what a seat too narrow for the first name shows, whole. */
export const initialsOf = (name: string): string =>
  name
    .trim()
    .split(/\s+/)
    .map((word) => `${[...word][0] ?? ''}.`)
    .join(' ');

let measuring: CanvasRenderingContext2D | null | undefined;

/** The first name when the seat has room for it whole, else the initials: never a cut word. */
function SeatStudent({ label }: { label: string }) {
  const ref = useRef<HTMLSpanElement>(null);
  const [fits, setFits] = useState(true);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    // Measured on a canvas in the seat's font: the span's own width does not change with its text.
    const measure = () => {
      measuring ??= document.createElement('canvas').getContext('2d');
      if (!measuring) return;
      measuring.font = getComputedStyle(element).font;
      setFits(measuring.measureText(firstName(label)).width <= element.clientWidth);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [label]);
  return (
    <span className="seat-student" dir="auto" ref={ref}>
      {fits ? firstName(label) : initialsOf(label)}
    </span>
  );
}

export const SeatCell = memo(function SeatCell({
  remoteId,
  planName,
  prefix,
  now,
}: {
  remoteId: string;
  /** The name the plan kept, for a device no longer in the room. */
  planName: string | undefined;
  prefix: string;
  now: number;
}) {
  const device = useClassTray((data) => data.devices.get(remoteId));
  const access = useClassTray((data) => accessOn(data, remoteId));
  const changed = useClassTray((data) => changedRecently(data.activity.get(remoteId), now));
  const name = device?.alias ?? planName ?? remoteId;
  if (!device) {
    return (
      <span className="seat-device left" aria-hidden="true">
        <span className="seat-name" dir="auto">
          {tileName(name, prefix)}
        </span>
      </span>
    );
  }
  const running = access !== undefined && stillRunning(access) ? access : undefined;
  const presence = presenceOf(device);
  const urgent = presence === 'offline' && running !== undefined;
  const classes = [
    'seat-device',
    presence,
    ...(device.status === 'disabled' ? ['disabled'] : []),
    ...(changed ? ['changed'] : []),
    ...(urgent ? ['urgent'] : []),
  ];
  return (
    <span className={classes.join(' ')} aria-hidden="true">
      <span className="seat-line">
        <span className="status-dot" />
        <span className="seat-name" dir="auto">
          {tileName(name, prefix)}
        </span>
        {!device.has2fa && <span className="tile-mark">!</span>}
      </span>
      {running === undefined ? (
        <span className="seat-student" />
      ) : running.studentName === null ? (
        // No name (never typed, forgotten or erased): the access still shows, as the tile's does.
        <span className="seat-student">
          <span className="tile-access seat-access">•</span>
        </span>
      ) : (
        <SeatStudent label={running.studentName} />
      )}
    </span>
  );
});
