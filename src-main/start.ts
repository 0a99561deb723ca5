/**
 * `npm start`: builds and launches the tray app where an Electron runtime can run; elsewhere
 * (no downloaded binary, no display) it says so in one line and starts the browser preview with
 * the same flags.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export type Launch = { kind: 'electron'; executable: string } | { kind: 'preview'; reason: string };

export interface RuntimeFacts {
  env: Readonly<Record<string, string | undefined>>;
  platform: NodeJS.Platform;
  /** node_modules/electron: its path.txt names the executable inside dist/. */
  electronPackageDir: string;
  exists: (file: string) => boolean;
  readFile: (file: string) => string | undefined;
}

/** Mirrors how the electron package finds its binary (index.js), without downloading it. */
export function chooseLaunch(facts: RuntimeFacts): Launch {
  const { env } = facts;
  const relative = facts.readFile(path.join(facts.electronPackageDir, 'path.txt'))?.trim();
  const override = env['ELECTRON_OVERRIDE_DIST_PATH'];
  let executable: string;
  if (override) {
    executable = path.join(override, relative || 'electron');
    if (!facts.exists(executable)) {
      return { kind: 'preview', reason: `ELECTRON_OVERRIDE_DIST_PATH has no ${executable}` };
    }
  } else {
    executable = relative ? path.join(facts.electronPackageDir, 'dist', relative) : '';
    if (!relative || !facts.exists(executable)) {
      return { kind: 'preview', reason: 'its runtime was not downloaded on this machine' };
    }
  }
  if (facts.platform === 'linux' && !env['DISPLAY'] && !env['WAYLAND_DISPLAY']) {
    return { kind: 'preview', reason: 'there is no display (neither DISPLAY nor WAYLAND_DISPLAY)' };
  }
  return { kind: 'electron', executable };
}

export const fallbackLine = (reason: string): string =>
  `Electron cannot start here (${reason}): starting the browser preview instead.`;

const require = createRequire(import.meta.url);
const projectRoot = path.resolve(import.meta.dirname, '..');

/** Runs a command with this terminal; resolves to its exit code. */
function run(command: string, args: readonly string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: projectRoot, stdio: 'inherit' });
    const forward = (signal: NodeJS.Signals) => () => child.kill(signal);
    const onInt = forward('SIGINT');
    const onTerm = forward('SIGTERM');
    process.on('SIGINT', onInt).on('SIGTERM', onTerm);
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      process.off('SIGINT', onInt).off('SIGTERM', onTerm);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

/** chooseLaunch on this machine's facts. */
export function detectLaunch(): Launch {
  return chooseLaunch({
    env: process.env,
    platform: process.platform,
    electronPackageDir: path.dirname(require.resolve('electron/package.json')),
    exists: (file) => fs.existsSync(file),
    readFile: (file) => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined),
  });
}

export async function start(argv: readonly string[]): Promise<number> {
  const launch = detectLaunch();
  if (launch.kind === 'preview') {
    console.log(fallbackLine(launch.reason));
    return run(process.execPath, [
      require.resolve('tsx/cli'),
      path.join(projectRoot, 'src-main', 'preview', 'cli.ts'),
      ...argv,
    ]);
  }
  const electronVite = path.join(
    path.dirname(require.resolve('electron-vite/package.json')),
    'bin',
    'electron-vite.js',
  );
  const built = await run(process.execPath, [electronVite, 'build']);
  if (built !== 0) return built;
  return run(launch.executable, [projectRoot, ...argv]);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = await start(process.argv.slice(2));
}
