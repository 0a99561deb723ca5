/**
 * Debian's Chromium driven by playwright-core: no browser is ever downloaded (.ci/run installs
 * both packages). The tests run its headless shell (`chromium-headless-shell`: the same Blink,
 * without the browser around it, as Playwright's own headless runs do): the e2e project took 27%
 * less CPU on it than on /usr/bin/chromium (690 s against 941 s, docs/engineering.md). Where the
 * shell is not installed they run on the browser itself. The renderer bench always does, as its
 * figures were measured there. The flags keep it off the network and quiet in containers.
 */
import { existsSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { chromium } from 'playwright-core';

export const BROWSER = '/usr/bin/chromium';
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/** Off the network and quiet in containers: every launch here uses them. */
export const CHROMIUM_SWITCHES = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchChromium(
  which: 'headless shell' | 'browser' = 'headless shell',
): Promise<Browser> {
  return chromium.launch({
    executablePath:
      which === 'headless shell' && existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : BROWSER,
    args: CHROMIUM_SWITCHES,
  });
}
