/**
 * How this copy was installed, which decides who installs its updates: an MSI install (no NSIS
 * uninstaller beside the executable), a per-machine NSIS one (for an administrator or not, as
 * whoami.exe lists the account's groups), or any other.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  detectInstaller,
  isWindowsAdministrator,
  namesPublisher,
  type InstallFacts,
} from '../../../src-main/electron/updates/installs';
import { tempDir } from '../../support/tempDir';

const execPath = 'C:\\Program Files\\ClassTray\\ClassTray.exe';
const uninstaller = path.join(path.dirname(execPath), 'Uninstall ClassTray.exe');

/** resources/app-update.yml as electron-builder writes it for a signed Windows build. */
const SIGNED_UPDATE_CONFIG =
  'provider: generic\nurl: https://updates.classtray.app/stable\npublisherName:\n  - ClassTray team\nupdaterCacheDirName: classtray-updater\n';

function facts(over: Partial<InstallFacts> & { files?: string[] } = {}): InstallFacts {
  const files = over.files ?? [uninstaller];
  return {
    isPackaged: true,
    platform: 'win32',
    execPath,
    productName: 'ClassTray',
    resourcesPath: '/opt/ClassTray/resources',
    exists: (file) => files.includes(file),
    readText: (file) => (file.endsWith('app-update.yml') ? SIGNED_UPDATE_CONFIG : undefined),
    isAdministrator: async () => false,
    ...over,
  };
}

describe('how ClassTray was installed', () => {
  it('is not installed in an unpackaged run, whatever the OS', async () => {
    expect(await detectInstaller(facts({ isPackaged: false }))).toEqual({ kind: 'not-installed' });
  });

  it('is an MSI install on Windows without the NSIS uninstaller beside the executable', async () => {
    expect(await detectInstaller(facts({ files: [] }))).toEqual({ kind: 'msi' });
  });

  it('is the per-machine NSIS install with it, for an administrator or not', async () => {
    expect(await detectInstaller(facts())).toEqual({
      kind: 'nsis-per-machine',
      administrator: false,
    });
    expect(await detectInstaller(facts({ isAdministrator: async () => true }))).toEqual({
      kind: 'nsis-per-machine',
      administrator: true,
    });
  });

  it('takes no update in a Windows build whose app-update.yml names no publisher (unsigned)', async () => {
    const unsigned = 'provider: generic\nurl: https://updates.classtray.app/stable\n';
    for (const readText of [() => undefined, () => unsigned, () => 'publisherName:\n']) {
      expect(await detectInstaller(facts({ readText, isAdministrator: async () => true }))).toEqual(
        { kind: 'unsigned' },
      );
    }
    expect(namesPublisher(SIGNED_UPDATE_CONFIG)).toBe(true);
    expect(namesPublisher('publisherName: ClassTray team\n')).toBe(true);
  });

  it("leaves the AppImage and macOS to electron-updater's own updaters", async () => {
    for (const platform of ['linux', 'darwin'] as const) {
      expect(await detectInstaller(facts({ platform, files: [] }))).toEqual({
        kind: 'self-updating',
      });
    }
  });

  it('is a deb install where app-builder-lib wrote package-type "deb" (electron-updater’s DebUpdater)', async () => {
    const asked: string[] = [];
    const packageType = (text: string | undefined) =>
      facts({
        platform: 'linux',
        readText: (file) => {
          asked.push(file);
          return text;
        },
      });
    expect(await detectInstaller(packageType('deb\n'))).toEqual({ kind: 'deb' });
    expect(asked).toEqual([path.join('/opt/ClassTray/resources', 'package-type')]);
    expect(await detectInstaller(packageType('rpm'))).toEqual({ kind: 'self-updating' });
    expect(await detectInstaller(packageType(undefined))).toEqual({ kind: 'self-updating' });
  });
});

describe('whether this account is an administrator (whoami /groups)', () => {
  /** A stand-in whoami.exe in a System32 folder that prints `output` and exits with `code`. */
  async function systemRootWith(output: string, code = 0): Promise<string> {
    const root = await tempDir();
    fs.mkdirSync(path.join(root, 'System32'));
    const whoami = path.join(root, 'System32', 'whoami.exe');
    fs.writeFileSync(whoami, `#!/bin/sh\ncat <<'EOF'\n${output}\nEOF\nexit ${code}\n`);
    fs.chmodSync(whoami, 0o755);
    return root;
  }

  it.skipIf(process.platform === 'win32')(
    'finds BUILTIN\\Administrators by its SID, also as a group used for deny only under UAC',
    async () => {
      const admin = await systemRootWith(
        [
          '"Everyone","Well-known group","S-1-1-0","Mandatory group, Enabled by default, Enabled group"',
          '"VORDEFINIERT\\Administratoren","Alias","S-1-5-32-544","Group used for deny only"',
        ].join('\n'),
      );
      expect(await isWindowsAdministrator(admin)).toBe(true);
      const teacher = await systemRootWith(
        '"VORDEFINIERT\\Benutzer","Alias","S-1-5-32-545","Mandatory group, Enabled by default, Enabled group"',
      );
      expect(await isWindowsAdministrator(teacher)).toBe(false);
      // whoami failing, or missing, says nothing: not an administrator.
      expect(await isWindowsAdministrator(await systemRootWith('"S-1-5-32-544"', 1))).toBe(false);
      expect(await isWindowsAdministrator(await tempDir())).toBe(false);
    },
  );
});
