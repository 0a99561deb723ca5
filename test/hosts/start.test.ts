import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  chooseLaunch,
  DOWNLOAD_FAILED,
  fallbackLine,
  isEntry,
  start,
  startupFailure,
  STRIPPED_FROM_ELECTRON,
  type ElectronExit,
  type RuntimeFacts,
  type StartOptions,
} from '../../src-main/hosts/start';

const pkg = '/app/node_modules/electron';
const facts = (over: Partial<RuntimeFacts> & { files?: Record<string, string> } = {}) => {
  const files = over.files ?? {
    [path.join(pkg, 'path.txt')]: 'electron',
    [path.join(pkg, 'dist', 'electron')]: '',
  };
  return {
    env: { DISPLAY: ':0' },
    platform: 'linux' as const,
    electronPackageDir: pkg,
    exists: (file: string) => file in files,
    readFile: (file: string) => files[file],
    ...over,
  };
};

describe('npm start: which host', () => {
  it('launches Electron where its runtime was downloaded and there is a display', () => {
    expect(chooseLaunch(facts())).toEqual({
      kind: 'electron',
      executable: path.join(pkg, 'dist', 'electron'),
    });
  });

  it("runs Electron's installer when the runtime was never downloaded", () => {
    expect(chooseLaunch(facts({ files: {} }))).toEqual({ kind: 'install' });
  });

  it('runs the installer when path.txt names a missing binary', () => {
    const files = { [path.join(pkg, 'path.txt')]: 'electron' };
    expect(chooseLaunch(facts({ files }))).toEqual({ kind: 'install' });
  });

  it('starts the preview on Linux without DISPLAY or WAYLAND_DISPLAY, downloading nothing', () => {
    const reason = 'there is no display (neither DISPLAY nor WAYLAND_DISPLAY)';
    expect(chooseLaunch(facts({ env: {} }))).toEqual({ kind: 'preview', reason });
    expect(chooseLaunch(facts({ env: {}, files: {} }))).toEqual({ kind: 'preview', reason });
    expect(chooseLaunch(facts({ env: { WAYLAND_DISPLAY: 'wayland-0' } })).kind).toBe('electron');
    expect(chooseLaunch(facts({ env: {}, platform: 'darwin' })).kind).toBe('electron');
  });

  it('honors ELECTRON_OVERRIDE_DIST_PATH, as the electron package does, and never installs', () => {
    const files = { '/opt/electron/electron': '' };
    const env = { DISPLAY: ':0', ELECTRON_OVERRIDE_DIST_PATH: '/opt/electron' };
    expect(chooseLaunch(facts({ files, env }))).toEqual({
      kind: 'electron',
      executable: '/opt/electron/electron',
    });
    expect(
      chooseLaunch(
        facts({ files: {}, env: { DISPLAY: ':0', ELECTRON_OVERRIDE_DIST_PATH: '/nowhere' } }),
      ),
    ).toMatchObject({ kind: 'preview' });
  });

  it('says so in one line that names Electron', () => {
    const line = fallbackLine(DOWNLOAD_FAILED);
    expect(line).toContain('Electron');
    expect(line).toContain('download');
    expect(line).not.toContain('\n');
  });
});

const SANDBOX_FATAL =
  '[4317:0206/185050.022641:FATAL:setuid_sandbox_host.cc(158)] The SUID sandbox helper binary was ' +
  "found, but is not configured correctly. Rather than run without sandboxing I'm aborting now. " +
  'You need to make sure that /opt/x/chrome-sandbox is owned by root and has mode 4755.';
const NO_X = '[1:1:ERROR:ozone_platform_x11.cc(240)] Missing X server or $DISPLAY';
const NO_LIBRARY =
  '/app/node_modules/electron/dist/electron: error while loading shared libraries: libnss3.so: ' +
  'cannot open shared object file: No such file or directory';

const exit = (over: Partial<ElectronExit>): ElectronExit => ({
  code: 1,
  signal: null,
  elapsedMs: 800,
  stderr: '',
  ...over,
});

describe('npm start: recognising why Electron died at start-up', () => {
  it('names the sandbox restriction and its fixes', () => {
    const reason = startupFailure(exit({ stderr: SANDBOX_FATAL, code: null, signal: 'SIGTRAP' }));
    expect(reason).toContain('sandbox');
    expect(reason).toContain('sudo sysctl -w kernel.apparmor_restrict_unprivileged_userns=0');
    expect(reason).toContain('.deb');
  });

  it('names a missing display', () => {
    expect(startupFailure(exit({ stderr: NO_X }))).toContain('display');
    expect(startupFailure(exit({ stderr: 'Gtk: cannot open display: :9' }))).toContain('display');
  });

  it('names a missing shared library and, where known, its Debian package', () => {
    expect(startupFailure(exit({ stderr: NO_LIBRARY, code: 127 }))).toBe(
      'the system library libnss3.so is missing; on Debian: apt-get install libnss3',
    );
    expect(
      startupFailure(
        exit({
          stderr: 'electron: error while loading shared libraries: libfoo.so.9: cannot open',
        }),
      ),
    ).toContain('libfoo.so.9');
  });

  it('leaves alone an exit after the start-up window, a clean exit and an unknown failure', () => {
    expect(startupFailure(exit({ stderr: SANDBOX_FATAL, elapsedMs: 5_001 }))).toBeUndefined();
    expect(startupFailure(exit({ stderr: NO_X, code: 0 }))).toBeUndefined();
    expect(startupFailure(exit({ stderr: 'ClassTray failed to start: bad flag' }))).toBeUndefined();
  });
});

describe('npm start: the entry check', () => {
  it('compares real paths, so a symlinked script path still counts', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'classtray-entry-'));
    try {
      const script = path.join(dir, 'start.ts');
      fs.writeFileSync(script, '');
      fs.symlinkSync(dir, path.join(dir, 'linked'));
      const url = pathToFileURL(script).href;
      expect(isEntry(url, path.join(dir, 'linked', 'start.ts'))).toBe(true);
      expect(isEntry(url, script)).toBe(true);
      expect(isEntry(url, path.join(dir, 'other.ts'))).toBe(false);
      expect(isEntry(url, undefined)).toBe(false);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** A temp dir standing in for node_modules/electron or an override dist, with stub scripts. */
const temps: string[] = [];
afterEach(() => {
  for (const dir of temps.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});
const tempDir = (): string => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'classtray-start-'));
  temps.push(dir);
  return dir;
};

/** An executable `electron` that records its arguments, writes `stderr` and exits with `code`. */
function stubRuntime(dir: string, stderr: string, code: number): string {
  const file = path.join(dir, 'electron');
  const quoted = stderr.replaceAll("'", `'"'"'`);
  fs.writeFileSync(
    file,
    `#!/bin/sh\nprintf '%s\\n' "$@" > "$(dirname "$0")/args"\nprintf '%s\\n' '${quoted}' >&2\nexit ${code}\n`,
    { mode: 0o755 },
  );
  return file;
}

/** start() with stubs for everything that would build, download or serve for real. */
function startWith(options: StartOptions & { argv?: string[] }) {
  const lines: string[] = [];
  const shown = new PassThrough();
  let stderr = '';
  shown.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const preview = vi.fn(async (_argv: readonly string[]) => 0);
  const build = vi.fn(async () => 0);
  const done = start(options.argv ?? ['--no-open', '--port', '0'], {
    electronPackageDir: tempDir(),
    build,
    preview,
    log: (line) => lines.push(line),
    ...options,
    electron: { stderr: shown, ...options.electron },
  });
  return { done, lines, preview, build, stderr: () => stderr };
}

describe('npm start: handing over to Electron, with stub runtimes', () => {
  it('falls back to the preview with the same flags when the sandbox is refused, showing stderr', async () => {
    const dist = tempDir();
    stubRuntime(dist, SANDBOX_FATAL, 1);
    const run = startWith({ env: { DISPLAY: ':0', ELECTRON_OVERRIDE_DIST_PATH: dist } });

    await expect(run.done).resolves.toBe(0);

    expect(run.stderr()).toContain('The SUID sandbox helper binary was found');
    expect(run.lines).toHaveLength(1);
    expect(run.lines[0]).toMatch(/^Electron cannot start here \(its sandbox was refused/);
    expect(run.lines[0]).toContain('kernel.apparmor_restrict_unprivileged_userns=0');
    expect(run.preview).toHaveBeenCalledWith(['--no-open', '--port', '0']);
    const args = fs.readFileSync(path.join(dist, 'args'), 'utf8').trim().split('\n');
    expect(args.slice(1)).toEqual(['--no-open', '--port', '0']);
  });

  it('falls back naming a missing library', async () => {
    const dist = tempDir();
    stubRuntime(dist, NO_LIBRARY, 127);
    const run = startWith({ env: { DISPLAY: ':0', ELECTRON_OVERRIDE_DIST_PATH: dist } });

    await expect(run.done).resolves.toBe(0);

    expect(run.lines).toEqual([
      fallbackLine('the system library libnss3.so is missing; on Debian: apt-get install libnss3'),
    ]);
    expect(run.preview).toHaveBeenCalledOnce();
  });

  it('launches Electron without what Playwright strips and what would change what it runs, keeping the rest', async () => {
    const dist = tempDir();
    fs.writeFileSync(
      path.join(dist, 'electron'),
      [
        '#!/bin/sh',
        'echo "${NODE_OPTIONS-unset} ${ELECTRON_RUN_AS_NODE-unset} ${ELECTRON_FORCE_IS_PACKAGED-unset} $DISPLAY" > "$(dirname "$0")/env"',
        '',
      ].join('\n'),
      { mode: 0o755 },
    );
    // As in a terminal of an Electron-based editor, or one set up for debugging.
    vi.stubEnv('ELECTRON_RUN_AS_NODE', '1');
    vi.stubEnv('ELECTRON_FORCE_IS_PACKAGED', 'true');
    vi.stubEnv('NODE_OPTIONS', '--require ./hook.cjs');
    try {
      const run = startWith({
        env: { ...process.env, DISPLAY: ':0', ELECTRON_OVERRIDE_DIST_PATH: dist },
      });
      await expect(run.done).resolves.toBe(0);
    } finally {
      vi.unstubAllEnvs();
    }
    expect(fs.readFileSync(path.join(dist, 'env'), 'utf8')).toBe('unset unset unset :0\n');
  });

  it("strips at least what Playwright's own Electron launcher strips", () => {
    const require = createRequire(import.meta.url);
    const bundle = fs.readFileSync(
      path.join(
        path.dirname(require.resolve('playwright-core/package.json')),
        'lib',
        'coreBundle.js',
      ),
      'utf8',
    );
    const deleted = [...bundle.matchAll(/delete env\.([A-Z_]+);/g)].map((match) => match[1]);
    expect(deleted.length).toBeGreaterThan(0);
    for (const name of deleted) expect(STRIPPED_FROM_ELECTRON).toContain(name);
  });

  it('stays with Electron when it runs fine, and returns its exit code', async () => {
    const dist = tempDir();
    stubRuntime(dist, 'some harmless warning', 0);
    const run = startWith({ env: { DISPLAY: ':0', ELECTRON_OVERRIDE_DIST_PATH: dist } });

    await expect(run.done).resolves.toBe(0);

    expect(run.build).toHaveBeenCalledOnce();
    expect(run.preview).not.toHaveBeenCalled();
    expect(run.lines).toEqual([]);
  });

  it('keeps an error printed after the start-up window as Electron’s own exit', async () => {
    const dist = tempDir();
    stubRuntime(dist, SANDBOX_FATAL, 3);
    // The clock reads 0 at launch and 6 s at every later look: the app ran past the window.
    const now = vi.fn(() => 6_000).mockReturnValueOnce(0);
    const run = startWith({
      env: { DISPLAY: ':0', ELECTRON_OVERRIDE_DIST_PATH: dist },
      electron: { now },
    });

    await expect(run.done).resolves.toBe(3);

    expect(run.preview).not.toHaveBeenCalled();
    expect(run.stderr()).toContain('SUID sandbox');
  });

  it('falls back in one line when the download fails, after running the installer once', async () => {
    const electronPackageDir = tempDir();
    const installer = path.join(tempDir(), 'install.js');
    fs.writeFileSync(installer, 'process.exit(1);\n');
    const run = startWith({ env: { DISPLAY: ':0' }, electronPackageDir, installScript: installer });

    await expect(run.done).resolves.toBe(0);

    expect(run.lines).toHaveLength(2);
    expect(run.lines[0]).toContain('downloading it once');
    expect(run.lines[1]).toBe(fallbackLine(DOWNLOAD_FAILED));
    expect(run.build).not.toHaveBeenCalled();
    expect(run.preview).toHaveBeenCalledWith(['--no-open', '--port', '0']);
  });

  it('launches the runtime the installer downloaded', async () => {
    const electronPackageDir = tempDir();
    const installer = path.join(tempDir(), 'install.js');
    // What Electron's install.js leaves behind: dist/<binary> and path.txt naming it.
    fs.writeFileSync(
      installer,
      `const fs = require('node:fs');
       const dir = ${JSON.stringify(electronPackageDir)};
       fs.mkdirSync(dir + '/dist');
       fs.writeFileSync(dir + '/dist/electron', '#!/bin/sh\\necho "$@" > "$(dirname "$0")/args"\\n', { mode: 0o755 });
       fs.writeFileSync(dir + '/path.txt', 'electron');\n`,
    );
    const run = startWith({ env: { DISPLAY: ':0' }, electronPackageDir, installScript: installer });

    await expect(run.done).resolves.toBe(0);

    expect(fs.readFileSync(path.join(electronPackageDir, 'dist', 'args'), 'utf8')).toContain(
      '--no-open --port 0',
    );
    expect(run.preview).not.toHaveBeenCalled();
  });

  it('falls back when the runtime cannot be run at all', async () => {
    const dist = tempDir();
    fs.writeFileSync(path.join(dist, 'electron'), 'not executable', { mode: 0o644 });
    const run = startWith({ env: { DISPLAY: ':0', ELECTRON_OVERRIDE_DIST_PATH: dist } });

    await expect(run.done).resolves.toBe(0);

    expect(run.lines[0]).toMatch(/^Electron cannot start here \(its runtime could not be run/);
    expect(run.preview).toHaveBeenCalledOnce();
  });
});
