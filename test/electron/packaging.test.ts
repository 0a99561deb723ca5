/**
 * The packaged app's layout, checked on any Linux machine without downloading anything:
 * `electron-vite build`, then `electron-builder --dir` with a stub directory standing in for the
 * Electron runtime. Everything happens in a staged copy of the project, so out/ and release/ of
 * the working tree are left alone while other tests serve out/renderer.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { listPackage, statFile } from '@electron/asar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { binaryArchitectures, packagingProblem } from '../../packaging/beforePack.mjs';
import { Worker } from 'node:worker_threads';
import { CalendarReader } from '../../src-main/core/timetable/calendarReader';
import { TRAY_ICONS, trayIconFile } from '../../src-main/electron/tray/trayState';
import { TRAY_LOOKS, TRAY_SIZES } from '../../src-main/electron/tray/trayLook';
import { calendarText } from '../support/calendarText';

const require = createRequire(import.meta.url);
const root = path.join(import.meta.dirname, '..', '..');
const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
const electronVersion = (require('electron/package.json') as { version: string }).version;

/** Bundled into out/renderer by Vite: a copy in app.asar would be dead weight. */
const RENDERER_ONLY = [
  'react',
  'react-dom',
  'zustand',
  '@tanstack/react-virtual',
  'react-i18next',
  'i18next',
];

const PROJECT_FILES = [
  'package.json',
  'package-lock.json',
  'electron-builder.yml',
  'electron.vite.config.ts',
  'vite.config.ts',
  'tsconfig.json',
  'assets',
  'packaging',
  'src-main',
  'src-renderer',
  'src-shared',
];

let stage = '';

/** `electron-builder --dir` for one OS in the staged project, into release/ there. */
function packageFor(os: '--linux' | '--win'): void {
  execFileSync(
    path.join(stage, 'node_modules', '.bin', 'electron-builder'),
    [
      '--dir',
      os,
      `-c.electronDist=${path.join(stage, 'stub-electron')}`,
      `-c.electronVersion=${electronVersion}`,
      // Rebuilding keytar against Electron downloads Electron's headers, and a failed rebuild
      // deletes keytar's build; keytar is N-API, so the build npm made loads in Electron too.
      '-c.npmRebuild=false',
      `-c.directories.output=${path.join(stage, 'release')}`,
    ],
    {
      cwd: stage,
      stdio: 'pipe',
      env: { ...process.env, CSC_IDENTITY_AUTO_DISCOVERY: 'false' },
    },
  );
}
let resources = '';
let asar = '';
let entries: string[] = [];

describe.runIf(process.platform === 'linux')(
  'the packaged tray app (electron-builder --dir with a stub runtime; Linux only)',
  () => {
    beforeAll(() => {
      stage = fs.mkdtempSync(path.join(os.tmpdir(), 'classtray-package-'));
      for (const file of PROJECT_FILES) {
        fs.cpSync(path.join(root, file), path.join(stage, file), { recursive: true });
      }
      // A real node_modules directory for electron-builder's `npm list` (a symlinked one reads as
      // links, whose dependencies it then cannot find), made of hard links: nothing is copied,
      // unless the temp dir is on another file system.
      const modules = fs.realpathSync(path.join(root, 'node_modules'));
      const stagedModules = path.join(stage, 'node_modules');
      try {
        execFileSync('cp', ['-al', modules, stagedModules], { stdio: 'pipe' });
      } catch {
        fs.rmSync(stagedModules, { recursive: true, force: true });
        execFileSync('cp', ['-a', modules, stagedModules]);
      }
      const electronVite = path.join(
        path.dirname(require.resolve('electron-vite/package.json')),
        'bin',
        'electron-vite.js',
      );
      execFileSync(process.execPath, [electronVite, 'build'], { cwd: stage, stdio: 'pipe' });

      fs.mkdirSync(path.join(stage, 'stub-electron'));
      fs.writeFileSync(path.join(stage, 'stub-electron', 'electron'), '#!/bin/sh\nexit 0\n', {
        mode: 0o755,
      });
      packageFor('--linux');
      resources = path.join(stage, 'release', 'linux-unpacked', 'resources');
      asar = path.join(resources, 'app.asar');
      entries = listPackage(asar, { isPack: false });
    }, 240_000);

    afterAll(() => {
      if (stage) fs.rmSync(stage, { recursive: true, force: true });
    });

    it('holds main, the CommonJS preload and the renderer inside app.asar', () => {
      for (const file of [
        '/package.json',
        '/out/main/index.js',
        '/out/preload/index.cjs',
        '/out/renderer/index.html',
      ]) {
        expect(entries).toContain(file);
      }
      expect(entries.some((entry) => /^\/out\/renderer\/assets\/index-.*\.js$/.test(entry))).toBe(
        true,
      );
      // Native code belongs in node_modules, unpacked, never bundled into main.
      expect(
        entries.filter((entry) => entry.startsWith('/out/') && entry.endsWith('.node')),
      ).toEqual([]);
    });

    it("ships the calendar reader's thread as a module of its own, which reads a calendar in plain Node", async () => {
      const thread = entries.find((entry) =>
        /^\/out\/main\/chunks\/calendarWorker-[\w-]+\.js$/.test(entry),
      );
      expect(thread).toBeDefined();
      const built = path.join(stage, thread ?? '');
      expect(fs.readFileSync(path.join(stage, 'out/main/index.js'), 'utf8')).toContain(
        path.basename(built),
      );
      const reader = new CalendarReader({ startWorker: (options) => new Worker(built, options) });
      const start = Date.parse('2026-11-24T08:00:00Z');
      try {
        expect(
          await reader.read(
            calendarText([{ uid: 'maths', start, end: start + 3_000_000, summary: 'Maths 3B' }]),
            { from: start - 86_400_000, to: start + 86_400_000, machineZone: 'Europe/Madrid' },
          ),
        ).toMatchObject({
          kind: 'read',
          reading: { events: [{ title: 'Maths 3B', start }], eventsRead: 1 },
        });
      } finally {
        await reader.stop();
      }
    });

    it('ships every tray icon the app asks for, outside the archive', () => {
      // Every taskbar look, and every size a Linux panel's scaling picks.
      for (const platform of ['linux', 'darwin', 'win32'] as const) {
        for (const icon of TRAY_ICONS) {
          for (const look of TRAY_LOOKS) {
            for (const size of TRAY_SIZES) {
              const file = trayIconFile(icon, platform, look, size);
              expect(fs.existsSync(path.join(resources, 'assets', file)), file).toBe(true);
            }
          }
        }
      }
    });

    it('unpacks keytar where it was built', () => {
      const built = fs.existsSync(path.join(root, 'node_modules/keytar/build/Release/keytar.node'));
      const unpacked = path.join(
        resources,
        'app.asar.unpacked/node_modules/keytar/build/Release/keytar.node',
      );
      expect(fs.existsSync(unpacked)).toBe(built);
      if (built) {
        expect(statFile(asar, 'node_modules/keytar/build/Release/keytar.node')).toMatchObject({
          unpacked: true,
        });
      }
    });

    it('holds the production dependencies with their own dependencies, and nothing the renderer bundles', () => {
      const packages = new Set(
        entries
          .filter((entry) => /^\/node_modules\/[^/]+/.test(entry))
          .map((entry) => {
            const [scopeOrName, name] = entry.split('/').slice(2);
            return scopeOrName?.startsWith('@') ? `${scopeOrName}/${name}` : scopeOrName;
          }),
      );
      for (const name of Object.keys(manifest.dependencies)) expect(packages).toContain(name);
      // fastify's own dependencies: collected through npm's tree, not just the top level.
      for (const name of ['avvio', 'find-my-way', 'light-my-request']) {
        expect(packages).toContain(name);
      }
      for (const name of [...RENDERER_ONLY, 'open', 'electron', 'vite']) {
        expect(packages).not.toContain(name);
      }
    });

    // One run of electron-builder (up to 20 s on a loaded 2-core machine) proves the hook is
    // wired; which OS it refuses where is packagingProblem's, below.
    it(
      "refuses to package Windows here, which would ship Linux's keytar.node",
      { timeout: 120_000 },
      () => {
        let output = '';
        try {
          packageFor('--win');
        } catch (error) {
          // electron-builder reports a failed build on stdout.
          const { stdout, stderr } = error as { stdout: Buffer; stderr: Buffer };
          output = `${stdout.toString()}${stderr.toString()}`;
        }
        expect(output).toContain(
          "A Windows package cannot be built on Linux: it would ship Linux's keytar.node.",
        );
        expect(fs.existsSync(path.join(stage, 'release', 'win-unpacked'))).toBe(false);
      },
    );

    it('writes the update feed electron-updater reads (resources/app-update.yml) from publish', () => {
      const feed = fs.readFileSync(path.join(resources, 'app-update.yml'), 'utf8');
      expect(feed).toContain('provider: generic');
      expect(feed).toMatch(/^url: https:\/\//m);
      expect(feed).toContain('updaterCacheDirName: classtray-updater');
    });

    it('keeps app.asar small', () => {
      const megabytes = fs.statSync(asar).size / 1e6;
      console.log(`app.asar: ${megabytes.toFixed(1)} MB`);
      // 22 MB while the renderer's packages were production dependencies; 12.0 MB without them
      // (zod alone is 5.8 MB); 14.4 MB with electron-updater and its dependencies (js-yaml,
      // fs-extra, semver, builder-util-runtime); 14.8 MB once the timetable work was merged in;
      // 15.7 MB with the readiness, seat plans, student data and the desktop's shortcut and home
      // (issues 45 to 48). A renderer package coming back would still show.
      expect(megabytes).toBeLessThan(16.5);
    });
  },
);

describe('what the packaging refuses (packaging/beforePack.mjs)', () => {
  const facts = {
    target: 'darwin',
    host: 'darwin',
    env: {},
    macIdentity: undefined,
    arch: 'x64',
    keytarArchitectures: ['x64'],
  } as const;

  it('packages each OS on its own machine only', () => {
    expect(packagingProblem({ ...facts, target: 'linux', host: 'linux' })).toBeUndefined();
    expect(packagingProblem({ ...facts, target: 'win32', host: 'win32' })).toBeUndefined();
    expect(packagingProblem({ ...facts, target: 'win32', host: 'linux' })).toMatch(
      /^A Windows package cannot be built on Linux/,
    );
    expect(packagingProblem({ ...facts, target: 'mas', host: 'win32' })).toMatch(
      /^A macOS package cannot be built on Windows/,
    );
    expect(packagingProblem({ ...facts, target: 'darwin', host: 'linux' })).toMatch(
      /^A macOS package cannot be built on Linux: it would ship Linux's keytar\.node\./,
    );
  });

  it('signs a macOS package with the identity in CSC_LINK or CSC_NAME, unless unsigned on purpose', () => {
    expect(packagingProblem(facts)).toMatch(/^A macOS package needs a signing identity/);
    expect(packagingProblem({ ...facts, env: { CSC_LINK: 'cert.p12' } })).toBeUndefined();
    expect(packagingProblem({ ...facts, env: { CSC_NAME: 'ClassTray Team' } })).toBeUndefined();
    expect(packagingProblem({ ...facts, macIdentity: null })).toBeUndefined();
  });

  it('refuses a keytar.node built for another architecture than the target', () => {
    const linux = { ...facts, target: 'linux', host: 'linux' } as const;
    expect(packagingProblem({ ...linux, arch: 'x64' })).toBeUndefined();
    expect(packagingProblem({ ...linux, arch: 'arm64' })).toBe(
      'A arm64 package cannot be built with the keytar.node built here (x64): it would ship a ' +
        'keytar that arm64 cannot load. Build each architecture on its own machine ' +
        '(npm ci && npm run dist).',
    );
    const mac = { ...facts, env: { CSC_NAME: 'ClassTray Team' } };
    expect(packagingProblem({ ...mac, arch: 'universal' })).toMatch(
      /^A universal package cannot be built with the keytar\.node built here \(x64\): .* arm64 cannot load/,
    );
    expect(
      packagingProblem({ ...mac, arch: 'universal', keytarArchitectures: ['x64', 'arm64'] }),
    ).toBeUndefined();
    // A header nobody could read is refused too; no keytar.node at all ships none.
    expect(packagingProblem({ ...linux, keytarArchitectures: [] })).toMatch(/\(unknown\)/);
    expect(packagingProblem({ ...linux, keytarArchitectures: undefined })).toBeUndefined();
  });
});

describe('the architecture of a native module, from its header', () => {
  /** A header of `size` zero bytes with `write` applied. */
  const header = (size: number, write: (bytes: Buffer) => void): Buffer => {
    const bytes = Buffer.alloc(size);
    write(bytes);
    return bytes;
  };
  const elf = (machine: number) =>
    header(64, (bytes) => {
      bytes.writeUInt32BE(0x7f454c46, 0);
      bytes[5] = 1;
      bytes.writeUInt16LE(machine, 18);
    });
  const pe = (machine: number) =>
    header(0x100, (bytes) => {
      bytes.write('MZ', 0, 'latin1');
      bytes.writeUInt32LE(0x80, 0x3c);
      bytes.writeUInt32BE(0x50450000, 0x80);
      bytes.writeUInt16LE(machine, 0x84);
    });
  const machO = (cpu: number) =>
    header(32, (bytes) => {
      bytes.writeUInt32LE(0xfeedfacf, 0);
      bytes.writeUInt32LE(cpu, 4);
    });
  const fat = (...cpus: number[]) =>
    header(8 + 20 * cpus.length, (bytes) => {
      bytes.writeUInt32BE(0xcafebabe, 0);
      bytes.writeUInt32BE(cpus.length, 4);
      cpus.forEach((cpu, index) => bytes.writeUInt32BE(cpu, 8 + 20 * index));
    });

  it('reads ELF, PE and Mach-O, thin or universal', () => {
    expect(binaryArchitectures(elf(62))).toEqual(['x64']);
    expect(binaryArchitectures(elf(183))).toEqual(['arm64']);
    expect(binaryArchitectures(pe(0x8664))).toEqual(['x64']);
    expect(binaryArchitectures(pe(0xaa64))).toEqual(['arm64']);
    expect(binaryArchitectures(machO(0x100000c))).toEqual(['arm64']);
    expect(binaryArchitectures(fat(0x1000007, 0x100000c))).toEqual(['x64', 'arm64']);
    expect(binaryArchitectures(Buffer.from('not a binary at all'))).toEqual([]);
  });

  it("reads this machine's own executable as this machine's architecture", () => {
    expect(binaryArchitectures(fs.readFileSync(process.execPath))).toEqual([process.arch]);
  });
});
