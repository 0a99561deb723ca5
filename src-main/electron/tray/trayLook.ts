/**
 * Which tray icons suit the taskbar: light glyphs on a dark taskbar, dark ones on a light one,
 * pure white or black in high contrast, at the size the screen's scaling needs (16 px at 100 %
 * to 48 px at 300 %). Read from Electron's nativeTheme and followed on its 'updated' event.
 * macOS keeps its template image, which the menu bar colours itself (trayState.trayIconFile).
 */
export const TRAY_LOOKS = ['dark', 'light', 'contrast-dark', 'contrast-light'] as const;
/** The taskbar's look: the icon drawn for it is the opposite ink. */
export type TrayLook = (typeof TRAY_LOOKS)[number];

/** The sizes drawn (assets/generate.ts): 16 px at 100 % to 48 px at 300 % scaling. */
export const TRAY_SIZES = [16, 20, 24, 32, 40, 48] as const;

export interface ThemeFacts {
  shouldUseDarkColors: boolean;
  /** macOS and Windows only (Electron's docs); false elsewhere. */
  shouldUseHighContrastColors: boolean;
}

/**
 * nativeTheme says how apps are drawn. Windows draws its taskbar by "Windows mode", which may
 * differ (Windows 10 starts with a dark taskbar and light apps): `windowsTaskbarLight` is that
 * mode where it could be read (windowsTaskbar.ts), else apps' mode stands for it. GNOME Shell's
 * top bar is dark in its light style too, so GNOME always gets the light glyph.
 */
export function trayLook(
  theme: ThemeFacts,
  platform: NodeJS.Platform,
  env: NodeJS.ProcessEnv,
  windowsTaskbarLight: boolean | null = null,
): TrayLook {
  const gnome =
    platform === 'linux' &&
    (env['XDG_CURRENT_DESKTOP'] ?? '').split(':').some((name) => /gnome|unity/i.test(name));
  const windowsDark =
    platform === 'win32' && windowsTaskbarLight !== null ? !windowsTaskbarLight : null;
  const dark = gnome || (windowsDark ?? theme.shouldUseDarkColors);
  if (theme.shouldUseHighContrastColors) return dark ? 'contrast-dark' : 'contrast-light';
  return dark ? 'dark' : 'light';
}

/**
 * The PNG size for a Linux panel: panels draw tray icons about 22 to 24 logical pixels tall,
 * so the size is the smallest drawn at least that many device pixels.
 */
export function linuxTraySize(scaleFactor: number): number {
  const wanted = 24 * (Number.isFinite(scaleFactor) && scaleFactor > 0 ? scaleFactor : 1);
  return TRAY_SIZES.find((size) => size >= wanted) ?? 48;
}
