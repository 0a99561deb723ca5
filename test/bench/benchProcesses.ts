/**
 * The child processes of a benchmark: servers spawned in their own process groups, a temporary
 * directory, and the guarantee that nothing outlives the bench (stopped at the end, killed if
 * the bench dies or is interrupted).
 */
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { rmSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { constants, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const TSX = join(ROOT, 'node_modules/.bin/tsx');

/**
 * The local service as `npm run local-service` runs it (built, in plain Node: tsx's loader and the
 * names it gives every function were the bench's, not the command's), on a port the OS picks,
 * serving a fixture file.
 */
export const localServiceCommand = (fixtureFile: string, token: string): [string, string[]] => [
  process.execPath,
  [
    join(ROOT, 'src-main/builtCommand.mjs'),
    'local-service',
    '--port',
    '0',
    '--token',
    token,
    '--fixture',
    fixtureFile,
  ],
];

const READY_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 5_000;

export interface BenchProcesses {
  /** A temporary directory, removed at the end. */
  dir: string;
  /** Spawns a server and resolves with the http://127.0.0.1:PORT it prints when ready. */
  startServer(label: string, command: string, args: string[]): Promise<string>;
  /** Runs a command to its end and resolves with its standard output. */
  run(label: string, command: string, args: string[]): Promise<string>;
}

export async function withBenchProcesses<T>(
  name: string,
  bench: (processes: BenchProcesses) => Promise<T>,
): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), `classtray-bench-${name}-`));
  const children = new Set<ChildProcess>();
  // The last resort when the bench dies or is interrupted: no server may outlive it.
  const killAll = () => {
    for (const child of children) killGroup(child, 'SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  };
  const interrupted = (signal: NodeJS.Signals) => process.exit(128 + constants.signals[signal]);
  process.on('exit', killAll);
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);

  const spawnChild = (command: string, args: string[]) => {
    const child = spawn(command, args, {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      // tsx runs scripts in a grandchild: a group kill reaches it even when tsx cannot relay.
      detached: process.platform !== 'win32',
    });
    children.add(child);
    child.once('exit', () => children.delete(child));
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    return { child, stderr: () => stderr };
  };

  try {
    return await bench({
      dir,
      startServer: (label, command, args) => {
        const { child, stderr } = spawnChild(command, args);
        return new Promise((resolve, reject) => {
          const timer = setTimeout(
            () =>
              reject(
                new Error(`The ${label} was not ready within ${READY_TIMEOUT_MS} ms.\n${stderr()}`),
              ),
            READY_TIMEOUT_MS,
          );
          let stdout = '';
          child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
            stdout += chunk;
            const url = /http:\/\/127\.0\.0\.1:[0-9]+/.exec(stdout)?.[0];
            if (url !== undefined) {
              clearTimeout(timer);
              resolve(url);
            }
          });
          child.once('error', (error) => {
            clearTimeout(timer);
            reject(error);
          });
          child.once('exit', (code, signal) => {
            clearTimeout(timer);
            reject(
              new Error(
                `The ${label} exited (${signal ?? code}) before it was ready.\n${stderr()}`,
              ),
            );
          });
        });
      },
      run: async (label, command, args) => {
        const { child, stderr } = spawnChild(command, args);
        let stdout = '';
        child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
        const [code] = (await once(child, 'exit')) as [number | null];
        if (code !== 0) throw new Error(`The ${label} failed (${code}).\n${stderr()}`);
        return stdout;
      },
    });
  } finally {
    await Promise.all([...children].map(stop));
    await rm(dir, { recursive: true, force: true });
    process.off('exit', killAll);
    process.off('SIGINT', interrupted);
    process.off('SIGTERM', interrupted);
  }
}

/** SIGTERM first (tsx relays it, a server closes cleanly), the whole group killed if it hangs. */
async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) {
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    const timer = setTimeout(() => killGroup(child, 'SIGKILL'), STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(timer);
  }
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  if (process.platform === 'win32') {
    child.kill(signal);
    return;
  }
  try {
    process.kill(-child.pid, signal);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}
