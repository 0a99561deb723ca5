/**
 * Real processes a test starts (the command-line tools, a lock holder), each stopped after every
 * test with SIGKILL if it is still running. Call once at the top of a test file.
 */
import type { ChildProcess, SpawnOptions } from 'node:child_process';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import type { TestContext } from 'vitest';
import { afterAll, afterEach } from 'vitest';
import {
  NOBODY,
  mustDropPrivileges,
  unprivilegedCopy,
  whyNobodyCannotRun,
} from './unprivilegedCopy';

export interface Child {
  child: ChildProcess;
  /** Resolves with the first match of `ready` in stdout; rejects if the process exits first. */
  ready: Promise<string>;
  exited: Promise<number | null>;
  output(): { stdout: string; stderr: string };
}

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

  const copies = unprivilegedCopy();
  afterAll(() => copies.remove());

  function run(command: string, args: string[], ready: RegExp, options: SpawnOptions): Child {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
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
  }

  /**
   * Runs a script in one process: TypeScript with tsx as a loader (not its CLI, which would run
   * the script in a grandchild that a SIGKILL of the parent leaves behind), a `.mjs` in plain Node.
   */
  function start(script: string, args: string[], ready: RegExp, options: SpawnOptions = {}) {
    const loader = script.endsWith('.mjs') ? [] : ['--import', 'tsx'];
    return run(process.execPath, [...loader, script, ...args], ready, options);
  }

  /**
   * Runs a TypeScript file as a user who may not write where the test's folders forbid it: the
   * current user, or "nobody" when the tests run as root (who may write anywhere). As "nobody" it
   * runs from copies that user can read (see unprivilegedCopy), or the test is skipped, saying why.
   */
  async function startUnprivileged(
    test: TestContext,
    script: string,
    args: string[],
    ready: RegExp,
  ): Promise<Child> {
    if (!mustDropPrivileges) return start(script, args, ready);
    const why = whyNobodyCannotRun();
    if (why !== undefined) {
      console.warn(`Skipped "${test.task.name}": ${why}.`);
      test.skip(why);
    }
    const [node, bundle, cwd] = await Promise.all([
      copies.node(),
      copies.script(script),
      copies.folder(),
    ]);
    return run(node, [bundle, ...args], ready, { ...NOBODY, cwd });
  }

  /** Runs a script (as `start`) to its end: its exit code, and all it wrote once its pipes closed. */
  async function toEnd(script: string, args: string[], options: SpawnOptions = {}) {
    const { child, exited, output } = start(script, args, /(?!)/, options);
    const [code] = await Promise.all([exited, once(child, 'close')]);
    return { code, ...output() };
  }

  /**
   * `script` and all it imports bundled into one plain-Node file (as for "nobody"), for a file
   * that starts a command many times: through tsx each start cost about 1.2 s of CPU, built
   * about 0.25 s. Not for a script that finds files from its own place (import.meta.url).
   */
  const built = (script: string) => copies.script(script);

  return Object.assign(start, { unprivileged: startUnprivileged, toEnd, built });
}
