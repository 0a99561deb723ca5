/** `npm run web` as the end-to-end tests start it: a child process on an OS-picked port. */
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';

const CLI = join(process.cwd(), 'src-main', 'preview', 'cli.ts');
const LOG_TAIL_CHARS = 8_000;

export interface PreviewProcess {
  /** The printed address, with its key. */
  openUrl: string;
  /**
   * SIGSTOP / SIGCONT: the process frozen and thawed as a sleeping laptop's would be (its timers
   * do not run meanwhile, and fire late once it runs again).
   */
  freeze: () => void;
  /** The last lines it printed (stdout and stderr), for a failure to say what it logged. */
  logTail: () => string;
  thaw: () => void;
  stop: () => Promise<void>;
}

/**
 * Starts the preview on a service and classroom, polling every 5 s (the shortest allowed).
 * Without a classroom, the one saved in the data folder opens.
 */
export async function startPreview(options: {
  serviceUrl: string;
  classroom?: string;
  dataDir: string;
  token: string;
  /** The visible poll interval; 5 s unless a test needs the schedule out of its way. */
  pollSeconds?: number;
  /** A school policy file to run under (--policy-file). */
  policyFile?: string;
}): Promise<PreviewProcess> {
  const poll = String(options.pollSeconds ?? 5);
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', CLI, '--no-open', '--port', '0', '--poll-seconds', poll].concat([
      '--service-url',
      options.serviceUrl,
      ...(options.classroom === undefined ? [] : ['--classroom', options.classroom]),
      '--data-dir',
      options.dataDir,
      ...(options.policyFile === undefined ? [] : ['--policy-file', options.policyFile]),
    ]),
    {
      env: { ...process.env, CLASSTRAY_TOKEN: options.token, CLASSTRAY_DATA_DIR: undefined },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  // What it prints is kept, bounded, for a failing test to quote.
  let printed = '';
  const keep = (chunk: Buffer) => {
    printed = (printed + chunk.toString()).slice(-LOG_TAIL_CHARS);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    // A frozen process would never handle the SIGTERM.
    child.kill('SIGCONT');
    child.kill('SIGTERM');
    await once(child, 'exit');
  };
  try {
    return {
      openUrl: await printedAddress(child),
      freeze: () => child.kill('SIGSTOP'),
      logTail: () =>
        child.exitCode === null && child.signalCode === null
          ? printed
          : `${printed}\n(exited: ${child.exitCode ?? child.signalCode})`,
      thaw: () => child.kill('SIGCONT'),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Resolves with the address `npm run web` prints; rejects if it exits first. */
function printedAddress(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /ClassTray preview: (http:\/\/127\.0\.0\.1:\d+\/\?key=\S+)/.exec(output);
      if (match?.[1]) resolve(match[1]);
    });
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`npm run web exited ${code}: ${output}`)));
  });
}
