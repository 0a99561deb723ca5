import { readFile, stat } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PreviewTestApp } from './previewApp';
import { HOST, INDEX_HTML, PORT, SESSION, previewTestApp } from './previewApp';
import { launchKey } from './session';

let preview: PreviewTestApp;
beforeEach(async () => {
  preview = await previewTestApp();
});
afterEach(async () => {
  await preview.close();
});

/** The launch page's form as the browser posts it from the file. */
function postLaunch(key: string, headers: Record<string, string> = {}) {
  return preview.app.inject({
    method: 'POST',
    url: '/launch',
    headers: {
      host: HOST,
      origin: 'null',
      'content-type': 'application/x-www-form-urlencoded',
      ...headers,
    },
    payload: new URLSearchParams({ key }).toString(),
  });
}

const fileKey = () => launchKey(preview.launch.fileUrl);

describe('the launch page', () => {
  it('is a private file (0600) whose form posts its key to the preview', async () => {
    const file = fileURLToPath(preview.launch.fileUrl);
    if (process.platform !== 'win32') expect((await stat(file)).mode & 0o777).toBe(0o600);
    const html = await readFile(file, 'utf8');
    expect(html).toContain(`<form method="post" action="http://${HOST}/launch">`);
    expect(await fileKey()).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(html).toContain('document.forms[0].submit()');
  });

  it('is exchanged for an HttpOnly, SameSite=Strict cookie holding the session, not the key', async () => {
    const key = await fileKey();
    const response = await postLaunch(key);
    expect(response.statusCode).toBe(200);
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toMatch(new RegExp(`^classtray-preview-${PORT}=${SESSION};`));
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    expect(cookie).toContain('Path=/');
    expect(cookie).not.toContain(key);
  });

  it('answers with a page that goes on to / itself: a redirect from the file would lose the cookie', async () => {
    const response = await postLaunch(await fileKey());
    expect(response.headers.location).toBeUndefined();
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('<meta http-equiv="refresh" content="0; url=/">');
  });

  it('takes each key once, then holds a new one that works', async () => {
    const first = await fileKey();
    expect((await postLaunch(first)).statusCode).toBe(200);
    const again = await postLaunch(first);
    expect(again.statusCode).toBe(401);
    expect(again.headers['set-cookie']).toBeUndefined();
    expect(again.body).toContain('This launch page was used already');
    expect(again.body).toContain(`Open ${preview.launch.fileUrl} again`);
    const next = await fileKey();
    expect(next).not.toBe(first);
    expect((await postLaunch(next)).statusCode).toBe(200);
  });

  it('refuses a wrong key with 401 and sets no cookie', async () => {
    const response = await postLaunch('wrong');
    expect(response.statusCode).toBe(401);
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('takes no key from the address', async () => {
    const key = await fileKey();
    const response = await preview.app.inject({ url: `/?key=${key}`, headers: { host: HOST } });
    expect(response.statusCode).toBe(401);
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(await fileKey()).toBe(key);
  });

  it("refuses another site's page with 403 and JSON with 415, and the key stays good", async () => {
    const key = await fileKey();
    expect((await postLaunch(key, { origin: 'http://evil.example' })).statusCode).toBe(403);
    const json = await preview.app.inject({
      method: 'POST',
      url: '/launch',
      headers: { host: HOST, 'content-type': 'application/json' },
      payload: JSON.stringify({ key }),
    });
    expect(json.statusCode).toBe(415);
    expect((await postLaunch(key, { host: `evil.example:${PORT}` })).statusCode).toBe(403);
    expect(await fileKey()).toBe(key);
    expect((await postLaunch(key)).statusCode).toBe(200);
  });

  it('serves the renderer to a browser holding the cookie', async () => {
    const page = await preview.request({ url: '/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toBe(INDEX_HTML);
    const script = await preview.request({ url: '/assets/app.js' });
    expect(script.headers['content-type']).toContain('text/javascript');
  });
});

describe('requests without the cookie', () => {
  it('answers the API with 401 and a sentence naming the launch page', async () => {
    const response = await preview.app.inject({ url: '/api/state', headers: { host: HOST } });
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toBe(
      `This browser is not signed in to the ClassTray preview: open ${preview.launch.fileUrl} in it (paste it into the address bar).`,
    );
  });

  it('answers a page with a plain page that sends the teacher to the launch page', async () => {
    const response = await preview.app.inject({ url: '/', headers: { host: HOST } });
    expect(response.statusCode).toBe(401);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain(`open ${preview.launch.fileUrl} in it`);
  });

  it('refuses a cookie holding another secret with 401', async () => {
    const response = await preview.app.inject({
      url: '/api/state',
      headers: { host: HOST, cookie: `classtray-preview-${PORT}=${'x'.repeat(43)}` },
    });
    expect(response.statusCode).toBe(401);
  });

  it("refuses the session of another port's cookie", async () => {
    const response = await preview.app.inject({
      url: '/api/state',
      headers: { host: HOST, cookie: `classtray-preview-1234=${SESSION}` },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('foreign hosts and sites', () => {
  it('refuses a foreign Host header with 403 (DNS rebinding)', async () => {
    const response = await preview.request({
      url: '/api/state',
      headers: { host: `evil.example:${PORT}` },
    });
    expect(response.statusCode).toBe(403);
  });

  it('accepts localhost with the port as Host', async () => {
    const response = await preview.request({
      url: '/api/state',
      headers: { host: `localhost:${PORT}` },
    });
    expect(response.statusCode).toBe(200);
  });

  it('refuses the right host on another port with 403', async () => {
    const response = await preview.request({
      url: '/api/state',
      headers: { host: '127.0.0.1:80' },
    });
    expect(response.statusCode).toBe(403);
  });

  it('refuses a POST from a foreign Origin with 403 and does not act', async () => {
    const response = await preview.postAsIs('/api/actions/refresh', {
      'content-type': 'application/json',
      origin: 'http://evil.example',
    });
    expect(response.statusCode).toBe(403);
    expect(preview.core.calls).toEqual([]);
  });

  it('accepts a POST without Origin', async () => {
    const response = await preview.postAsIs('/api/actions/refresh', {
      'content-type': 'application/json',
    });
    expect(response.statusCode).toBe(200);
  });

  it('refuses a POST that is not JSON with 415 (a form could send it cross-site)', async () => {
    const response = await preview.postAsIs('/api/actions/refresh', {
      'content-type': 'text/plain',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().error).toMatch(/JSON/);
    expect(preview.core.calls).toEqual([]);
  });
});

describe('security headers', () => {
  it.each(['/', '/api/state', '/missing.js', '/?key=wrong'])(
    'sends the strict Content-Security-Policy and friends on %s',
    async (url) => {
      const response = await preview.request({ url });
      expect(response.headers['content-security-policy']).toBe(
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; " +
          "connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; " +
          "form-action 'none'",
      );
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
    },
  );

  it('forbids caching API answers', async () => {
    const response = await preview.request({ url: '/api/state' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('sends security headers on a refusal too', async () => {
    const response = await preview.app.inject({ url: '/api/state', headers: { host: 'evil:1' } });
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
  });
});

describe('static files', () => {
  it.each(['/../package.json', '/%2e%2e/package.json', '/assets/%2e%2e/%2e%2e/x', '/.env'])(
    'serves nothing outside the renderer directory: %s',
    async (url) => {
      const response = await preview.request({ url });
      expect(response.statusCode).toBe(404);
    },
  );

  it('answers an unknown API route with 404 JSON', async () => {
    const response = await preview.request({ url: '/api/nothing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: expect.any(String) });
  });
});
