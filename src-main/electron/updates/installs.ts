/**
 * How this copy of ClassTray was installed, which decides who may install its updates
 * (read against app-builder-lib 26.17 and electron-updater 6.8.10):
 *
 * - **MSI.** electron-builder marks no MSI install: its WiX template installs the app folder as
 *   it is, and writes resources/app-update.yml into that folder for every Windows target, so
 *   electron-updater, which knows only NSIS on Windows, would download the NSIS installer and
 *   run it over an MSI install. An NSIS install is the one with the NSIS uninstaller beside the
 *   executable (`Uninstall ClassTray.exe`, installer.nsh writes it on every install); without it
 *   the copy is the MSI's (or a folder copied by hand): its updates are IT's deployment.
 * - **Per-machine NSIS** (electron-builder.yml: `perMachine: true`). Its latest.yml says
 *   `isAdminRightsRequired`, so NsisUpdater runs every install, on "Restart to update" and on
 *   quit alike, through elevate.exe, which always asks UAC. An administrator answers one consent
 *   prompt; a teacher without admin rights gets a prompt for an administrator's password, and no
 *   update. So only an account in Administrators (S-1-5-32-544 among its groups, as
 *   `whoami /groups` lists them, also while UAC filters the token) installs updates here, and
 *   only when asked (Restart to update), never at a quit or logoff; for others updates are IT's.
 * - **deb.** app-builder-lib writes `resources/package-type` ("deb") into the package, and
 *   electron-updater then takes its DebUpdater, whose install (on "Restart to update" and on quit
 *   alike) runs `dpkg -i` through LinuxUpdater.runCommandWithSudoIfNeeded: as any user but root,
 *   through gksudo, kdesudo, pkexec (`--disable-internal-agent`), beesu or sudo, whichever is
 *   found, and with spawnSync, so main waits until the prompt is answered. polkit's pkexec action
 *   asks for an administrator's password, which a teacher without admin rights does not have; a
 *   bare sudo has no terminal to ask in. A deb is installed for the whole machine by root (apt,
 *   a deployment tool), so its updates are IT's, like the MSI's: the app never downloads one.
 * - **An unsigned Windows build.** NsisUpdater checks a download's Authenticode signature against
 *   the `publisherName` of resources/app-update.yml, and skips the check when there is none
 *   (electron-updater 6). electron-builder writes it from `win.signtoolOptions.publisherName` or
 *   the certificate; packaging/afterPack.mjs leaves app-update.yml out of a Windows build made
 *   without a certificate. Without a publisherName, then, this copy could not tell who made an
 *   update: it takes none, and its updates are IT's.
 * - Everything else (AppImage, macOS) is electron-updater's own business.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export type Installer =
  /** An unpackaged run: nothing to update. */
  | { kind: 'not-installed' }
  | { kind: 'msi' }
  | { kind: 'deb' }
  | { kind: 'nsis-per-machine'; administrator: boolean }
  /** A Windows build whose updates could not be verified (no publisherName): none are taken. */
  | { kind: 'unsigned' }
  | { kind: 'self-updating' };

export interface InstallFacts {
  isPackaged: boolean;
  platform: NodeJS.Platform;
  /** process.execPath: the installed executable. */
  execPath: string;
  productName: string;
  /** process.resourcesPath: where app-builder-lib writes `package-type` for a Linux package. */
  resourcesPath: string;
  exists(file: string): boolean;
  /** A small file's text (its first 4 KiB), or undefined when it cannot be read. */
  readText(file: string): string | undefined;
  /** Whether this account is in the local Administrators group (Windows only). */
  isAdministrator(): Promise<boolean>;
}

export async function detectInstaller(facts: InstallFacts): Promise<Installer> {
  if (!facts.isPackaged) return { kind: 'not-installed' };
  if (facts.platform === 'linux') {
    const packageType = facts.readText(path.join(facts.resourcesPath, 'package-type'));
    return packageType?.trim() === 'deb' ? { kind: 'deb' } : { kind: 'self-updating' };
  }
  if (facts.platform !== 'win32') return { kind: 'self-updating' };
  const uninstaller = path.join(path.dirname(facts.execPath), `Uninstall ${facts.productName}.exe`);
  if (!facts.exists(uninstaller)) return { kind: 'msi' };
  const updateConfig = facts.readText(path.join(facts.resourcesPath, 'app-update.yml'));
  if (!namesPublisher(updateConfig)) return { kind: 'unsigned' };
  return { kind: 'nsis-per-machine', administrator: await facts.isAdministrator() };
}

/** Whether app-update.yml names the publisher whose signature NsisUpdater checks. */
export function namesPublisher(updateConfig: string | undefined): boolean {
  return (
    updateConfig !== undefined &&
    /^publisherName:[ \t]*\S|^publisherName:[ \t]*\r?\n[ \t]+-[ \t]*\S/m.test(updateConfig)
  );
}

/** BUILTIN\Administrators, whatever the language of Windows. */
const ADMINISTRATORS_SID = 'S-1-5-32-544';

/** whoami.exe from System32, at most 10 s; unknown counts as not an administrator. */
export function isWindowsAdministrator(systemRoot: string): Promise<boolean> {
  const whoami = path.join(systemRoot, 'System32', 'whoami.exe');
  return new Promise((resolve) => {
    execFile(
      whoami,
      ['/groups', '/fo', 'csv', '/nh'],
      { windowsHide: true, timeout: 10_000, maxBuffer: 1024 * 1024 },
      (error, stdout) => resolve(error === null && stdout.includes(`"${ADMINISTRATORS_SID}"`)),
    );
  });
}

export const systemInstallFacts = (isPackaged: boolean, productName: string): InstallFacts => ({
  isPackaged,
  platform: process.platform,
  execPath: process.execPath,
  productName,
  resourcesPath: process.resourcesPath,
  exists: (file) => fs.existsSync(file),
  readText: (file) => {
    try {
      return fs.readFileSync(file, 'utf8').slice(0, 4096);
    } catch {
      return undefined;
    }
  },
  isAdministrator: () => isWindowsAdministrator(process.env.SystemRoot ?? 'C:\\Windows'),
});
