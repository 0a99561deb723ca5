/**
 * The local service's CLI as real processes: killed with SIGKILL mid-burst, started twice on one
 * data file, started on folders it cannot use. Every process is stopped by the test.
 */
import { randomUUID } from 'node:crypto';
import { chmod, mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseAccountData } from '../../src-main/local-service/fixture';
import { childProcesses } from '../support/childProcesses';
import { accountFixture } from '../support/fixtures';
import { tempDir } from '../support/tempDir';

const CLI = join(process.cwd(), 'src-main', 'local-service', 'cli.ts');
const ADDRESS = /http:\/\/127\.0\.0\.1:\d+/;
const start = childProcesses();
let directory: string;
/** The CLI bundled once: six starts in plain Node rather than through tsx. */
let builtCli: string;

beforeAll(async () => {
  builtCli = await start.built(CLI);
});

beforeEach(async () => {
  directory = await tempDir('classtray-durable');
});

const serviceArgs = (dataFile: string) => ['--port', '0', '--token', 'T', '--data-file', dataFile];
const serve = (dataFile: string, extra: string[] = []) =>
  start(builtCli, [...serviceArgs(dataFile), ...extra], ADDRESS);

const invalidate = (url: string, token: string) =>
  fetch(`${url}/api/v1/temporal-access/${token}/invalidate`, {
    method: 'PATCH',
    headers: { 'X-Token-SVC': 'T' },
  });

// Six starts of the service: a hang guard for a loaded machine (load 18 took 60 s through tsx).
describe('the local service killed with SIGKILL', { timeout: 180_000 }, () => {
  it('has saved every invalidation it answered, 200 or 422, before the kill', async () => {
    const ROUNDS = 3;
    const ACCESSES = 30;
    let answered = 0;
    for (let round = 0; round < ROUNDS; round += 1) {
      const tokens = Array.from({ length: ACCESSES }, () => randomUUID());
      const fixture = join(directory, `fixture-${round}.json`);
      await writeFile(
        fixture,
        JSON.stringify({
          ...accountFixture(4),
          temporal_accesses: tokens.map((token, i) => ({
            token,
            remote_id: String(100_000_000 + (i % 4)),
            state: 'active',
          })),
        }),
      );
      const dataFile = join(directory, `state-${round}.json`);
      const service = serve(dataFile, ['--fixture', fixture]);
      const url = await service.ready;

      // Two racing invalidates per access; the kill comes the moment a loser hears 422, while
      // (before this was fixed) the winner's write could still be running.
      const acknowledged = new Set<string>();
      await Promise.allSettled(
        tokens.flatMap((token) =>
          [0, 1].map(async () => {
            const response = await invalidate(url, token);
            if (response.status === 200 || response.status === 422) acknowledged.add(token);
            if (response.status === 422) service.child.kill('SIGKILL');
          }),
        ),
      );
      service.child.kill('SIGKILL');
      await service.exited;
      answered += acknowledged.size;

      const saved = parseAccountData(JSON.parse(await readFile(dataFile, 'utf8')), 'saved');
      const states = new Map(saved.temporal_accesses.map((a) => [a.token, a.state]));
      for (const token of acknowledged) expect(states.get(token), token).toBe('invalidated');

      // A restart reads the same: the lock the killed process left is taken over.
      const restarted = serve(dataFile);
      const again = await restarted.ready;
      for (const token of [...acknowledged].slice(0, 3)) {
        expect((await invalidate(again, token)).status).toBe(422);
      }
      restarted.child.kill('SIGTERM');
      expect(await restarted.exited).toBe(0);
    }
    // The kill landed mid-burst: there were answers to check.
    expect(answered).toBeGreaterThan(0);
  });
});

describe('two local services on one data file', () => {
  it('refuses the second, naming the process that holds the file, with exit code 1', async () => {
    const dataFile = join(directory, 'state.json');
    const first = serve(dataFile);
    await first.ready;
    const second = serve(dataFile);
    expect(await second.exited).toBe(1);
    expect(second.output().stderr).toContain(
      `local-service: The data file ${dataFile} is in use by a local service (process ${first.child.pid},`,
    );
  });

  it.each(['SIGTERM', 'SIGINT'] as const)('frees the file on %s', async (signal) => {
    const dataFile = join(directory, 'state.json');
    const first = serve(dataFile);
    await first.ready;
    expect(await readdir(directory)).toContain('state.json.lock');
    first.child.kill(signal);
    expect([await first.exited, first.child.signalCode, first.output().stderr]).toEqual([
      0,
      null,
      '',
    ]);
    expect(await readdir(directory)).toEqual(['state.json']);
    await serve(dataFile).ready;
  });
});

describe('a data file the local service cannot use', () => {
  it('is refused in a sentence when its folder is not writable', async (test) => {
    // The folders let the unprivileged user in, but not write.
    await chmod(directory, 0o755);
    const folder = join(directory, 'read-only');
    await mkdir(folder, { mode: 0o555 });
    await chmod(folder, 0o555);
    const service = await start.unprivileged(
      test,
      CLI,
      serviceArgs(join(folder, 'state.json')),
      ADDRESS,
    );
    expect(await service.exited).toBe(1);
    expect(service.output().stderr).toBe(
      `local-service: ClassTray is not allowed to write in the folder ${folder}.\n`,
    );
  });

  it('is refused in a sentence when its folder does not exist', async () => {
    const folder = join(directory, 'missing');
    const service = serve(join(folder, 'state.json'));
    expect(await service.exited).toBe(1);
    expect(service.output().stderr).toBe(`local-service: The folder ${folder} does not exist.\n`);
  });
});
