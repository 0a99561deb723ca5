/**
 * npm run bench -- seatPlan: a 60-device room shown as its seat plan (10 rows of 6) against the
 * same room as the device list, in headless Chromium at 400×600, over an in-page fake
 * `window.classTray` (as Electron's preload provides it).
 *
 * Per view: the first render (ms from navigation start to the first seat or row in the DOM), and
 * for REFRESHES refreshes that each turn a tenth of the room offline or online (one `devices`
 * batch, as the core sends a refresh): the ms from the push to the second frame after it, the
 * elements the update touched (a MutationObserver's distinct targets), the layout shifts the
 * browser reported (the sum of their scores) and how many seats or rows moved on screen.
 *
 * The renderer is built here, in production mode, into a temporary folder; pages load it from a
 * routed origin, so no server and no network are involved.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { build } from 'vite';
import type { ClassTrayChange, ClassTrayState } from '../../src-main/core/api/classTrayApi';
import { launchChromium } from '../support/chromium';
import { builtPage, ORIGIN } from './builtPage';
import { classTrayState, device } from '../support/classTrayState';
import { median } from './median';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const DEVICES = 60;
const COLUMNS = 6;
const RUNS = 5;
const REFRESHES = 20;

interface BenchWindow {
  benchFirstAt?: number;
  benchPush(change: ClassTrayChange): void;
}

const remoteIdOf = (i: number) => String(100_000_000 + i * 7_919);

/** Room 12 with 60 devices, every third offline; with its plan when `plan`, as the list if not. */
function roomState(plan: boolean): ClassTrayState {
  const devices = Array.from({ length: DEVICES }, (_, i) =>
    device(i, {
      remoteId: remoteIdOf(i),
      alias: `R12-PC${String(i + 1).padStart(2, '0')}`,
      online: i % 3 !== 0,
    }),
  );
  return classTrayState({
    devices,
    classroom: { id: 'room-12', nickname: 'Room 12', recent: [{ id: 'room-12' }] },
    connection: { lastSuccessAt: new Date().toISOString() },
    preferences: { compactView: plan, problemsFirst: false },
    seatPlan: {
      classroomId: 'room-12',
      plan: plan
        ? {
            seatPlan: 1,
            rows: DEVICES / COLUMNS,
            columns: COLUMNS,
            front: 'top',
            seats: devices.map((one, i) => ({
              row: Math.floor(i / COLUMNS) + 1,
              column: (i % COLUMNS) + 1,
              remoteId: one.remoteId,
            })),
          }
        : null,
      source: plan ? 'teacher' : null,
    },
  });
}

/** Runs in the page before its scripts: the fake API, and when the first seat or row appears. */
function installFakeApi(state: ClassTrayState): void {
  const listeners = new Set<(change: ClassTrayChange) => void>();
  const bench = window as unknown as BenchWindow & { classTray: unknown };
  bench.classTray = new Proxy(
    {
      getState: async () => state,
      subscribe(listener: (change: ClassTrayChange) => void) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    },
    // Every action the window may call answers nothing: the bench only watches.
    {
      get: (target, name) =>
        (target as Record<string | symbol, unknown>)[name] ?? (async () => undefined),
    },
  );
  bench.benchPush = (change) => {
    for (const listener of listeners) listener(change);
  };
  const observer = new MutationObserver(() => {
    if (document.querySelector('.seat-grid [data-remote-id], [role="listitem"]')) {
      bench.benchFirstAt = performance.now();
      observer.disconnect();
    }
  });
  observer.observe(document, { childList: true, subtree: true });
}

async function openWindow(browser: Browser, outDir: string, plan: boolean): Promise<Page> {
  const page = await builtPage(browser, outDir, installFakeApi, roomState(plan));
  await page.goto(`${ORIGIN}/`);
  await page.waitForFunction(() => (window as unknown as BenchWindow).benchFirstAt !== undefined);
  return page;
}

interface Refreshes {
  ms: number[];
  touched: number[];
  shift: number;
  moved: number;
}

/** REFRESHES refreshes, each a tenth of the room changing, measured in the page. */
function refreshes(page: Page, plan: boolean): Promise<Refreshes> {
  return page.evaluate(
    async ({ count, ids, plan: isPlan }) => {
      const bench = window as unknown as BenchWindow;
      const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
      const items = isPlan ? '.seat-grid [data-remote-id]' : '[role="listitem"]';
      const boxes = () =>
        new Map(
          [...document.querySelectorAll<HTMLElement>(items)].map((element) => {
            const box = element.getBoundingClientRect();
            return [element.dataset.remoteId ?? element.dataset.index, `${box.x},${box.y}`];
          }),
        );
      let shift = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries())
          shift += (entry as unknown as { value: number }).value;
      }).observe({ type: 'layout-shift', buffered: false });
      const before = boxes();
      const ms: number[] = [];
      const touched: number[] = [];
      const online = new Map(ids.map((id, i) => [id, i % 3 !== 0]));
      for (let refresh = 0; refresh < count; refresh++) {
        const changed = ids.filter((_, i) => (i + refresh) % 10 === 0);
        const targets = new Set<Node>();
        const observer = new MutationObserver((records) => {
          for (const record of records) targets.add(record.target);
        });
        observer.observe(document.body, {
          subtree: true,
          childList: true,
          attributes: true,
          characterData: true,
        });
        await frame();
        const start = performance.now();
        bench.benchPush({
          type: 'devices',
          changes: changed.map((remoteId) => {
            online.set(remoteId, !online.get(remoteId));
            return { type: 'online-changed', remoteId, online: online.get(remoteId) ?? null };
          }),
        });
        await frame();
        await frame();
        ms.push(performance.now() - start);
        observer.disconnect();
        touched.push(targets.size);
      }
      const after = boxes();
      let moved = 0;
      for (const [id, box] of before) if (after.get(id) !== box) moved++;
      return { ms, touched, shift, moved };
    },
    {
      count: REFRESHES,
      ids: Array.from({ length: DEVICES }, (_, i) => remoteIdOf(i)),
      plan,
    },
  );
}

export async function benchSeatPlan(): Promise<void> {
  const outDir = await mkdtemp(join(tmpdir(), 'classtray-seat-plan-bench-'));
  const browser = await launchChromium('browser');
  try {
    await build({
      configFile: join(ROOT, 'vite.config.ts'),
      logLevel: 'warn',
      build: { outDir, emptyOutDir: true },
    });
    const rows: string[][] = [
      ['view', 'first render', 'refresh (10% change)', 'elements touched', 'layout shift', 'moved'],
    ];
    for (const plan of [true, false]) {
      const first: number[] = [];
      let measured: Refreshes | undefined;
      for (let run = 0; run < RUNS; run++) {
        const page = await openWindow(browser, outDir, plan);
        first.push(
          await page.evaluate(() => (window as unknown as BenchWindow).benchFirstAt ?? NaN),
        );
        if (run === 0) measured = await refreshes(page, plan);
        await page.context().close();
      }
      rows.push([
        plan ? `seat plan, ${DEVICES} seats` : `device list, ${DEVICES} devices`,
        `${median(first).toFixed(0)} ms (median of ${RUNS})`,
        `${median(measured?.ms ?? []).toFixed(1)} ms median, ${Math.max(...(measured?.ms ?? [])).toFixed(1)} max`,
        `${median(measured?.touched ?? [])} median`,
        (measured?.shift ?? NaN).toFixed(4),
        `${measured?.moved} of ${plan ? DEVICES : 'the rows shown'}`,
      ]);
    }
    const widths =
      rows[0]?.map((_, column) => Math.max(...rows.map((row) => row[column]?.length ?? 0))) ?? [];
    const line = (row: string[]) =>
      `| ${row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`;
    const [head, ...body] = rows;
    if (head) console.log(line(head));
    console.log(`| ${widths.map((width) => '-'.repeat(width)).join(' | ')} |`);
    for (const row of body) console.log(line(row));
  } finally {
    await browser.close();
    await rm(outDir, { recursive: true, force: true });
  }
}
