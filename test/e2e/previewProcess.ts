/**
 * `npm run web` as the end-to-end tests start it, on an OS-picked port: in this process on a
 * clock the test can skip (startPreviewHere, what most files use), or as the command itself in a
 * child process (startPreview, for the files that prove the command). A browser context is
 * signed in by `signIn` with the launch page's key, posted from here, not by a page: the files
 * that prove the launch page itself open it in Chromium.
 */
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { createLogger } from '../../src-main/core/logger';
import { runPreview } from '../../src-main/preview/runPreview';
import type { SkippableClock } from '../support/skippableClock';
import type { LaunchedPreview } from '../preview/session';
import { signIn } from '../preview/session';

const CLI = join(process.cwd(), 'src-main', 'preview', 'cli.ts');
const LOG_TAIL_CHARS = 8_000;

export interface PreviewProcess {
  /** The printed address (no key in it): it opens the window in a context signed in. */
  openUrl: string;
  /** The printed launch page, a file:// address: opened in a browser, it signs the browser in. */
  launchUrl: string;
  /** Gives the context the cookie the launch page gives a browser (one key, once per process). */
  signIn: (context: BrowserContext) => Promise<void>;
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

export interface PreviewOptions {
  serviceUrl: string;
  classroom?: string;
  dataDir: string;
  token: string;
  /** The visible poll interval; 5 s unless a test needs the schedule out of its way. */
  pollSeconds?: number;
  /** A school policy file to run under (--policy-file). */
  policyFile?: string;
}

/** The command's arguments for these options, without opening a browser. */
function previewArgs(options: PreviewOptions): string[] {
  const poll = String(options.pollSeconds ?? 5);
  return ['--no-open', '--port', '0', '--poll-seconds', poll].concat([
    '--service-url',
    options.serviceUrl,
    ...(options.classroom === undefined ? [] : ['--classroom', options.classroom]),
    '--data-dir',
    options.dataDir,
    ...(options.policyFile === undefined ? [] : ['--policy-file', options.policyFile]),
  ]);
}

/**
 * The preview in this process, its core on `clock`: what it prints and logs is kept for
 * logTail; freeze and thaw hold and release the clock's timers.
 */
export async function startPreviewHere(
  options: PreviewOptions & { clock: SkippableClock },
): Promise<PreviewProcess> {
  let printed = '';
  const keep = (line: string) => {
    printed = `${printed}${line}\n`.slice(-LOG_TAIL_CHARS);
  };
  const preview = await runPreview(
    previewArgs(options),
    { ...process.env, CLASSTRAY_TOKEN: options.token, CLASSTRAY_DATA_DIR: undefined },
    {
      print: keep,
      classTray: {
        timers: options.clock.timers,
        log: createLogger({ info: keep, warn: keep, error: keep }, 'core'),
      },
    },
  );
  if (!preview) throw new Error('the preview printed its usage');
  let stopped = false;
  return {
    openUrl: `${preview.url}/`,
    launchUrl: preview.launchUrl,
    signIn: signer(preview),
    freeze: () => options.clock.hold(),
    thaw: () => options.clock.release(),
    logTail: () => (stopped ? `${printed}\n(stopped)` : printed),
    stop: async () => {
      if (stopped) return;
      stopped = true;
      options.clock.release();
      await preview.close();
    },
  };
}

/**
 * Starts `npm run web` in a child process on a service and classroom, polling every 5 s (the
 * shortest allowed). Without a classroom, the one saved in the data folder opens.
 */
export async function startPreview(options: PreviewOptions): Promise<PreviewProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...previewArgs(options)], {
    env: { ...process.env, CLASSTRAY_TOKEN: options.token, CLASSTRAY_DATA_DIR: undefined },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
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
    const launched = await printedAddress(child);
    return {
      openUrl: `${launched.url}/`,
      launchUrl: launched.launchUrl,
      signIn: signer(launched),
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

/** Resolves with the address and launch page `npm run web` prints; rejects if it exits first. */
function printedAddress(child: ChildProcess): Promise<LaunchedPreview> {
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const url = /ClassTray preview: (http:\/\/127\.0\.0\.1:\d+) {2}\(/.exec(output)?.[1];
      const launchUrl = /ClassTray preview: sign in by opening (file:\S+) /.exec(output)?.[1];
      if (url && launchUrl) resolve({ url, launchUrl });
    });
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`npm run web exited ${code}: ${output}`)));
  });
}

/**
 * Signs contexts in with one cookie: the launch page's key is taken once (it is good once), the
 * cookie it gave then added to each context, as a browser holding it would send it.
 */
function signer(preview: LaunchedPreview): (context: BrowserContext) => Promise<void> {
  let cookie: Promise<string> | undefined;
  return async (context) => {
    cookie ??= signIn(preview);
    const [name = '', value = ''] = (await cookie).split('=');
    await context.addCookies([
      { name, value, url: preview.url, httpOnly: true, sameSite: 'Strict' },
    ]);
  };
}
