/**
 * The compact view's grid of tiles as laid out: what the room's names share (dropped from its tiles), a
 * tile's width for the rest, and how many tiles fit across the scroll box.
 */
import { useEffect, useMemo, useState, type RefObject } from 'react';
import type { ClassTrayData } from '../../store/classTrayStore';
import { useClassTray } from '../../store/context';
import {
  TILE_CHROME,
  TILE_FONT,
  TILE_INITIAL,
  TILE_LETTER_SPACING,
  TILE_MARK,
  TILE_MIN_WIDTH,
} from './deviceTile';
import { roomNames, sharedPrefix, tileName } from './tileGrid';

/** A tile's width for the room's names, so no tile cuts the part that tells its device apart. */
const measuredWidth = (() => {
  let context: CanvasRenderingContext2D | null | undefined;
  return (text: string, font: string): number => {
    context ??= document.createElement('canvas').getContext('2d');
    if (!context) return text.length * 7;
    context.font = font;
    context.letterSpacing = TILE_LETTER_SPACING;
    return context.measureText(text).width;
  };
})();

/** How much more than its name a tile may hold in this room: the no-2FA mark, an initial. */
const tileExtras = (data: ClassTrayData): number => {
  let extras = 0;
  for (const device of data.devices.values()) {
    if (!device.has2fa) {
      extras += TILE_MARK;
      break;
    }
  }
  if (
    data.temporalAccesses.some(
      (access) => access.remoteId !== null && data.devices.has(access.remoteId),
    )
  ) {
    extras += TILE_INITIAL;
  }
  return extras;
};

/** Names wider than this share of the room's are cut (whole on hover and focus), not widened for. */
const FITTED_SHARE = 0.9;

/**
 * What the room's names share (dropped from its tiles) and how wide a tile must be to show the
 * rest: measured in the tiles' own font, again only when the room's names change. One unusually
 * long name does not thin out the whole grid: the tiles fit nine names in ten.
 */
export function useTileGrid(compact: boolean) {
  const names = useMemo(() => {
    let last: ClassTrayData['devices'] | undefined;
    let result = '';
    return (data: ClassTrayData): string => {
      if (!compact) return '';
      if (last !== data.devices) {
        last = data.devices;
        // One string, so a refresh that renames nothing renders nothing.
        result = roomNames(data).join('\n');
      }
      return result;
    };
  }, [compact]);
  const joined = useClassTray(names);
  const prefix = useMemo(() => sharedPrefix(joined === '' ? [] : joined.split('\n')), [joined]);
  const extras = useClassTray((data) => (compact ? tileExtras(data) : 0));
  const nameWidth = useMemo(() => {
    if (joined === '') return 0;
    const font = `${TILE_FONT} ${getComputedStyle(document.documentElement).fontFamily}`;
    const widths = joined
      .split('\n')
      .map((name) => measuredWidth(tileName(name, prefix), font))
      .sort((a, b) => a - b);
    return widths[Math.floor((widths.length - 1) * FITTED_SHARE)] ?? 0;
  }, [joined, prefix]);
  const tileWidth = Math.max(TILE_MIN_WIDTH, Math.ceil(nameWidth + TILE_CHROME + extras));
  return { prefix, tileWidth };
}

/** The compact grid's inset on each side, in pixels (see .device-rows.compact). */
const GRID_INSET = 8;

/** How many tiles fit across, from the scroll box's width as it is laid out. */
export function useColumns(
  box: RefObject<HTMLElement | null>,
  compact: boolean,
  tileWidth: number,
): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = box.current;
    if (!compact || !element) return;
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    setWidth(element.clientWidth);
    return () => observer.disconnect();
  }, [box, compact]);
  return compact ? Math.max(1, Math.floor((width - 2 * GRID_INSET) / tileWidth)) : 1;
}
