/**
 * npm run bench -- readiness: what the check of a room before its lesson costs in a large account.
 *
 * A 5,000-device account (100 account pages) with a 30-device room whose devices sit on three
 * account pages, served by the local service in its own process (as the real service would be);
 * the room's check (core/readiness/roomCheck.ts) in this process, as the readiness feature runs it:
 *
 * 1. The first check with no history (no device's account page known yet): the room's classroom
 *    page and every account page, counted by the service (GET /_local/stats).
 * 2. The check after the open room's first refresh (a search of the account list, whose pages
 *    the readiness keeps): the room's classroom page and only the account pages of its devices.
 * 3. The check of the next lesson, with the pages the first one saw remembered: the same.
 * 4. For each, the time until every device of the room has a fresh online status (median of
 *    BENCH_REPEATS runs, default 9, after a discarded warm-up).
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { PAGE_SIZE } from '../../src-main/contract/wire';
import { deviceListsOf } from '../../src-main/core/classroom/deviceLists';
import { silentLogger } from '../../src-main/core/logger';
import { Availability } from '../../src-main/core/readiness/availability';
import { lookAtRoom, sightingsOf } from '../../src-main/core/readiness/roomCheck';
import { createServiceClient } from '../../src-main/core/service/client';
import { spreadClassroomFixture } from '../support/fixtures';
import { localServiceCommand, withBenchProcesses } from './benchProcesses';
import { median } from './median';

const DEVICE_COUNT = 5_000;
const ROOM_PAGES = [7, 42, 88];
const ROOM_INDICES = ROOM_PAGES.flatMap((page) =>
  Array.from({ length: 10 }, (_, i) => (page - 1) * PAGE_SIZE + i * 5),
);
const ROOM = 'room-a';
const TOKEN = 'bench-token';
const REPEATS = Number(process.env.BENCH_REPEATS ?? 9);

export async function benchReadiness(): Promise<void> {
  await withBenchProcesses('readiness', async ({ dir, startServer }) => {
    const fixtureFile = join(dir, 'fixture.json');
    await writeFile(
      fixtureFile,
      JSON.stringify(spreadClassroomFixture(DEVICE_COUNT, ROOM_INDICES)),
    );
    const url = await startServer('local service', ...localServiceCommand(fixtureFile, TOKEN));
    const client = createServiceClient({ baseUrl: url, token: TOKEN });
    const lists = deviceListsOf(client);
    const stats = async () => {
      const response = await fetch(`${url}/_local/stats`, { headers: { 'X-Token-SVC': TOKEN } });
      return ((await response.json()) as { requests: Record<string, number> }).requests;
    };
    const requestsOf = async (check: () => Promise<unknown>) => {
      const before = await stats();
      await check();
      const after = await stats();
      const delta = (key: string) => (after[key] ?? 0) - (before[key] ?? 0);
      const classroom = Object.keys(after)
        .filter((key) => key.includes('/classrooms/'))
        .reduce((sum, key) => sum + delta(key), 0);
      return { account: delta('GET /api/v1/devices'), classroom };
    };
    const fresh = () => new Availability(dir, silentLogger, Date.now);
    const check = (history: Availability) =>
      lookAtRoom(lists, ROOM, (ids) => history.pagesOf(url, ids));

    // Requests, counted by the service.
    const history = fresh();
    const first = await requestsOf(async () => {
      const look = await check(history);
      history.saw(url, look.sightings, Date.now());
    });
    const next = await requestsOf(() => check(history));
    // The open room's first refresh searched the account list: its pages are in the history.
    const learned = fresh();
    learned.saw(url, sightingsOf(await lists.allAccountPages()), Date.now());
    const afterRefresh = await requestsOf(() => check(learned));

    // Time until every device of the room has a fresh status.
    const time = async (run: () => Promise<unknown>) => {
      await run();
      const times: number[] = [];
      for (let i = 0; i < REPEATS; i++) {
        const start = performance.now();
        await run();
        times.push(performance.now() - start);
      }
      return median(times);
    };
    const coldMs = await time(() => check(fresh()));
    const warmMs = await time(() => check(history));
    const learnedMs = await time(() => check(learned));
    const look = await check(history);
    const known = look.devices.filter((device) => device.online !== null).length;
    await history.flushed();
    await learned.flushed();

    console.log(
      `Readiness check of a ${ROOM_INDICES.length}-device room in a ${DEVICE_COUNT.toLocaleString('en')}-device account (${Math.ceil(DEVICE_COUNT / PAGE_SIZE)} account pages; the room on pages ${ROOM_PAGES.join(', ')}):`,
    );
    console.log(
      '| check | classroom pages | account pages | requests | time to a fresh status of every device (median of ' +
        String(REPEATS) +
        ') |',
    );
    console.log('| --- | ---: | ---: | ---: | ---: |');
    console.log(
      `| first, no history | ${first.classroom} | ${first.account} | ${first.classroom + first.account} | ${coldMs.toFixed(0)} ms |`,
    );
    console.log(
      `| after the open room's first refresh | ${afterRefresh.classroom} | ${afterRefresh.account} | ${afterRefresh.classroom + afterRefresh.account} | ${learnedMs.toFixed(0)} ms |`,
    );
    console.log(
      `| next lesson (pages remembered) | ${next.classroom} | ${next.account} | ${next.classroom + next.account} | ${warmMs.toFixed(0)} ms |`,
    );
    console.log(`Every device of the room with a status: ${known} of ${look.devices.length}.`);
  });
}
