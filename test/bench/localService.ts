/**
 * npm run bench -- local-service: how close the local service comes to the floor for Node on
 * loopback. Both servers run as child processes and answer account page 1 of a 5,000-device
 * account with the same bytes; autocannon (in this process) loads them with identical settings.
 *
 * Order: bare, local service, bare again. The ratio uses the mean of both bare runs, so a
 * machine that speeds up or slows down during the bench biases it less.
 *
 * BENCH_SECONDS sets the measured duration of each run (default 10).
 */
import { writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { cpus } from 'node:os';
import { join } from 'node:path';
import {
  DEFAULT_AUTH_HEADER,
  PAGE_SIZE,
  accountDevicePageSchema,
  servicePaths,
} from '../../src-main/contract/wire';
import type { Fixture } from '../../src-main/local-service/fixture';
import { localServiceCommand, withBenchProcesses } from './benchProcesses';

const DEVICE_COUNT = 5_000;
const CLASSROOM_COUNT = 40;
const TOKEN = 'bench-token';
const CONNECTIONS = 10;
const WARM_UP_SECONDS = 2;
const GOAL_RATIO = 0.6;

/** What the real client sends on every request. */
const HEADERS = {
  [DEFAULT_AUTH_HEADER]: TOKEN,
  Accept: 'application/json',
  'Content-Type': 'application/json',
};

/** The floor: Node's own HTTP server sending the same bytes, without routing, auth or serializing. */
const BARE_SERVER = `
const { readFileSync } = require('node:fs');
const { createServer } = require('node:http');
const [, bodyFile, contentType] = process.argv;
const body = readFileSync(bodyFile);
createServer((_request, response) => {
  response.writeHead(200, { 'content-type': contentType, 'content-length': body.length });
  response.end(body);
}).listen(0, '127.0.0.1', function () {
  console.log('http://127.0.0.1:' + this.address().port);
});
`;

// autocannon ships no types and package.json is not ours to add @types to: this is the part we use.
interface Histogram {
  average: number;
  p99: number;
}
interface AutocannonResult {
  requests: Histogram;
  latency: Histogram;
  /** Connection errors, timeouts included. */
  errors: number;
  non2xx: number;
}
type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  headers: Record<string, string>;
}) => Promise<AutocannonResult>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

interface Row {
  label: string;
  bare: boolean;
  result: AutocannonResult;
}

export async function benchLocalService(): Promise<void> {
  const seconds = measuredSeconds();
  await withBenchProcesses('local-service', async ({ dir, startServer }) => {
    const fixtureFile = join(dir, 'fixture.json');
    await writeFile(fixtureFile, JSON.stringify(buildFixture()));
    const service = await startServer('local service', ...localServiceCommand(fixtureFile, TOKEN));
    const { body, contentType } = await fetchPageOne(service);

    const bodyFile = join(dir, 'body.json');
    await writeFile(bodyFile, body);
    const bare = await startServer('bare server', process.execPath, [
      '-e',
      BARE_SERVER,
      bodyFile,
      contentType,
    ]);

    console.error(
      `local-service bench: ${CONNECTIONS} connections, ${WARM_UP_SECONDS} s warm-up + ${seconds} s per run, 3 runs`,
    );
    const rows: Row[] = [];
    for (const [label, url] of [
      ['bare node:http', bare],
      ['local service', service],
      ['bare node:http', bare],
    ] as const) {
      rows.push({ label, bare: url === bare, result: await measure(label, url, seconds) });
    }
    report(rows, body.length, seconds);
  });
}

function measuredSeconds(): number {
  const raw = process.env['BENCH_SECONDS'];
  if (raw === undefined) return 10;
  const seconds = Number(raw);
  if (!Number.isFinite(seconds) || seconds < 1) {
    throw new Error(`BENCH_SECONDS must be a number of seconds, 1 or more (got "${raw}").`);
  }
  return seconds;
}

function buildFixture(): Fixture {
  const classrooms = Array.from({ length: CLASSROOM_COUNT }, (_, i) => ({
    id: `room-${i + 1}`,
    name: `Room ${i + 1}`,
  }));
  const devices = Array.from({ length: DEVICE_COUNT }, (_, i): Fixture['devices'][number] => ({
    remote_id: String(1_000_000_000 + i * 7_919),
    remote_alias: i % 7 === 0 ? null : `PC-${String(i + 1).padStart(4, '0')}`,
    // Deterministic, so the body has the same size run after run.
    remote_password: (Math.imul(i + 1, 0x9e3779b1) >>> 0).toString(36),
    has_2fa: i % 4 !== 0,
    status: i % 11 === 0 ? 'disabled' : 'enabled',
    is_online: i % 3 !== 0,
    classroom: i % 10 === 9 ? null : `room-${(i % CLASSROOM_COUNT) + 1}`,
  }));
  return { classrooms, devices };
}

async function fetchPageOne(url: string): Promise<{ body: Buffer; contentType: string }> {
  const response = await fetch(url + servicePaths.accountDevices, { headers: HEADERS });
  const body = Buffer.from(await response.arrayBuffer());
  if (!response.ok) {
    throw new Error(`GET ${servicePaths.accountDevices}: ${response.status} ${body.toString()}`);
  }
  const page = accountDevicePageSchema.parse(JSON.parse(body.toString()));
  if (page.meta.total !== DEVICE_COUNT || page.data.length !== PAGE_SIZE) {
    throw new Error(
      `Page 1 has ${page.data.length} of ${page.meta.total} devices, not the fixture.`,
    );
  }
  const contentType = response.headers.get('content-type');
  if (contentType === null) throw new Error('Page 1 came without a Content-Type.');
  return { body, contentType };
}

async function measure(label: string, url: string, seconds: number): Promise<AutocannonResult> {
  const run = (duration: number) =>
    autocannon({
      url: url + servicePaths.accountDevices,
      connections: CONNECTIONS,
      duration,
      headers: HEADERS,
    });
  console.error(`  ${label}: warm-up…`);
  await run(WARM_UP_SECONDS);
  console.error(`  ${label}: measuring…`);
  return run(seconds);
}

function report(rows: Row[], bodyBytes: number, seconds: number): void {
  const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
  const cpu = cpus();
  console.log(
    `Machine: ${cpu.length} × ${cpu[0]?.model.trim() ?? 'unknown CPU'}, Node ${process.version}, ${process.platform}/${process.arch}`,
  );
  console.log(
    `GET ${servicePaths.accountDevices} (page 1 of ${integer.format(DEVICE_COUNT)} devices, ${integer.format(bodyBytes)}-byte body), ` +
      `${CONNECTIONS} connections, ${WARM_UP_SECONDS} s warm-up discarded + ${seconds} s measured per run`,
  );
  console.log('');
  console.log(
    `${'run'.padEnd(16)}${'req/s'.padStart(10)}${'p99 ms'.padStart(10)}${'errors'.padStart(9)}${'non-2xx'.padStart(9)}`,
  );
  for (const { label, result } of rows) {
    console.log(
      label.padEnd(16) +
        integer.format(result.requests.average).padStart(10) +
        String(result.latency.p99).padStart(10) +
        String(result.errors).padStart(9) +
        String(result.non2xx).padStart(9),
    );
  }

  const bareRates = rows.filter((row) => row.bare).map((row) => row.result.requests.average);
  const bareMean = bareRates.reduce((sum, rate) => sum + rate, 0) / bareRates.length;
  const local = rows.find((row) => !row.bare)?.result.requests.average ?? 0;
  const ratio = local / bareMean;
  const spread = (Math.max(...bareRates) - Math.min(...bareRates)) / bareMean;
  console.log('');
  console.log(
    `local service / bare (mean of both bare runs, which differ by ${(spread * 100).toFixed(1)}%): ${ratio.toFixed(2)}`,
  );
  console.log(
    `goal: at least ${GOAL_RATIO.toFixed(2)} of bare: ${ratio >= GOAL_RATIO ? 'met' : 'NOT MET'}`,
  );

  const failed = rows.filter(({ result }) => result.errors > 0 || result.non2xx > 0);
  if (failed.length > 0) {
    console.error(
      `\n!!! INVALID RUN: ${failed.map(({ label, result }) => `${label} had ${result.errors} errors and ${result.non2xx} non-2xx responses`).join('; ')}. ` +
        'The numbers above do not measure what they claim.',
    );
    process.exitCode = 1;
  }
}
