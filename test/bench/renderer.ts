/**
 * npm run bench -- renderer: the classroom window in headless Chromium, over an in-page fake
 * RendererApi (`window.classTray`, as Electron's preload provides it).
 *
 * - first render: ms from navigation start until the first device row is in the DOM, for a
 *   2,000-device classroom (median of RUNS fresh pages);
 * - rows rendered when one device changes: DeviceRow counts its renders in a `--mode bench`
 *   build (see src-renderer/views/benchCounter.ts); the goal is 1;
 * - JS heap after loading a 5,000-device classroom (after a forced GC), against an empty one.
 *
 * The renderer is built here, in bench mode, into a temporary folder; pages load it from a
 * routed origin, so no server and no network are involved.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { build } from 'vite';
import type { ClassTrayChange, ClassTrayState } from '../../src-main/core/api/classTrayApi';
import { launchChromium } from '../support/chromium';
import { classTrayState, device } from '../support/classTrayState';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const ORIGIN = 'http://classtray.bench';
const RUNS = 7;
const FIRST_RENDER_DEVICES = 2_000;
const HEAP_DEVICES = 5_000;

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
};

/** What the in-page fake exposes to the bench. */
interface BenchWindow {
  classTrayRowRenders?: number;
  benchFirstRowAt?: number;
  benchPush(change: ClassTrayChange): void;
}

/** The bench classroom: `count` devices, some without alias, offline, disabled or without 2FA. */
function benchState(count: number): ClassTrayState {
  const devices = Array.from({ length: count }, (_, i) =>
    device(i, {
      remoteId: String(100_000_000 + i * 7_919),
      alias: i % 8 === 0 ? null : `LAB-PC${String(i + 1).padStart(4, '0')}`,
      online: i % 3 !== 0,
      status: i % 16 === 0 ? 'disabled' : 'enabled',
      has2fa: i % 7 !== 0,
    }),
  );
  return classTrayState({
    devices,
    classroom: { id: 'bench', nickname: 'Bench', recent: [{ id: 'bench' }] },
    connection: { lastSuccessAt: new Date().toISOString() },
    // The service's order, so "index 1 and 2 are on screen" holds: Problems first would put the
    // 667 offline devices above them.
    preferences: { problemsFirst: false },
  });
}

/**
 * Runs in the page before any of its scripts: a fake `window.classTray` serving `state`, and an
 * observer that notes when the first device row appears.
 */
function installFakeApi(state: ClassTrayState): void {
  const listeners = new Set<(change: ClassTrayChange) => void>();
  const none = async () => undefined;
  const bench = window as unknown as BenchWindow & { classTray: unknown };
  bench.classTray = {
    getState: async () => state,
    subscribe(listener: (change: ClassTrayChange) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    refresh: none,
    selectClassroom: none,
    renameClassroom: none,
    forgetClassroom: none,
    addTemporalAccess: async () => ({ ok: false, problem: 'no-token' }),
    removeTemporalAccess: none,
    invalidateTemporalAccess: async () => ({ kind: 'already-ended', warnNo2fa: false }),
    connectService: none,
    forgetToken: none,
    setMode: none,
    updatePreferences: none,
    copyDevicePassword: async () => ({ copied: false }),
  };
  bench.benchPush = (change) => {
    for (const listener of listeners) listener(change);
  };
  const observer = new MutationObserver(() => {
    if (document.querySelector('[role="listitem"]')) {
      bench.benchFirstRowAt = performance.now();
      observer.disconnect();
    }
  });
  observer.observe(document, { childList: true, subtree: true });
}

/** A fresh window over `devices` devices, ready once it shows its first row (or its empty state). */
async function openWindow(browser: Browser, outDir: string, devices: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 400, height: 600 } });
  await context.route(`${ORIGIN}/**`, async (route) => {
    const path = new URL(route.request().url()).pathname;
    const file = join(outDir, path === '/' ? 'index.html' : path);
    const body = await readFile(file).catch(() => null);
    if (body === null) return route.fulfill({ status: 404 });
    return route.fulfill({
      body,
      contentType: CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
    });
  });
  const page = await context.newPage();
  // tsx (esbuild's keepNames) wraps functions in __name(); the page has no such helper.
  await page.addInitScript({
    content: `globalThis.__name = (f) => f; (${installFakeApi.toString()})(${JSON.stringify(benchState(devices))});`,
  });
  await page.goto(`${ORIGIN}/`);
  if (devices === 0) await page.getByText('This classroom has no devices.').waitFor();
  else {
    await page.waitForFunction(
      () => (window as unknown as BenchWindow).benchFirstRowAt !== undefined,
    );
  }
  return page;
}

/** Rows rendered by one pushed change, counted once the next two frames have been painted. */
async function rowsRenderedBy(page: Page, change: ClassTrayChange): Promise<number> {
  return page.evaluate(async (pushed) => {
    const bench = window as unknown as BenchWindow;
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    await frame();
    bench.classTrayRowRenders = 0;
    bench.benchPush(pushed);
    await frame();
    await frame();
    return bench.classTrayRowRenders;
  }, change);
}

async function heapUsedMb(page: Page): Promise<number> {
  const session = await page.context().newCDPSession(page);
  await session.send('HeapProfiler.collectGarbage');
  const { usedSize } = await session.send('Runtime.getHeapUsage');
  return usedSize / 1024 / 1024;
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

function printTable(rows: [string, string, string][]): void {
  const widths = [0, 1, 2].map((column) =>
    Math.max(...rows.map((row) => row[column]?.length ?? 0)),
  );
  const line = (row: [string, string, string]) =>
    `| ${row[0].padEnd(widths[0] ?? 0)} | ${row[1].padStart(widths[1] ?? 0)} | ${row[2].padEnd(widths[2] ?? 0)} |`;
  const [head, ...body] = rows;
  if (!head) return;
  console.log(line(head));
  console.log(`| ${widths.map((width) => '-'.repeat(width)).join(' | ')} |`);
  for (const row of body) console.log(line(row));
}

export async function benchRenderer(): Promise<void> {
  const outDir = await mkdtemp(join(tmpdir(), 'classtray-renderer-bench-'));
  const browser = await launchChromium('browser');
  try {
    await build({
      configFile: join(ROOT, 'vite.config.ts'),
      mode: 'bench',
      logLevel: 'warn',
      build: { outDir, emptyOutDir: true },
    });

    const firstRender: number[] = [];
    let rows: { inDom: number; visible: number; offscreen: number; renamed: number } | undefined;
    for (let run = 0; run < RUNS; run++) {
      const page = await openWindow(browser, outDir, FIRST_RENDER_DEVICES);
      firstRender.push(
        await page.evaluate(() => (window as unknown as BenchWindow).benchFirstRowAt ?? NaN),
      );
      if (run === 0) {
        // Index 1 is online and on screen; 1,999 is far below the fold.
        rows = {
          inDom: await page.evaluate(() => document.querySelectorAll('[role="listitem"]').length),
          visible: await rowsRenderedBy(page, {
            type: 'online-changed',
            remoteId: String(100_000_000 + 1 * 7_919),
            online: false,
          }),
          offscreen: await rowsRenderedBy(page, {
            type: 'online-changed',
            remoteId: String(100_000_000 + 1_999 * 7_919),
            online: true,
          }),
          renamed: await rowsRenderedBy(page, {
            type: 'device-changed',
            device: {
              remoteId: String(100_000_000 + 2 * 7_919),
              alias: 'Renamed',
              online: true,
              status: 'enabled',
              has2fa: true,
            },
          }),
        };
      }
      await page.context().close();
    }

    const empty = await openWindow(browser, outDir, 0);
    const emptyHeap = await heapUsedMb(empty);
    await empty.context().close();
    const full = await openWindow(browser, outDir, HEAP_DEVICES);
    const fullHeap = await heapUsedMb(full);
    await full.context().close();

    printTable([
      ['measure', 'value', 'note'],
      [
        `first render, ${FIRST_RENDER_DEVICES.toLocaleString('en')} devices`,
        `${median(firstRender).toFixed(0)} ms`,
        `median of ${RUNS}; min ${Math.min(...firstRender).toFixed(0)}, max ${Math.max(...firstRender).toFixed(0)}`,
      ],
      ['rows in the DOM (virtualized)', String(rows?.inDom), '400x600 window, overscan 6'],
      ['rows rendered: visible device goes offline', String(rows?.visible), 'goal 1'],
      ['rows rendered: off-screen device comes online', String(rows?.offscreen), 'goal 0'],
      ['rows rendered: visible device renamed', String(rows?.renamed), 'goal 1'],
      [
        `JS heap, ${HEAP_DEVICES.toLocaleString('en')} devices`,
        `${fullHeap.toFixed(1)} MB`,
        `after GC; empty classroom ${emptyHeap.toFixed(1)} MB`,
      ],
    ]);
  } finally {
    await browser.close();
    await rm(outDir, { recursive: true, force: true });
  }
}
