/**
 * Where ClassTray lives on this desktop, as the tray app finds it at start: the notification
 * area (Windows), the menu bar (macOS), a panel's tray (Linux), or, where the desktop shows no
 * tray (GNOME without an AppIndicator extension), an ordinary window. The first start's note
 * says where; a change of place shows it again.
 */
export const DESKTOP_HOMES = ['windows-tray', 'macos-menu-bar', 'linux-tray', 'window'] as const;
export type DesktopHome = (typeof DESKTOP_HOMES)[number];
