/**
 * npm run bench -- show: how current the window is when it is shown. The preview (runPreview,
 * in this process, its core's time injected: manual timers) on a 5,000-device classroom served by
 * the local service in its own process; a browser tab's event stream, as the window reads it.
 *
 * Each of ROUNDS rounds: the tab hidden for 30 minutes of the injected clock, the hidden polls run (every
 * 10 minutes, each waited for before the clock goes on), then half a hidden interval more; a third of the devices
 * flip (not measured); then the tab says it is visible (POST /api/visibility) and the time is
 * taken until the event stream says the room was read at that moment (the connection `ok`, its
 * last success the injected clock's now), the device changes having come before it. The clock
 * does not move while the show is measured: nothing but the show starts that refresh.
 *
 * The floor, in turns with the show (the order alternating): the room's pages (its 100
 * classroom pages and the 100 account pages that hold its devices) fetched and parsed, 4 at a
 * time, as the refresh bench's floor. Both are wall-clock times: what a teacher waits for. The
 * goal is the floor plus the window's render of the change: here its store's part, the show's
 * device changes parsed from their JSON and applied to a window store of the room (one update,
 * as connectStore makes it); the rows it then renders (one per changed device on screen) are the
 * renderer bench's.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ClassTrayChange, ClassTrayState } from '../../src-main/core/api/classTrayApi';
import { runPreview } from '../../src-main/preview/runPreview';
import { applyChanges, fromSnapshot } from '../../src-renderer/store/classTrayStore';
import { accountFixture } from '../support/fixtures';
import { manualTimers } from '../support/manualTimers';
import { openEvents, signIn } from '../preview/session';
import { localServiceCommand, withBenchProcesses } from './benchProcesses';
import { flipAThird, roomFloor } from './refresh';
import { median } from './median';

const DEVICES = 5_000;
/** Three rounds' median moved by a third from run to run (min and max 0.84 to 2.67): nine. */
const ROUNDS = 9;
const TOKEN = 'bench-token';
const CLASSROOM = 'room-a';
const MINUTE = 60_000;
const HIDDEN_FOR_MS = 30 * MINUTE;
const VISIBLE_SECONDS = 10;
const HIDDEN_SECONDS = 600;

interface Connection {
  status: string;
  lastSuccessAt: string | null;
  nextAttemptAt: string | null;
}

export async function benchShow(): Promise<void> {
  await withBenchProcesses('show', async ({ dir, startServer }) => {
    const fixtureFile = join(dir, 'fixture.json');
    await writeFile(fixtureFile, JSON.stringify(accountFixture(DEVICES, 1)));
    const service = await startServer('local service', ...localServiceCommand(fixtureFile, TOKEN));
    const rendererDir = await mkdtemp(join(tmpdir(), 'classtray-bench-show-renderer-'));
    await writeFile(join(rendererDir, 'index.html'), '<!doctype html><title>bench</title>');
    const manual = manualTimers(Date.now());
    const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
    const preview = await runPreview(
      [
        '--service-url',
        service,
        '--classroom',
        CLASSROOM,
        '--no-open',
        '--data-dir',
        join(dir, 'data'),
      ],
      { CLASSTRAY_TOKEN: TOKEN },
      {
        rendererDir,
        print: () => undefined,
        logConsole: quiet,
        classTray: { timers: manual.timers },
      },
    );
    if (preview === null) throw new Error('The preview printed its help instead of starting.');
    const loadBefore = loadavg()[0] ?? 0;
    const shows: number[] = [];
    const floors: number[] = [];
    /** The window store's part of the render: the show's changes parsed and applied. */
    const renders: number[] = [];
    let hiddenPolls = 0;
    /** Hidden polls that planned the next one without reading the room. */
    let hiddenSkipped = 0;
    let batchKb = 0;
    try {
      const cookie = await signIn(preview);
      const events = await openEvents(preview, cookie);
      const post = async (path: string, body: unknown) => {
        const response = await fetch(`${preview.url}${path}`, {
          method: 'POST',
          headers: { cookie, 'content-type': 'application/json', origin: preview.url },
          body: JSON.stringify(body),
        });
        if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
      };
      const visible = (shown: boolean) =>
        post('/api/visibility', { tab: events.tab, visible: shown });
      const stateResponse = await fetch(`${preview.url}/api/state`, { headers: { cookie } });
      let store = fromSnapshot((await stateResponse.json()) as ClassTrayState);
      /**
       * Reads the stream up to the connection that says the room was read at the clock's now
       * (`planned`: and the next refresh planned after it); gives the device changes that came
       * first, as the stream's JSON.
       */
      const readAt = async (options: { planned: boolean }) => {
        const at = new Date(manual.timers.now()).toISOString();
        let devices: string | undefined;
        for (;;) {
          const change = (await events.nextChange()) as {
            type: string;
            connection?: Connection;
          };
          if (change.type === 'devices') {
            devices = JSON.stringify(change);
            batchKb = devices.length / 1024;
          }
          const connection = change.connection;
          if (
            change.type === 'connection' &&
            connection?.status === 'ok' &&
            connection.lastSuccessAt === at &&
            (!options.planned || connection.nextAttemptAt !== null)
          ) {
            return devices;
          }
        }
      };
      /** Reads the stream up to the next refresh planned. */
      const nextPlan = async () => {
        for (;;) {
          const change = (await events.nextChange()) as { type: string; connection?: Connection };
          if (change.type === 'connection' && (change.connection?.nextAttemptAt ?? null) !== null) {
            return;
          }
        }
      };
      /** Reads the stream up to the next plan made at the clock's now; true when it read the room. */
      const polled = async () => {
        const at = new Date(manual.timers.now()).toISOString();
        for (;;) {
          const change = (await events.nextChange()) as { type: string; connection?: Connection };
          const connection = change.connection;
          if (
            change.type === 'connection' &&
            connection?.nextAttemptAt !== null &&
            connection?.nextAttemptAt !== undefined &&
            connection.nextAttemptAt > at
          ) {
            return connection.lastSuccessAt === at;
          }
        }
      };
      console.error('show bench: the first read of the room…');
      await readAt({ planned: true });
      // Hidden polls every 10 minutes (the setting's range allows up to an hour; the default is a
      // minute): three per half hour, so a round of 5,000 devices does not take minutes of reads.
      await post('/api/actions/updatePreferences', {
        poll: { visibleSeconds: VISIBLE_SECONDS, hiddenSeconds: HIDDEN_SECONDS },
      });
      const hiddenMs = HIDDEN_SECONDS * 1000;
      const fetchAndParse = roomFloor(service, CLASSROOM, DEVICES);
      const floor = async () => {
        const started = performance.now();
        await fetchAndParse();
        floors.push(performance.now() - started);
      };
      let online = true;
      for (let round = 0; round < ROUNDS; round++) {
        console.error(`show bench: round ${round + 1} of ${ROUNDS}: hidden for 30 minutes…`);
        const hiddenFrom = manual.timers.now();
        while (manual.timers.now() - hiddenFrom < HIDDEN_FOR_MS) {
          manual.advance(hiddenMs);
          if (await polled()) hiddenPolls++;
          else hiddenSkipped++;
        }
        manual.advance(hiddenMs / 2);
        await flipAThird(service, online, DEVICES);
        online = !online;
        if (round % 2 === 0) await floor();
        const started = performance.now();
        await visible(true);
        const changed = await readAt({ planned: false });
        shows.push(performance.now() - started);
        if (changed === undefined) throw new Error('The show brought no device changes.');
        // What the window does once the stream has said it: parse, one store update.
        const rendering = performance.now();
        store = applyChanges(store, [JSON.parse(changed) as ClassTrayChange]);
        renders.push(performance.now() - rendering);
        // The refresh ends after the stream said the room was read (the classroom cache is
        // written last); hidden before then, the clock would move on before its next poll was
        // planned, and that poll would be planned late, from the moved clock.
        await nextPlan();
        if (round % 2 === 1) await floor();
        await visible(false);
      }
      events.close();
    } finally {
      await preview.close();
      await rm(rendererDir, { recursive: true, force: true });
    }
    const loadAfter = loadavg()[0] ?? 0;
    const ratios = shows.map((show, n) => show / (floors[n] ?? Number.NaN));
    const overGoal = shows.map(
      (show, n) => show / ((floors[n] ?? Number.NaN) + (renders[n] ?? Number.NaN)),
    );
    const row = (label: string, value: string) => console.log(`${label.padEnd(64)} ${value}`);
    const spread = (values: number[], digits = 0, unit = ' ms') =>
      `${median(values).toFixed(digits)}${unit} (min ${Math.min(...values).toFixed(digits)}, max ${Math.max(...values).toFixed(digits)})`;
    console.log(
      `\nShown after 30 minutes hidden: a ${DEVICES}-device classroom in the preview, a third changed meanwhile (median of ${ROUNDS})`,
    );
    row(
      `hidden polls waited for (every ${HIDDEN_SECONDS} s of the injected clock)`,
      `${hiddenPolls} read the room, ${hiddenSkipped} did not`,
    );
    row('show → the room read at that moment (event stream)', spread(shows));
    row('floor: the room’s 200 pages fetched and parsed', spread(floors));
    row('show / floor (median of rounds)', spread(ratios, 2, ''));
    row('render: the window store takes the change', spread(renders, 1));
    row(
      'show / (floor + render) (median of rounds)',
      `${spread(overGoal, 2, '')}; goal ≤ 1: ${median(overGoal) <= 1 ? 'met' : 'NOT met'}`,
    );
    row('device changes event', `${batchKb.toFixed(0)} KB`);
    row(
      'load average (1 min) before / after',
      `${loadBefore.toFixed(1)} / ${loadAfter.toFixed(1)}`,
    );
  });
}
