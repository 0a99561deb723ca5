/**
 * A fresh page of a renderer build in a folder, served from a routed origin (no server, no
 * network), with an in-page fake of the core's API installed before any of its scripts: the
 * renderer and seat plan benches open each window this way.
 */
import { readFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import type { Browser, Page } from 'playwright-core';

export const ORIGIN = 'http://classtray.bench';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
};

/** A 400x600 page whose requests to ORIGIN are answered from `dir`, running `install(state)` first. */
export async function builtPage<State>(
  browser: Browser,
  dir: string,
  install: (state: State) => void,
  state: State,
): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 400, height: 600 } });
  await context.route(`${ORIGIN}/**`, async (route) => {
    const path = new URL(route.request().url()).pathname;
    const file = join(dir, path === '/' ? 'index.html' : path);
    const body = await readFile(file).catch(() => null);
    if (body === null) return route.fulfill({ status: 404 });
    return route.fulfill({
      body,
      contentType: CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
    });
  });
  const page = await context.newPage();
  // tsx (esbuild's keepNames) wraps functions in __name(); the page has no such helper.
  await page.addInitScript({
    content: `globalThis.__name = (f) => f; (${install.toString()})(${JSON.stringify(state)});`,
  });
  return page;
}
