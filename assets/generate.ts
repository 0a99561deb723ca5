/**
 * Draws every icon in assets/ with plain Node (no image packages): a rounded monitor glyph with a
 * status dot, rasterized from signed distance functions with analytic anti-aliasing, written as
 * PNG (zlib), ICO (BMP entries, PNG for 256 px) and ICNS (PNG entries).
 *
 *   npx tsx assets/generate.ts
 *
 * Tray icons, per state (trayState.ts's TrayIcon) and per taskbar look (trayLook.ts: a light
 * glyph for a dark taskbar, a dark one for a light taskbar, white or black in high contrast):
 * tray-<state>-<look>.ico for Windows (16, 20, 24, 32, 40 and 48 px, for 100 to 300 % scaling),
 * tray-<state>-<look>-<size>.png at each of those sizes for Linux panels; for macOS
 * tray-<state>.png (16 px) and @2x (32) in colour, and the template images trayTemplate.png and
 * @2x (black and alpha only). App icons: icon.png (1024),
 * icon-512.png, icon.ico, icon.icns.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { TRAY_ICONS, type TrayIcon } from '../src-main/electron/tray/trayState';
import { TRAY_LOOKS, TRAY_SIZES, type TrayLook } from '../src-main/electron/tray/trayLook';

type Rgb = readonly [number, number, number];
/** Signed distance in glyph units (0..1 across the glyph box): negative inside. */
type Shape = (x: number, y: number) => number;

const hex = (value: string): Rgb => [
  parseInt(value.slice(1, 3), 16) / 255,
  parseInt(value.slice(3, 5), 16) / 255,
  parseInt(value.slice(5, 7), 16) / 255,
];

const COLORS = {
  body: hex('#2563eb'),
  screen: hex('#dbeafe'),
  white: hex('#ffffff'),
  black: hex('#000000'),
  ok: hex('#16a34a'),
  'devices-offline': hex('#f59e0b'),
  problem: hex('#dc2626'),
  backgroundTop: hex('#3b82f6'),
  backgroundBottom: hex('#1e40af'),
  /** The glyph's ink on a dark taskbar and on a light one (slate 100 and 800). */
  onDark: hex('#f1f5f9'),
  onLight: hex('#1e293b'),
} as const;

/** The ink for each taskbar look: high contrast takes pure white or black. */
const LOOK_INK: Record<TrayLook, Rgb> = {
  dark: COLORS.onDark,
  light: COLORS.onLight,
  'contrast-dark': COLORS.white,
  'contrast-light': COLORS.black,
};

/** Premultiplied RGBA floats, row-major. */
class Canvas {
  readonly pixels: Float32Array;
  constructor(readonly size: number) {
    this.pixels = new Float32Array(size * size * 4);
  }

  /** Source-over fill; `color` may depend on the position (gradients). */
  fill(shape: Shape, color: Rgb | ((y: number) => Rgb), box = unitBox): void {
    this.#paint(shape, box, (index, coverage, y) => {
      const [r, g, b] = typeof color === 'function' ? color(y) : color;
      const keep = 1 - coverage;
      const p = this.pixels;
      p[index] = r * coverage + (p[index] ?? 0) * keep;
      p[index + 1] = g * coverage + (p[index + 1] ?? 0) * keep;
      p[index + 2] = b * coverage + (p[index + 2] ?? 0) * keep;
      p[index + 3] = coverage + (p[index + 3] ?? 0) * keep;
    });
  }

  /** Destination-out: cuts the shape away (gaps, template holes). */
  erase(shape: Shape, box = unitBox): void {
    this.#paint(shape, box, (index, coverage) => {
      for (let channel = 0; channel < 4; channel += 1) {
        this.pixels[index + channel] = (this.pixels[index + channel] ?? 0) * (1 - coverage);
      }
    });
  }

  #paint(
    shape: Shape,
    box: Box,
    apply: (index: number, coverage: number, y: number) => void,
  ): void {
    const pixelsPerUnit = this.size * box.scale;
    for (let py = 0; py < this.size; py += 1) {
      for (let px = 0; px < this.size; px += 1) {
        const x = ((px + 0.5) / this.size - box.x) / box.scale;
        const y = ((py + 0.5) / this.size - box.y) / box.scale;
        // Distance in pixels; a one-pixel ramp across the edge.
        const coverage = Math.min(1, Math.max(0, 0.5 - shape(x, y) * pixelsPerUnit));
        if (coverage > 0) apply((py * this.size + px) * 4, coverage, (py + 0.5) / this.size);
      }
    }
  }

  /** Straight (not premultiplied) RGBA bytes. */
  rgba(): Buffer {
    const out = Buffer.alloc(this.size * this.size * 4);
    for (let index = 0; index < out.length; index += 4) {
      const alpha = this.pixels[index + 3] ?? 0;
      for (let channel = 0; channel < 3; channel += 1) {
        const value = alpha > 0 ? (this.pixels[index + channel] ?? 0) / alpha : 0;
        out[index + channel] = Math.round(Math.min(1, value) * 255);
      }
      out[index + 3] = Math.round(alpha * 255);
    }
    return out;
  }
}

/** Where the glyph's unit square sits on the canvas (fractions of the canvas). */
interface Box {
  x: number;
  y: number;
  scale: number;
}
const unitBox: Box = { x: 0, y: 0, scale: 1 };

const roundedRect =
  (cx: number, cy: number, halfWidth: number, halfHeight: number, radius: number): Shape =>
  (x, y) => {
    const qx = Math.abs(x - cx) - (halfWidth - radius);
    const qy = Math.abs(y - cy) - (halfHeight - radius);
    const outside = Math.hypot(Math.max(qx, 0), Math.max(qy, 0));
    return outside + Math.min(Math.max(qx, qy), 0) - radius;
  };

const circle =
  (cx: number, cy: number, radius: number): Shape =>
  (x, y) =>
    Math.hypot(x - cx, y - cy) - radius;

const GLYPH = {
  body: roundedRect(0.5, 0.4, 0.44, 0.3, 0.12),
  screen: roundedRect(0.5, 0.4, 0.33, 0.19, 0.04),
  neck: roundedRect(0.5, 0.76, 0.07, 0.08, 0),
  base: roundedRect(0.5, 0.87, 0.25, 0.055, 0.05),
  dot: circle(0.77, 0.73, 0.2),
  dotGap: circle(0.77, 0.73, 0.28),
};

/** template: an outline in one ink with the screen cut out (macOS's template, each look's icon). */
type Style = 'colour' | 'template' | 'on-background';

/** The monitor glyph; `dot` null draws none (idle, and the template). */
function drawGlyph(
  canvas: Canvas,
  style: Style,
  dot: Rgb | null,
  box = unitBox,
  templateInk: Rgb = COLORS.black,
): void {
  const ink = style === 'template' ? templateInk : style === 'colour' ? COLORS.body : COLORS.white;
  canvas.fill(GLYPH.body, ink, box);
  canvas.fill(GLYPH.neck, ink, box);
  canvas.fill(GLYPH.base, ink, box);
  if (style === 'template') canvas.erase(GLYPH.screen, box);
  else canvas.fill(GLYPH.screen, style === 'colour' ? COLORS.screen : COLORS.body, box);
  if (dot) {
    // Over the app icon's tile the gap is a white ring; on a tray it is a hole in the glyph.
    if (style === 'on-background') canvas.fill(GLYPH.dotGap, COLORS.white, box);
    else canvas.erase(GLYPH.dotGap, box);
    canvas.fill(GLYPH.dot, dot, box);
  }
}

function trayIcon(state: TrayIcon, size: number): Canvas {
  const canvas = new Canvas(size);
  drawGlyph(canvas, 'colour', state === 'idle' ? null : COLORS[state]);
  return canvas;
}

/** A tray icon for a taskbar look: the glyph in the look's ink, the status dot in colour. */
function lookIcon(state: TrayIcon, look: TrayLook, size: number): Canvas {
  const canvas = new Canvas(size);
  drawGlyph(canvas, 'template', state === 'idle' ? null : COLORS[state], unitBox, LOOK_INK[look]);
  return canvas;
}

function templateIcon(size: number): Canvas {
  const canvas = new Canvas(size);
  drawGlyph(canvas, 'template', null);
  return canvas;
}

function appIcon(size: number): Canvas {
  const canvas = new Canvas(size);
  // macOS's icon grid: the tile fills about 80 % of the canvas; other systems use it as it is.
  const tile = roundedRect(0.5, 0.5, 0.41, 0.41, 0.18);
  const mix = (y: number): Rgb => {
    const t = Math.min(1, Math.max(0, (y - 0.09) / 0.82));
    const [top, bottom] = [COLORS.backgroundTop, COLORS.backgroundBottom];
    return [0, 1, 2].map((i) => (top[i] ?? 0) * (1 - t) + (bottom[i] ?? 0) * t) as unknown as Rgb;
  };
  canvas.fill(tile, mix);
  drawGlyph(canvas, 'on-background', COLORS.ok, { x: 0.22, y: 0.22, scale: 0.56 });
  return canvas;
}

// --- containers ---

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function png(canvas: Canvas): Buffer {
  const { size } = canvas;
  const rgba = canvas.rgba();
  const rows = Buffer.alloc((size * 4 + 1) * size);
  for (let y = 0; y < size; y += 1) {
    // Filter type 0 (none) per row; zlib does the compressing.
    rgba.copy(rows, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8 bits, RGBA, deflate, adaptive filtering, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', zlib.deflateSync(rows, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A 32-bit BMP icon entry: BITMAPINFOHEADER, bottom-up BGRA, then an all-zero AND mask. */
function bmpEntry(canvas: Canvas): Buffer {
  const { size } = canvas;
  const rgba = canvas.rgba();
  const maskRow = Math.ceil(size / 32) * 4;
  const header = Buffer.alloc(40);
  header.writeUInt32LE(40, 0);
  header.writeInt32LE(size, 4);
  header.writeInt32LE(size * 2, 8); // colour and mask, stacked
  header.writeUInt16LE(1, 12);
  header.writeUInt16LE(32, 14);
  header.writeUInt32LE(size * size * 4 + maskRow * size, 20);
  const pixels = Buffer.alloc(size * size * 4);
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) {
      const from = ((size - 1 - y) * size + x) * 4;
      const to = (y * size + x) * 4;
      pixels[to] = rgba[from + 2] ?? 0;
      pixels[to + 1] = rgba[from + 1] ?? 0;
      pixels[to + 2] = rgba[from] ?? 0;
      pixels[to + 3] = rgba[from + 3] ?? 0;
    }
  }
  return Buffer.concat([header, pixels, Buffer.alloc(maskRow * size)]);
}

/** ICO: BMP entries below 256 px (what every Windows tool reads), PNG at 256. */
function ico(canvases: readonly Canvas[]): Buffer {
  const images = canvases.map((canvas) => (canvas.size >= 256 ? png(canvas) : bmpEntry(canvas)));
  const directory = Buffer.alloc(6 + 16 * images.length);
  directory.writeUInt16LE(0, 0);
  directory.writeUInt16LE(1, 2);
  directory.writeUInt16LE(images.length, 4);
  let offset = directory.length;
  images.forEach((image, index) => {
    const entry = 6 + 16 * index;
    const size = canvases[index]?.size ?? 0;
    directory.writeUInt8(size >= 256 ? 0 : size, entry);
    directory.writeUInt8(size >= 256 ? 0 : size, entry + 1);
    directory.writeUInt16LE(1, entry + 4);
    directory.writeUInt16LE(32, entry + 6);
    directory.writeUInt32LE(image.length, entry + 8);
    directory.writeUInt32LE(offset, entry + 12);
    offset += image.length;
  });
  return Buffer.concat([directory, ...images]);
}

/** ICNS: each element is a type, a big-endian length (header included) and PNG data. */
function icns(
  entries: readonly (readonly [type: string, size: number])[],
  draw: (size: number) => Canvas,
): Buffer {
  const elements = entries.map(([type, size]) => {
    const data = png(draw(size));
    const head = Buffer.alloc(8);
    head.write(type, 0, 'ascii');
    head.writeUInt32BE(data.length + 8, 4);
    return Buffer.concat([head, data]);
  });
  const head = Buffer.alloc(8);
  head.write('icns', 0, 'ascii');
  head.writeUInt32BE(8 + elements.reduce((sum, element) => sum + element.length, 0), 4);
  return Buffer.concat([head, ...elements]);
}

// --- output ---

const ICNS_ENTRIES = [
  ['icp4', 16],
  ['ic11', 32],
  ['icp5', 32],
  ['ic12', 64],
  ['ic07', 128],
  ['ic13', 256],
  ['ic08', 256],
  ['ic14', 512],
  ['ic09', 512],
  ['ic10', 1024],
] as const;

/** The tray's icons alone (the tests read them back without drawing the app icons). */
export function trayIconFiles(): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  for (const state of TRAY_ICONS) {
    files.set(`tray-${state}.png`, png(trayIcon(state, 16)));
    files.set(`tray-${state}@2x.png`, png(trayIcon(state, 32)));
    for (const look of TRAY_LOOKS) {
      for (const size of TRAY_SIZES) {
        files.set(`tray-${state}-${look}-${size}.png`, png(lookIcon(state, look, size)));
      }
      files.set(
        `tray-${state}-${look}.ico`,
        ico(TRAY_SIZES.map((size) => lookIcon(state, look, size))),
      );
    }
  }
  files.set('trayTemplate.png', png(templateIcon(16)));
  files.set('trayTemplate@2x.png', png(templateIcon(32)));
  return files;
}

export function iconFiles(): Map<string, Buffer> {
  const files = trayIconFiles();
  files.set('icon.png', png(appIcon(1024)));
  files.set('icon-512.png', png(appIcon(512)));
  files.set('icon.ico', ico([16, 24, 32, 48, 64, 128, 256].map(appIcon)));
  files.set('icon.icns', icns(ICNS_ENTRIES, appIcon));
  return files;
}

if (import.meta.url === `file://${process.argv[1] ?? ''}`) {
  for (const [name, data] of iconFiles()) {
    fs.writeFileSync(path.join(import.meta.dirname, name), data);
  }
  console.log(`Wrote the icons to ${import.meta.dirname}`);
}
