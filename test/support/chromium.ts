/**
 * Debian's Chromium (/usr/bin/chromium, installed by .ci/run) driven by playwright-core: no
 * browser is ever downloaded. The flags keep it off the network and quiet in containers.
 */
import type { Browser } from 'playwright-core';
import { chromium } from 'playwright-core';

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
