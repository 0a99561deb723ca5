/**
 * A renderer build in a folder, opened in Chromium with an in-page fake of the core's API installed
 * before any of its scripts. The seat plan bench opens each window once, from a routed origin (no
 * server, no network). The renderer bench loads each build again in the same profile, so it serves
 * it from a local HTTP server instead: Playwright's routing turns Chromium's HTTP cache off ("Enabling
 * routing disables http cache", its docs), and without that cache no V8 code cache is used either.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join } from 'node:path';
import type { Browser, Page } from 'playwright-core';

export const ORIGIN = 'http://classtray.bench';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
};

const contentType = (file: string): string =>
  CONTENT_TYPES[extname(file)] ?? 'application/octet-stream';

/** The file a request's path names in `dir`; `/` is its index.html. */
const fileFor = (dir: string, url: string): string => {
  const path = new URL(url, ORIGIN).pathname;
  return join(dir, path === '/' ? 'index.html' : path);
};

/** The script that installs the fake: `install(state)`, run in the page before its own scripts. */
export function fakeApiScript<State>(install: (state: State) => void, state: State): string {
  // tsx (esbuild's keepNames) wraps functions in __name(); the page has no such helper.
  return `globalThis.__name = (f) => f; (${install.toString()})(${JSON.stringify(state)});`;
}

/** A 400x600 page whose requests to ORIGIN are answered from `dir`, running `install(state)` first. */
export async function builtPage<State>(
  browser: Browser,
  dir: string,
  install: (state: State) => void,
  state: State,
): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 400, height: 600 } });
  await context.route(`${ORIGIN}/**`, async (route) => {
    const file = fileFor(dir, route.request().url());
    const body = await readFile(file).catch(() => null);
    if (body === null) return route.fulfill({ status: 404 });
    return route.fulfill({ body, contentType: contentType(file) });
  });
  const page = await context.newPage();
  await page.addInitScript({ content: fakeApiScript(install, state) });
  return page;
}

/** A build served over HTTP on 127.0.0.1, at a port the system picked, until `close()`. */
export interface ServedBuild {
  origin: string;
  close(): Promise<void>;
}

/**
 * Serves `dir` as a web server would serve a Vite build: its assets (content-hashed names) may be
 * kept a year unchecked; index.html is asked again each load and answered 304 while unchanged.
 */
export async function serveBuild(dir: string): Promise<ServedBuild> {
  const server = createServer((request, response) => {
    const file = fileFor(dir, request.url ?? '/');
    void readFile(file).then(
      (body) => {
        const headers = { 'Content-Type': contentType(file) };
        if (file.startsWith(join(dir, 'assets'))) {
          response.writeHead(200, {
            ...headers,
            'Cache-Control': 'public, max-age=31536000, immutable',
          });
          response.end(body);
          return;
        }
        const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
        if (request.headers['if-none-match'] === etag) {
          response.writeHead(304, { ETag: etag }).end();
          return;
        }
        response.writeHead(200, { ...headers, 'Cache-Control': 'no-cache', ETag: etag });
        response.end(body);
      },
      () => response.writeHead(404).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
