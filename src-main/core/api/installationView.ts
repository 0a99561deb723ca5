/** What the host knows of this copy of ClassTray, as the window shows it (installation.ts). */
import type { DesktopHome } from '../../../src-shared/desktopHome';

/**
 * Who brings new versions of ClassTray to this computer. app: ClassTray itself (checked daily).
 * school-policy: the school's policy turned updates off. school-msi: installed from the MSI, so
 * the school's deployment tool updates it. school-deb: installed from the .deb package, which
 * only an administrator may update (electron/updates/installs.ts). school-admin-rights: installed for every user, and
 * installing needs administrator rights this account does not have. none: not an installed copy
 * (an unpackaged run, the preview).
 */
/** unsigned-build: a Windows build made without a certificate, which could not verify updates. */
export type UpdatesBy =
  | 'app'
  | 'school-policy'
  | 'school-msi'
  | 'school-deb'
  | 'school-admin-rights'
  | 'unsigned-build'
  | 'none';

/** What the host knows of this copy of ClassTray; the core only passes it on (setInstallation). */
export interface InstallationView {
  updates: UpdatesBy;
  /**
   * Linux: started with --no-sandbox (the AppImage's launcher adds it where the system refuses
   * user namespaces), so the window runs without Chromium's OS sandbox.
   */
  sandboxOff: boolean;
  /** Where ClassTray lives on this desktop (src-shared/desktopHome.ts); absent: the host does not say. */
  home?: DesktopHome;
  /** The shortcut that opens the window, as the OS took it; absent: none asked for, or no OS. */
  openShortcut?: OpenShortcutView;
}

/**
 * registered: the OS gave ClassTray the keys. taken: the OS refused them (another program holds
 * them). unsupported: this desktop lets no program take keys (Wayland without the global
 * shortcuts portal), so ClassTray did not ask. unconfirmed: asked of a Wayland desktop's portal,
 * whose yes only means the request went out: the desktop may still never deliver the keys.
 */
export interface OpenShortcutView {
  accelerator: string;
  status: 'registered' | 'taken' | 'unsupported' | 'unconfirmed';
}
