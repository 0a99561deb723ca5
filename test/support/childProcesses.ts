/**
 * Real processes a test starts (the local service's CLI, a lock holder), each stopped after every
 * test with SIGKILL if it is still running. Call once at the top of a test file.
 */
import type { ChildProcess, SpawnOptions } from 'node:child_process';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { afterEach } from 'vitest';

export interface Child {
  child: ChildProcess;
  /** Resolves with the first match of `ready` in stdout; rejects if the process exits first. */
  ready: Promise<string>;
  exited: Promise<number | null>;
  output(): { stdout: string; stderr: string };
}

/**
 * Root may write anywhere: a test of an unwritable folder runs its process as "nobody" then
 * (its folders must let that user in), and as the current user otherwise.
 */
export const unprivileged: SpawnOptions =
  process.getuid?.() === 0 ? { uid: 65_534, gid: 65_534 } : {};

export function childProcesses() {
  const children: ChildProcess[] = [];
  afterEach(async () => {
    await Promise.all(
      children.splice(0).map(async (child) => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        const exited = once(child, 'exit');
        child.kill('SIGKILL');
        await exited;
      }),
    );
  });

  /**
   * Runs a TypeScript file in one process (tsx as a loader, not its CLI, which would run the
   * script in a grandchild that a SIGKILL of the parent leaves behind).
   */
  return function start(
    script: string,
    args: string[],
    ready: RegExp,
    options: SpawnOptions = {},
  ): Child {
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
      ...options,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = once(child, 'exit').then(([code]) => code as number | null);
    const readied = new Promise<string>((resolve, reject) => {
      child.stdout?.on('data', () => {
        const match = ready.exec(stdout);
        if (match) resolve(match[0]);
      });
      void exited.then((code) => reject(new Error(`exited ${code}: ${stderr}`)));
    });
    // Tests of failures await `exited`, not `ready`.
    readied.catch(() => undefined);
    return { child, ready: readied, exited, output: () => ({ stdout, stderr }) };
  };
}
