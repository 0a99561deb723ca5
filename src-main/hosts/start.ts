/**
 * `npm start`: builds and launches the tray app. With no Electron runtime yet it runs Electron's
 * own installer once (its progress shows); where the download fails, there is no display, or
 * Electron dies at start-up for a reason recognised from its stderr, it says why in one line and
 * starts the browser preview with the same flags.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export type Launch =
  | { kind: 'electron'; executable: string }
  /** No runtime downloaded yet: Electron's installer fetches it. */
  | { kind: 'install' }
  | { kind: 'preview'; reason: string };

export interface RuntimeFacts {
  env: Readonly<Record<string, string | undefined>>;
  platform: NodeJS.Platform;
  /** node_modules/electron: its path.txt names the executable inside dist/. */
  electronPackageDir: string;
  exists: (file: string) => boolean;
  readFile: (file: string) => string | undefined;
}

const NO_DISPLAY = 'there is no display (neither DISPLAY nor WAYLAND_DISPLAY)';

/** Mirrors how the electron package finds its binary (index.js), without downloading it. */
export function chooseLaunch(facts: RuntimeFacts): Launch {
  const { env } = facts;
  const relative = facts.readFile(path.join(facts.electronPackageDir, 'path.txt'))?.trim();
  const override = env['ELECTRON_OVERRIDE_DIST_PATH'];
  let executable: string | undefined;
  if (override) {
    executable = path.join(override, relative || 'electron');
    if (!facts.exists(executable)) {
      return { kind: 'preview', reason: `ELECTRON_OVERRIDE_DIST_PATH has no ${executable}` };
    }
  } else if (relative) {
    executable = path.join(facts.electronPackageDir, 'dist', relative);
    if (!facts.exists(executable)) executable = undefined;
  }
  // Checked before any download: without a display the runtime would be fetched for nothing.
  if (facts.platform === 'linux' && !env['DISPLAY'] && !env['WAYLAND_DISPLAY']) {
    return { kind: 'preview', reason: NO_DISPLAY };
  }
  return executable ? { kind: 'electron', executable } : { kind: 'install' };
}

export const fallbackLine = (reason: string): string =>
  `Electron cannot start here (${reason}): starting the browser preview instead.`;

export const DOWNLOAD_FAILED = 'downloading its runtime failed, see the messages above';

/** How long after launch an exit counts as dying at start-up rather than quitting. */
export const STARTUP_WINDOW_MS = 5_000;

export interface ElectronExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** From launch to exit. */
  elapsedMs: number;
  /** What Electron wrote to stderr during the start-up window (it was shown as it came). */
  stderr: string;
}

/** Debian's package for the libraries Electron most often misses on a minimal system. */
const LIBRARY_PACKAGES: Readonly<Record<string, string>> = {
  'libnss3.so': 'libnss3',
  'libnssutil3.so': 'libnss3',
  'libsmime3.so': 'libnss3',
  'libnspr4.so': 'libnspr4',
  'libgtk-3.so.0': 'libgtk-3-0',
  'libgbm.so.1': 'libgbm1',
  'libasound.so.2': 'libasound2',
  'libatk-1.0.so.0': 'libatk1.0-0',
  'libatk-bridge-2.0.so.0': 'libatk-bridge2.0-0',
  'libcups.so.2': 'libcups2',
  'libdrm.so.2': 'libdrm2',
  'libxkbcommon.so.0': 'libxkbcommon0',
  'libXcomposite.so.1': 'libxcomposite1',
  'libXdamage.so.1': 'libxdamage1',
  'libXrandr.so.2': 'libxrandr2',
  'libpango-1.0.so.0': 'libpango-1.0-0',
  'libcairo.so.2': 'libcairo2',
};

/**
 * Why Electron died at start-up, as the reason of a fallback line; undefined when it ran past
 * the start-up window, exited cleanly (a second launch hands over to the first), or failed for a
 * reason not recognised here (its own messages were shown, and its exit code is kept).
 */
export function startupFailure(
  exit: ElectronExit,
  startupWindowMs = STARTUP_WINDOW_MS,
): string | undefined {
  if (exit.elapsedMs > startupWindowMs) return undefined;
  if (exit.code === 0 && exit.signal === null) return undefined;
  const { stderr } = exit;
  if (/SUID sandbox helper binary was found, but is not configured correctly/.test(stderr)) {
    return (
      'its sandbox was refused, as Ubuntu 24.04 and later restrict the user namespaces it needs; ' +
      '`sudo sysctl -w kernel.apparmor_restrict_unprivileged_userns=0` lifts that until reboot, ' +
      'and the ClassTray .deb package installs an AppArmor profile that allows them'
    );
  }
  if (/Running as root without --no-sandbox is not supported/.test(stderr)) {
    return "it runs as root, which Chromium's sandbox refuses; start it as a normal user";
  }
  if (/Missing X server or \$DISPLAY|cannot open display/i.test(stderr)) {
    return 'it could not open the display; start it from a desktop session, or set DISPLAY';
  }
  const library = /error while loading shared libraries: ([^:\s]+)/.exec(stderr)?.[1];
  if (library) {
    const debianPackage = LIBRARY_PACKAGES[library];
    return debianPackage
      ? `the system library ${library} is missing; on Debian: apt-get install ${debianPackage}`
      : `the system library ${library} is missing; install the package that provides it`;
  }
  return undefined;
}

/** Whether this module is the script node was started with, also through symlinked paths. */
export function isEntry(moduleUrl: string, argv1: string | undefined): boolean {
  if (!argv1) return false;
  try {
    return fs.realpathSync(fileURLToPath(moduleUrl)) === fs.realpathSync(argv1);
  } catch {
    return false;
  }
}

const require = createRequire(import.meta.url);
const projectRoot = path.resolve(import.meta.dirname, '..', '..');

/** Ctrl+C and kill reach the child, which decides how to end. */
function forwardSignals(child: { kill: (signal: NodeJS.Signals) => boolean }): () => void {
  const onInt = () => child.kill('SIGINT');
  const onTerm = () => child.kill('SIGTERM');
  process.on('SIGINT', onInt).on('SIGTERM', onTerm);
  return () => process.off('SIGINT', onInt).off('SIGTERM', onTerm);
}

/** Runs a command with this terminal; resolves to its exit code. */
export function run(command: string, args: readonly string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: projectRoot, stdio: 'inherit' });
    const stopForwarding = forwardSignals(child);
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      stopForwarding();
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

export interface ElectronRunOptions {
  /** Electron's environment, less what electronEnv strips; default process.env. */
  env?: Readonly<Record<string, string | undefined>>;
  now?: () => number;
  /** Where Electron's stderr is shown as it comes. */
  stderr?: NodeJS.WritableStream;
  startupWindowMs?: number;
}

/**
 * What no launch of the app inherits from the terminal it was started in:
 * - NODE_OPTIONS, the one variable Playwright's Electron launcher deletes (playwright-core
 *   1.65): a --require or --inspect in it would run in the app's main process;
 * - ELECTRON_RUN_AS_NODE, set in a terminal of an Electron-based editor or by a tool that ran
 *   Electron as Node: it makes the runtime plain Node, no app;
 * - ELECTRON_FORCE_IS_PACKAGED: a development run would pass for an installed one (its updater
 *   and policy checks included).
 */
export const STRIPPED_FROM_ELECTRON = [
  'NODE_OPTIONS',
  'ELECTRON_RUN_AS_NODE',
  'ELECTRON_FORCE_IS_PACKAGED',
] as const;

/** The environment Electron gets: this one, less STRIPPED_FROM_ELECTRON. */
export function electronEnv(
  env: Readonly<Record<string, string | undefined>>,
): Record<string, string | undefined> {
  const stripped: readonly string[] = STRIPPED_FROM_ELECTRON;
  return Object.fromEntries(Object.entries(env).filter(([name]) => !stripped.includes(name)));
}

/** Runs Electron with stderr teed: shown to the user, and kept during the start-up window. */
export function runElectron(
  executable: string,
  args: readonly string[],
  options: ElectronRunOptions = {},
): Promise<ElectronExit> {
  const now = options.now ?? (() => performance.now());
  const sink = options.stderr ?? process.stderr;
  const windowMs = options.startupWindowMs ?? STARTUP_WINDOW_MS;
  return new Promise((resolve, reject) => {
    const started = now();
    const child = spawn(executable, args, {
      cwd: projectRoot,
      env: electronEnv(options.env ?? process.env),
      stdio: ['inherit', 'inherit', 'pipe'],
    });
    const stopForwarding = forwardSignals(child);
    let early = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      sink.write(chunk);
      // Bounded: a healthy app may log for hours.
      if (now() - started <= windowMs && early.length < 64 * 1024) early += chunk;
    });
    child.on('error', (error) => {
      stopForwarding();
      reject(error);
    });
    // 'close', not 'exit': every byte of stderr has arrived by then.
    child.on('close', (code, signal) => {
      stopForwarding();
      resolve({ code, signal, elapsedMs: now() - started, stderr: early });
    });
  });
}

/** chooseLaunch on this machine's facts. */
export function detectLaunch(
  env: Readonly<Record<string, string | undefined>> = process.env,
  electronPackageDir = path.dirname(require.resolve('electron/package.json')),
): Launch {
  return chooseLaunch({
    env,
    platform: process.platform,
    electronPackageDir,
    exists: (file) => fs.existsSync(file),
    readFile: (file) => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined),
  });
}

const tsxCli = (): string => require.resolve('tsx/cli');
const electronViteCli = (): string =>
  path.join(path.dirname(require.resolve('electron-vite/package.json')), 'bin', 'electron-vite.js');

export interface StartOptions {
  env?: Readonly<Record<string, string | undefined>>;
  electronPackageDir?: string;
  /** Electron's installer (node_modules/electron/install.js): downloads dist/ and path.txt. */
  installScript?: string;
  build?: () => Promise<number>;
  preview?: (argv: readonly string[]) => Promise<number>;
  electron?: ElectronRunOptions;
  log?: (line: string) => void;
}

export async function start(argv: readonly string[], options: StartOptions = {}): Promise<number> {
  const env = options.env ?? process.env;
  const electronPackageDir =
    options.electronPackageDir ?? path.dirname(require.resolve('electron/package.json'));
  const log = options.log ?? console.log;
  const preview =
    options.preview ??
    ((args) =>
      run(process.execPath, [
        tsxCli(),
        path.join(projectRoot, 'src-main', 'preview', 'cli.ts'),
        ...args,
      ]));
  const fallBack = (reason: string): Promise<number> => {
    log(fallbackLine(reason));
    return preview(argv);
  };

  let launch = detectLaunch(env, electronPackageDir);
  if (launch.kind === 'install') {
    log("Electron's runtime is not downloaded yet: downloading it once (progress follows).");
    const installer = options.installScript ?? path.join(electronPackageDir, 'install.js');
    const installed = await run(process.execPath, [installer]);
    launch = detectLaunch(env, electronPackageDir);
    if (installed !== 0 || launch.kind === 'install') return fallBack(DOWNLOAD_FAILED);
  }
  if (launch.kind === 'preview') return fallBack(launch.reason);

  const built = await (
    options.build ?? (() => run(process.execPath, [electronViteCli(), 'build']))
  )();
  if (built !== 0) return built;
  let exit: ElectronExit;
  try {
    exit = await runElectron(launch.executable, [projectRoot, ...argv], {
      env,
      ...options.electron,
    });
  } catch (error) {
    return fallBack(`its runtime could not be run: ${(error as Error).message}`);
  }
  const failure = startupFailure(exit, options.electron?.startupWindowMs);
  if (failure !== undefined) return fallBack(failure);
  return exit.code ?? 1;
}

if (isEntry(import.meta.url, process.argv[1])) {
  process.exitCode = await start(process.argv.slice(2));
}
