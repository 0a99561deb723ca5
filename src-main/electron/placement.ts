/**
 * Where the window opens: beside the tray icon, on the monitor that holds it, with the taskbar
 * on any edge, and always whole inside that monitor's work area (never under the taskbar, never
 * off-screen). menubar places the window with electron-positioner, which knows a bottom or top
 * bar and no second monitor's offsets; ClassTray's place replaces its answer (tray.ts, on
 * menubar's 'show', which comes before menubar reads the position).
 */
import type { Rectangle } from 'electron';

export type TaskbarEdge = 'top' | 'bottom' | 'left' | 'right';

export interface DisplayArea {
  bounds: Rectangle;
  workArea: Rectangle;
}

/** A gap between the taskbar and the window, as the OS's own flyouts keep. */
const GAP = 4;

/**
 * The edge the taskbar is on: the side where the work area is smaller than the screen; with
 * none (a taskbar that hides itself, a macOS menu bar in full screen) the edge nearest the icon.
 */
export function taskbarEdge(icon: Rectangle, { bounds, workArea }: DisplayArea): TaskbarEdge {
  if (workArea.y > bounds.y) return 'top';
  if (workArea.y + workArea.height < bounds.y + bounds.height) return 'bottom';
  if (workArea.x > bounds.x) return 'left';
  if (workArea.x + workArea.width < bounds.x + bounds.width) return 'right';
  const centreX = icon.x + icon.width / 2;
  const centreY = icon.y + icon.height / 2;
  const distances: [TaskbarEdge, number][] = [
    ['top', centreY - bounds.y],
    ['bottom', bounds.y + bounds.height - centreY],
    ['left', centreX - bounds.x],
    ['right', bounds.x + bounds.width - centreX],
  ];
  distances.sort((a, b) => a[1] - b[1]);
  return distances[0]?.[0] ?? 'bottom';
}

/** The window's top-left corner, in whole pixels. */
export function placeBesideIcon(
  icon: Rectangle,
  size: { width: number; height: number },
  display: DisplayArea,
): { x: number; y: number } {
  const { workArea } = display;
  const edge = taskbarEdge(icon, display);
  const centreX = icon.x + icon.width / 2 - size.width / 2;
  const centreY = icon.y + icon.height / 2 - size.height / 2;
  const place = {
    top: { x: centreX, y: workArea.y + GAP },
    bottom: { x: centreX, y: workArea.y + workArea.height - size.height - GAP },
    left: { x: workArea.x + GAP, y: centreY },
    right: { x: workArea.x + workArea.width - size.width - GAP, y: centreY },
  }[edge];
  return {
    x: Math.round(within(place.x, workArea.x, workArea.x + workArea.width - size.width)),
    y: Math.round(within(place.y, workArea.y, workArea.y + workArea.height - size.height)),
  };
}

/** Kept between min and max; a window larger than the area keeps its top-left corner on it. */
const within = (value: number, min: number, max: number): number =>
  Math.max(min, Math.min(value, max));
