/**
 * A window that opens blank on Linux with NVIDIA's proprietary driver: Chromium starts Vulkan
 * under X11 (it skips it under Wayland), and on that driver the GPU process crashes, so the tray
 * icon answers and the window never paints (Gitify's ozone.ts names it). ClassTray draws no 3D:
 * without Vulkan the rest of GPU acceleration stays, which `--disable-gpu` would not keep.
 * Before `ready`, as every Chromium switch.
 */
export function avoidBlankWindow(
  commandLine: { appendSwitch(name: string, value?: string): void },
  platform: NodeJS.Platform,
): void {
  if (platform === 'linux') commandLine.appendSwitch('disable-features', 'Vulkan');
}
