import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { childProcesses } from '../support/childProcesses';
import { accountFixture, device } from '../support/fixtures';

/** What `npm run local-service` runs: the command built, in plain Node. */
const LAUNCHER = join(process.cwd(), 'src-main', 'builtCommand.mjs');
const startChild = childProcesses();
let directory: string;

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'classtray-cli-'));
  // Built first, as `npm ci` leaves it: a run that builds also says so on stderr.
  await startChild.toEnd(LAUNCHER, ['local-service', '--help']);
}, 60_000);
afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

const ADDRESS = /http:\/\/127\.0\.0\.1:\d+/;
/** The service's CLI, ready once it prints its address. */
const run = (args: string[]) => startChild(LAUNCHER, ['local-service', ...args], ADDRESS);

describe('npm run local-service', () => {
  it('serves the demo account on 127.0.0.1 and prints its address, and stops on SIGTERM with status 0', async () => {
    const cli = run(['--port', '0', '--token', 'T']);
    const url = await cli.ready;
    const response = await fetch(`${url}/api/v1/devices`, { headers: { 'X-Token-SVC': 'T' } });
    expect(response.status).toBe(200);
    expect((await response.json()).meta.total).toBeGreaterThanOrEqual(120);
    cli.child.kill('SIGTERM');
    expect(await cli.exited).toBe(0);
  });

  it('serves a fixture with a custom auth header', async () => {
    const fixture = join(directory, 'fixture.json');
    await writeFile(fixture, JSON.stringify(accountFixture(7)));
    const cli = run([
      '--port',
      '0',
      '--token',
      'T',
      '--fixture',
      fixture,
      '--auth-header',
      'X-Token-AnyDesk',
    ]);
    const url = await cli.ready;
    const list = await fetch(`${url}/api/v1/devices`, { headers: { 'X-Token-AnyDesk': 'T' } });
    expect((await list.json()).meta.total).toBe(7);
  });

  it('generates and prints a token when none is given', async () => {
    const cli = run(['--port', '0']);
    const url = await cli.ready;
    const token = /token (\S+)\)/.exec(cli.output().stdout)?.[1] ?? '';
    expect(token.length).toBeGreaterThan(16);
    const response = await fetch(`${url}/api/v1/devices`, { headers: { 'X-Token-SVC': token } });
    expect(response.status).toBe(200);
  });

  it('refuses an invalid fixture, naming the field, with a non-zero exit code', async () => {
    const fixture = join(directory, 'bad.json');
    await writeFile(
      fixture,
      JSON.stringify({ ...accountFixture(0), devices: [device(1, { status: 'on' as never })] }),
    );
    const cli = run(['--port', '0', '--token', 'T', '--fixture', fixture]);
    expect(await cli.exited).toBe(1);
    expect(cli.output().stderr).toContain('devices[0].status');
    expect(cli.output().stderr).toContain('bad.json');
  });

  it.each([
    [['--port', 'eighty']],
    [['--port', '70000']],
    [['--colour']],
    [['--auth-header', 'Bad Header']],
  ])('refuses bad arguments %j with usage help and exit code 2', async (args) => {
    const cli = run(args);
    expect(await cli.exited).toBe(2);
    expect(cli.output().stderr).toMatch(/local-service: /);
  });

  it('says plainly when the port is taken', async () => {
    const first = run(['--port', '0', '--token', 'T']);
    const port = new URL(await first.ready).port;
    const second = run(['--port', port, '--token', 'T']);
    expect(await second.exited).toBe(1);
    expect(second.output().stderr).toContain(`port ${port} is already in use`);
  });
});
