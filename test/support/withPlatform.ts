/** Runs `run` as if on `platform` (process.platform), putting the real one back after. */
export function withPlatform(platform: NodeJS.Platform, run: () => void): void {
  const original = process.platform;
  Object.defineProperty(process, 'platform', { value: platform });
  try {
    run();
  } finally {
    Object.defineProperty(process, 'platform', { value: original });
  }
}
