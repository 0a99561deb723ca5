/**
 * Two questions to the Linux session bus, each asked with gdbus (in every GNOME, KDE and
 * freedesktop session) in a child process bounded in time, so the main process never waits on
 * a bus that does not answer: is a StatusNotifierWatcher there (a tray that shows app icons),
 * and does the desktop portal offer global shortcuts. No answer (no gdbus, no bus, the time up)
 * is null: the caller decides what not knowing means.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

/** Long enough for a busy session at login, short enough that the tray is not held up. */
export const BUS_TIMEOUT_MS = 2000;

export type RunBus = (args: readonly string[]) => Promise<string>;

/** gdbus, killed after BUS_TIMEOUT_MS. */
export const gdbus: RunBus = async (args) =>
  (
    await promisify(execFile)('gdbus', [...args], {
      timeout: BUS_TIMEOUT_MS,
      killSignal: 'SIGKILL',
      windowsHide: true,
    })
  ).stdout;

/**
 * Whether the session has a StatusNotifierWatcher: the KDE/freedesktop tray protocol Electron's
 * Tray speaks on Linux. GNOME Shell has none without an AppIndicator extension.
 */
export async function hasTrayWatcher(run: RunBus = gdbus): Promise<boolean | null> {
  try {
    const answer = await run([
      'call',
      '--session',
      '--dest',
      'org.freedesktop.DBus',
      '--object-path',
      '/org/freedesktop/DBus',
      '--method',
      'org.freedesktop.DBus.NameHasOwner',
      'org.kde.StatusNotifierWatcher',
    ]);
    // "(true,)" or "(false,)"
    if (/\btrue\b/.test(answer)) return true;
    if (/\bfalse\b/.test(answer)) return false;
    return null;
  } catch {
    return null;
  }
}

/**
 * Whether xdg-desktop-portal offers GlobalShortcuts (KDE Plasma 6, GNOME 48, Hyprland): its
 * interface's version property answers only where it exists.
 */
export async function hasShortcutsPortal(run: RunBus = gdbus): Promise<boolean | null> {
  try {
    const answer = await run([
      'call',
      '--session',
      '--dest',
      'org.freedesktop.portal.Desktop',
      '--object-path',
      '/org/freedesktop/portal/desktop',
      '--method',
      'org.freedesktop.DBus.Properties.Get',
      'org.freedesktop.portal.GlobalShortcuts',
      'version',
    ]);
    return /uint32 \d+|<\d+>/.test(answer);
  } catch (error) {
    // The bus answered: no portal at all (ServiceUnknown), or one without the interface. A no,
    // not a silence (no gdbus, no bus, the time up).
    return /ServiceUnknown|UnknownInterface|UnknownProperty|InvalidArgs|No such interface/i.test(
      String(error),
    )
      ? false
      : null;
  }
}
