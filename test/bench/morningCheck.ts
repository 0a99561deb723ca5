/**
 * npm run bench -- morning-check: what the school's morning check costs (`npm run readiness` with
 * 40 rooms, src-main/morningCheck/readinessCommand.ts). A 5,000-device account (100 account pages)
 * with 40 rooms of 30 devices spread over it, served by the local service in its own process (as
 * the real service would be); the command in this process, as IT runs it, with no history of
 * ClassTray's (an IT server's): every account page once for all rooms, and each room's own page.
 * Reports the requests the service counted (GET /_local/stats) and the time of a run (median of
 * BENCH_REPEATS, default 5, after a discarded warm-up). Goal: 100 + 40 requests, under 2 s.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { PAGE_SIZE } from '../../src-main/contract/wire';
import { runReadiness } from '../../src-main/morningCheck/readinessCommand';
import { accountFixture, device } from '../support/fixtures';
import { localServiceCommand, withBenchProcesses } from './benchProcesses';
import { median } from './median';

const DEVICE_COUNT = 5_000;
const ROOM_COUNT = 40;
const ROOM_SIZE = 30;
const TOKEN = 'bench-token';
const REPEATS = Number(process.env.BENCH_REPEATS ?? 5);

/** Room k holds devices k, k + 125, k + 250…: its 30 devices sit on 30 account pages. */
const SPREAD = 125;
const roomOf = (index: number) =>
  index % SPREAD < ROOM_COUNT && index < ROOM_SIZE * SPREAD
    ? `room-${String(index % SPREAD)}`
    : null;

export async function benchMorningCheck(): Promise<void> {
  await withBenchProcesses('morning-check', async ({ dir, startServer }) => {
    const fixtureFile = join(dir, 'fixture.json');
    const rooms = Array.from({ length: ROOM_COUNT }, (_, k) => `room-${String(k)}`);
    await writeFile(
      fixtureFile,
      JSON.stringify({
        ...accountFixture(0),
        classrooms: rooms.map((id) => ({ id, name: id })),
        devices: Array.from({ length: DEVICE_COUNT }, (_, i) =>
          device(i, { classroom: roomOf(i) }),
        ),
      }),
    );
    const url = await startServer('local service', ...localServiceCommand(fixtureFile, TOKEN));
    const stats = async () => {
      const response = await fetch(`${url}/_local/stats`, { headers: { 'X-Token-SVC': TOKEN } });
      return ((await response.json()) as { requests: Record<string, number> }).requests;
    };
    const dataDir = await mkdtemp(join(tmpdir(), 'classtray-bench-morning-'));
    let out = '';
    const check = async () => {
      out = '';
      const code = await runReadiness({
        argv: [
          ...rooms.flatMap((id) => ['--classroom', id]),
          '--service-url',
          url,
          '--data-dir',
          dataDir,
          '--format',
          'json',
        ],
        env: { CLASSTRAY_TOKEN: TOKEN },
        out: (text) => (out += text),
        err: (text) => process.stderr.write(text),
      });
      if (code > 1) throw new Error(`the check exited ${String(code)}`);
    };
    try {
      const before = await stats();
      await check();
      const after = await stats();
      const delta = (key: string) => (after[key] ?? 0) - (before[key] ?? 0);
      const account = delta('GET /api/v1/devices');
      const classroom = Object.keys(after)
        .filter((key) => key.includes('/classrooms/'))
        .reduce((sum, key) => sum + delta(key), 0);
      const checked = (JSON.parse(out) as { rooms: { total?: number }[] }).rooms;
      const times: number[] = [];
      for (let i = 0; i < REPEATS; i++) {
        const start = performance.now();
        await check();
        times.push(performance.now() - start);
      }
      console.log(
        `Morning check of ${String(ROOM_COUNT)} rooms of ${String(ROOM_SIZE)} devices in a ${DEVICE_COUNT.toLocaleString('en')}-device account (${String(Math.ceil(DEVICE_COUNT / PAGE_SIZE))} account pages), no history:`,
      );
      console.log(
        '| account pages | classroom pages | requests | time (median of ' + String(REPEATS) + ') |',
      );
      console.log('| ---: | ---: | ---: | ---: |');
      console.log(
        `| ${String(account)} | ${String(classroom)} | ${String(account + classroom)} | ${median(times).toFixed(0)} ms |`,
      );
      console.log(
        `Rooms checked: ${String(checked.filter((room) => room.total === ROOM_SIZE).length)} of ${String(ROOM_COUNT)} with ${String(ROOM_SIZE)} devices each.`,
      );
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
}
