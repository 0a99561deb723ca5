/**
 * A subscription's address never on a command line (issue 47): `npm run timetable` as support
 * runs it, with the address in CLASSTRAY_CALENDAR_URL and on standard input ("-"), while its
 * server holds the answer; meanwhile every process's command line on this computer
 * (/proc/<pid>/cmdline, world-readable: what `ps` shows any user) is read, npm's, its shell's and
 * Node's among them. Given on the command line it still works, with a warning on stderr.
 */
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync, readdirSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CALENDAR_URL_ENV } from '../../../src-main/core/timetable/expandCommand';
import { calendarText } from '../../support/calendarText';
import { childProcesses } from '../../support/childProcesses';

const ROOT = path.join(import.meta.dirname, '..', '..', '..');
const CLI = path.join(ROOT, 'src-main/builtCommand.mjs');
const SECRET = 'private-7f3a9c-do-not-show';
const WINDOW = ['--from', '2026-11-24T00:00:00Z', '--to', '2026-11-25T00:00:00Z'];
const cli = childProcesses();

const started: ChildProcess[] = [];
const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const child of started.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
  await Promise.all(stops.splice(0).map((stop) => stop()));
});

/** A subscription whose answer waits until the test has looked at the command lines. */
async function heldFeed() {
  const held: ServerResponse[] = [];
  let arrived: () => void = () => undefined;
  const request = new Promise<void>((resolve) => (arrived = resolve));
  const server = createServer((_request, response) => {
    held.push(response);
    arrived();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  stops.push(async () => {
    server.closeAllConnections();
    server.close();
    await once(server, 'close');
  });
  const { port } = server.address() as AddressInfo;
  const start = Date.parse('2026-11-24T08:00:00Z');
  const calendar = calendarText([
    { uid: 'physics', start, end: start + 3_000_000, summary: 'Physics' },
  ]);
  return {
    url: `http://127.0.0.1:${port}/ical/${SECRET}.ics?key=${SECRET}`,
    request,
    answer: () => {
      for (const response of held)
        response.writeHead(200, { 'content-type': 'text/calendar' }).end(calendar);
    },
  };
}

/** Every process's command line on this computer that can be read now. */
function commandLines(): string[] {
  const lines: string[] = [];
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      lines.push(readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' '));
    } catch {
      // Ended meanwhile.
    }
  }
  return lines;
}

/** `npm run timetable -- expand <args>` as support runs it; resolves with its status and output. */
function npmTimetable(args: string[], env: Record<string, string>, stdin?: string) {
  const child = spawn('npm', ['run', '--silent', 'timetable', '--', 'expand', ...args, ...WINDOW], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  started.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  if (stdin !== undefined) child.stdin.end(stdin);
  else child.stdin.end();
  const ended = Promise.all([once(child, 'exit'), once(child, 'close')]).then(([[code]]) => ({
    code: code as number | null,
    stdout,
    stderr,
  }));
  return ended;
}

describe.runIf(process.platform === 'linux')(
  'the timetable command and its address',
  { timeout: 90_000 },
  () => {
    beforeAll(async () => {
      // Built first, as `npm ci` leaves it.
      await cli.toEnd(CLI, ['timetable', '--help'], { cwd: ROOT });
    }, 90_000);

    it.each([
      ['in the environment', 'env'],
      ['on standard input', 'stdin'],
    ] as const)('never shows one given %s in any command line', async (_how, how) => {
      const feed = await heldFeed();
      const run =
        how === 'env'
          ? npmTimetable([], { [CALENDAR_URL_ENV]: feed.url })
          : npmTimetable(['-'], {}, `${feed.url}\n`);
      await feed.request;
      const lines = commandLines();
      // The command is running (npm's process and Node's are there) while its request waits.
      expect(lines.some((line) => line.includes('builtCommand.mjs timetable'))).toBe(true);
      expect(lines.filter((line) => line.includes(SECRET))).toEqual([]);
      feed.answer();
      const { code, stdout, stderr } = await run;
      expect(code).toBe(0);
      expect(JSON.parse(stdout.trim())).toMatchObject({ uid: 'physics', title: 'Physics' });
      expect(stderr).not.toContain('warning');
      expect(stderr).not.toContain(SECRET);
    });

    it('warns when one is on the command line, and still reads it', async () => {
      const feed = await heldFeed();
      const run = cli.toEnd(CLI, ['timetable', 'expand', feed.url, ...WINDOW], { cwd: ROOT });
      await feed.request;
      // Here it is seen: what the warning is about.
      expect(commandLines().some((line) => line.includes(SECRET))).toBe(true);
      feed.answer();
      const { code, stderr } = await run;
      expect(code).toBe(0);
      expect(stderr).toMatch(
        /^timetable: warning: the address is on the command line, where other users of this computer can read it \(ps\); give it in CLASSTRAY_CALENDAR_URL or on standard input \("-"\) instead\.\ntimetable: read 1 event/,
      );
    });

    it('says what it needs without a file, "-" or the variable, with status 2', async () => {
      const { code, stderr } = await cli.toEnd(CLI, ['timetable', 'expand', ...WINDOW], {
        cwd: ROOT,
        env: { ...process.env, [CALENDAR_URL_ENV]: '' },
      });
      expect(code).toBe(2);
      expect(stderr).toContain(
        `expand takes a file, "-" (standard input) or the address in ${CALENDAR_URL_ENV}`,
      );
    });
  },
);
