/**
 * The tray icons in assets/ as `npm run icons` draws them (assets/generate.ts), read back: every
 * state, taskbar look and size, the .ico with all six sizes, and the ink that shows on its
 * taskbar (a light glyph for a dark taskbar, a dark one for a light taskbar).
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { trayIconFiles } from '../../../assets/generate';
import { TRAY_LOOKS, TRAY_SIZES, type TrayLook } from '../../../src-main/electron/tray/trayLook';
import { TRAY_ICONS } from '../../../src-main/electron/tray/trayState';

const assets = path.join(import.meta.dirname, '..', '..', '..', 'assets');
const read = (name: string) => fs.readFileSync(path.join(assets, name));

/** An 8-bit RGBA PNG as the generator writes it (filter 0 on every row): size and pixels. */
function decodePng(data: Buffer): { width: number; height: number; rgba: Buffer } {
  expect(data.subarray(1, 4).toString('ascii')).toBe('PNG');
  let offset = 8;
  let width = 0;
  let height = 0;
  const idat: Buffer[] = [];
  while (offset < data.length) {
    const length = data.readUInt32BE(offset);
    const type = data.subarray(offset + 4, offset + 8).toString('ascii');
    const body = data.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      expect([body[8], body[9]]).toEqual([8, 6]);
    }
    if (type === 'IDAT') idat.push(body);
    offset += 12 + length;
  }
  const rows = zlib.inflateSync(Buffer.concat(idat));
  const rgba = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y += 1) {
    expect(rows[y * (width * 4 + 1)]).toBe(0);
    rows.copy(rgba, y * width * 4, y * (width * 4 + 1) + 1, (y + 1) * (width * 4 + 1));
  }
  return { width, height, rgba };
}

/** The mean relative luminance of the glyph's solid pixels (sRGB, WCAG's formula). */
function inkLuminance(rgba: Buffer): number {
  const linear = (value: number) => {
    const c = value / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  let sum = 0;
  let count = 0;
  for (let index = 0; index < rgba.length; index += 4) {
    if ((rgba[index + 3] ?? 0) < 250) continue;
    const [r, g, b] = [0, 1, 2].map((channel) => linear(rgba[index + channel] ?? 0));
    sum += 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
    count += 1;
  }
  expect(count).toBeGreaterThan(0);
  return sum / count;
}

/** WCAG's contrast ratio between two luminances. */
const contrast = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);

/** A taskbar of each look: Windows 11's dark and light taskbars, high contrast's black and white. */
const TASKBAR: Record<TrayLook, number> = {
  dark: 0.013, // #202020
  light: 0.9, // #f3f3f3
  'contrast-dark': 0,
  'contrast-light': 1,
};

describe('tray icons', () => {
  it('are what npm run icons draws, byte for byte', () => {
    const drawn = trayIconFiles();
    const tray = [...drawn.keys()];
    expect(tray.length).toBe(
      TRAY_ICONS.length * (TRAY_LOOKS.length * (TRAY_SIZES.length + 1) + 2) + 2,
    );
    for (const name of tray)
      expect(read(name).equals(drawn.get(name) ?? Buffer.alloc(0)), name).toBe(true);
  });

  it('come in every size from 16 to 48 px for each state and taskbar look', () => {
    for (const state of TRAY_ICONS) {
      for (const look of TRAY_LOOKS) {
        for (const size of TRAY_SIZES) {
          const { width, height } = decodePng(read(`tray-${state}-${look}-${size}.png`));
          expect([width, height], `${state} ${look} ${size}`).toEqual([size, size]);
        }
      }
    }
  });

  it('give macOS a template image at 1x and 2x, black and alpha only (electron#833)', () => {
    // Electron reads the @2x file beside the one named, and the "Template" suffix makes macOS
    // draw it in the menu bar's own colour, light or dark: colour in it would be lost.
    for (const [name, size] of [
      ['trayTemplate.png', 16],
      ['trayTemplate@2x.png', 32],
    ] as const) {
      const { width, height, rgba } = decodePng(read(name));
      expect([width, height], name).toEqual([size, size]);
      let drawn = 0;
      for (let index = 0; index < rgba.length; index += 4) {
        if ((rgba[index + 3] ?? 0) === 0) continue;
        drawn += 1;
        expect([rgba[index], rgba[index + 1], rgba[index + 2]], name).toEqual([0, 0, 0]);
      }
      expect(drawn, name).toBeGreaterThan(size);
    }
  });

  it('hold every size in one .ico for Windows, 32-bit', () => {
    for (const state of TRAY_ICONS) {
      for (const look of TRAY_LOOKS) {
        const ico = read(`tray-${state}-${look}.ico`);
        expect([ico.readUInt16LE(0), ico.readUInt16LE(2)]).toEqual([0, 1]);
        const count = ico.readUInt16LE(4);
        const entries = Array.from({ length: count }, (_, index) => ({
          size: ico.readUInt8(6 + 16 * index),
          bits: ico.readUInt16LE(6 + 16 * index + 6),
        }));
        expect(entries.map((entry) => entry.size)).toEqual([...TRAY_SIZES]);
        expect(entries.every((entry) => entry.bits === 32)).toBe(true);
      }
    }
  });

  it('are light on a dark taskbar and dark on a light one, clearly readable on each', () => {
    for (const size of TRAY_SIZES) {
      const ink = (look: TrayLook) =>
        inkLuminance(decodePng(read(`tray-idle-${look}-${size}.png`)).rgba);
      expect(ink('dark'), `dark ${size}`).toBeGreaterThan(0.8);
      expect(ink('light'), `light ${size}`).toBeLessThan(0.05);
      expect(ink('contrast-dark')).toBeGreaterThan(0.99);
      expect(ink('contrast-light')).toBeLessThan(0.001);
      for (const look of TRAY_LOOKS) {
        // WCAG's 3:1 for graphics, and 7:1 in high contrast.
        expect(contrast(ink(look), TASKBAR[look]), `${look} ${size}`).toBeGreaterThan(
          look.startsWith('contrast') ? 7 : 3,
        );
      }
    }
  });
});
