import { describe, expect, it } from 'vitest';
import { placeBesideIcon, taskbarEdge } from '../../src-main/electron/placement';

/** A 1920×1080 screen at (ox, oy) with its taskbar 40 px thick on `edge`. */
function screenWithTaskbar(edge: 'top' | 'bottom' | 'left' | 'right' | 'hidden', ox = 0, oy = 0) {
  const bounds = { x: ox, y: oy, width: 1920, height: 1080 };
  const workArea = {
    top: { x: ox, y: oy + 40, width: 1920, height: 1040 },
    bottom: { x: ox, y: oy, width: 1920, height: 1040 },
    left: { x: ox + 40, y: oy, width: 1880, height: 1080 },
    right: { x: ox, y: oy, width: 1880, height: 1080 },
    hidden: bounds,
  }[edge];
  return { bounds, workArea };
}
const size = { width: 380, height: 580 };

describe('the window beside the tray icon', () => {
  it('opens above a bottom taskbar, centred on the icon, pushed in from the screen edge', () => {
    const display = screenWithTaskbar('bottom');
    expect(taskbarEdge({ x: 1800, y: 1048, width: 24, height: 24 }, display)).toBe('bottom');
    // Centred on the icon would cross the right edge: kept inside the work area.
    expect(placeBesideIcon({ x: 1800, y: 1048, width: 24, height: 24 }, size, display)).toEqual({
      x: 1540,
      y: 1040 - 580 - 4,
    });
    expect(placeBesideIcon({ x: 900, y: 1048, width: 24, height: 24 }, size, display)).toEqual({
      x: 722,
      y: 456,
    });
  });

  it('opens below a top bar (GNOME, macOS, a taskbar moved up)', () => {
    const display = screenWithTaskbar('top');
    expect(placeBesideIcon({ x: 1700, y: 8, width: 24, height: 24 }, size, display)).toEqual({
      x: 1522,
      y: 44,
    });
  });

  it('opens beside a left or right taskbar, level with the icon', () => {
    const icon = { x: 8, y: 900, width: 24, height: 24 };
    expect(placeBesideIcon(icon, size, screenWithTaskbar('left'))).toEqual({ x: 44, y: 500 });
    const right = { x: 1888, y: 300, width: 24, height: 24 };
    expect(placeBesideIcon(right, size, screenWithTaskbar('right'))).toEqual({ x: 1496, y: 22 });
  });

  it('on a second monitor, uses that monitor and never leaves it', () => {
    const display = screenWithTaskbar('bottom', 1920, -200);
    const place = placeBesideIcon({ x: 3800, y: 848, width: 24, height: 24 }, size, display);
    expect(place).toEqual({ x: 1920 + 1920 - 380, y: -200 + 1040 - 580 - 4 });
  });

  it('with a taskbar that hides itself, takes the screen edge nearest the icon', () => {
    const display = screenWithTaskbar('hidden');
    expect(taskbarEdge({ x: 1900, y: 500, width: 16, height: 16 }, display)).toBe('right');
    expect(taskbarEdge({ x: 960, y: 1070, width: 16, height: 16 }, display)).toBe('bottom');
  });

  it('keeps a window taller than the work area on it, from its top', () => {
    const display = screenWithTaskbar('bottom');
    expect(
      placeBesideIcon(
        { x: 900, y: 1048, width: 24, height: 24 },
        { width: 380, height: 1200 },
        display,
      ),
    ).toEqual({ x: 722, y: 0 });
  });
});
