import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PreviewTestApp } from './previewApp';
import { HOST, INDEX_HTML, KEY, PORT, previewTestApp } from './previewApp';

let preview: PreviewTestApp;
beforeEach(async () => {
  preview = await previewTestApp();
});
afterEach(async () => {
  await preview.close();
});

describe('the key exchange', () => {
  it('answers the printed address with an HttpOnly, SameSite=Strict cookie for the whole site', async () => {
    const response = await preview.app.inject({ url: `/?key=${KEY}`, headers: { host: HOST } });
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toMatch(new RegExp(`^classtray-preview-${PORT}=${KEY};`));
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    expect(cookie).toContain('Path=/');
  });

  it('redirects to / so the key leaves the address bar', async () => {
    const response = await preview.app.inject({ url: `/?key=${KEY}`, headers: { host: HOST } });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/');
  });

  it('refuses a wrong key with 401 and sets no cookie', async () => {
    const response = await preview.app.inject({ url: '/?key=wrong', headers: { host: HOST } });
    expect(response.statusCode).toBe(401);
    expect(response.headers['set-cookie']).toBeUndefined();
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
  it('answers the API with 401 and a sentence', async () => {
    const response = await preview.app.inject({ url: '/api/state', headers: { host: HOST } });
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toMatch(/address printed in the terminal/);
  });

  it('answers a page with a plain page that points to the printed address', async () => {
    const response = await preview.app.inject({ url: '/', headers: { host: HOST } });
    expect(response.statusCode).toBe(401);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('Open the address printed in the terminal');
  });

  it('refuses a cookie holding another key with 401', async () => {
    const response = await preview.app.inject({
      url: '/api/state',
      headers: { host: HOST, cookie: `classtray-preview-${PORT}=${'x'.repeat(43)}` },
    });
    expect(response.statusCode).toBe(401);
  });

  it("refuses the key of another port's cookie", async () => {
    const response = await preview.app.inject({
      url: '/api/state',
      headers: { host: HOST, cookie: `classtray-preview-1234=${KEY}` },
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
    const response = await preview.request({
      method: 'POST',
      url: '/api/actions/refresh',
      headers: { 'content-type': 'application/json', origin: 'http://evil.example' },
      payload: '{}',
    });
    expect(response.statusCode).toBe(403);
    expect(preview.core.calls).toEqual([]);
  });

  it('accepts a POST without Origin', async () => {
    const response = await preview.request({
      method: 'POST',
      url: '/api/actions/refresh',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(response.statusCode).toBe(200);
  });

  it('refuses a POST that is not JSON with 415 (a form could send it cross-site)', async () => {
    const response = await preview.request({
      method: 'POST',
      url: '/api/actions/refresh',
      headers: { 'content-type': 'text/plain' },
      payload: '{}',
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
