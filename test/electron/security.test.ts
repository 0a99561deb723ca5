import fs from 'node:fs';
import path from 'node:path';
import { app, protocol, shell } from 'electron';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../../src-main/hosts/contentSecurityPolicy';
import {
  guardWebContents,
  hardenSession,
  isAppUrl,
  isExternalWebUrl,
  registerAppScheme,
  rendererFile,
  rendererResponse,
} from '../../src-main/electron/security';
import { FakeWebContents } from './electronMock';
import { rendererBuild } from '../support/rendererBuild';

vi.mock('electron', async () => (await import('./electronMock')).electronMock());

let dir: string;
let root: string;
beforeAll(() => {
  ({ dir, root } = rendererBuild('classtray-renderer-', '<!doctype html><title>ClassTray</title>'));
  fs.writeFileSync(path.join(dir, 'secret.txt'), 'outside');
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Node's Request refuses custom schemes, so the handler is given the URL's fields directly. */
const get = (url: string, method = 'GET'): Promise<Response> =>
  rendererResponse(root, { url, method } as Request);

describe('app:// protocol', () => {
  it('registers app as a standard, secure scheme with a code cache before ready, without bypassing CSP', () => {
    registerAppScheme();
    const [schemes] = vi.mocked(protocol.registerSchemesAsPrivileged).mock.calls[0] ?? [];
    expect(schemes).toEqual([
      {
        scheme: 'app',
        privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true },
      },
    ]);
  });

  it('serves the renderer with the strict CSP and the right type', async () => {
    const page = await get('app://classtray/');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(await page.text()).toContain('<title>ClassTray</title>');
    const script = await get('app://classtray/assets/index.js');
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
  });

  it.each([
    'app://classtray/../secret.txt',
    'app://classtray/%2e%2e/secret.txt',
    'app://classtray/assets/..%2f..%2fsecret.txt',
    'app://classtray/..%5csecret.txt',
    'app://classtray/%00index.html',
    'app://classtray/%E0%A4%A',
    'app://other-host/index.html',
    'file:///etc/passwd',
  ])('never serves anything outside the renderer for %s', async (url) => {
    // The URL parser may already fold `..` away; what is left must stay inside the renderer.
    const file = rendererFile(root, url);
    expect(file === undefined || file.startsWith(root + path.sep)).toBe(true);
    const response = await get(url);
    expect(response.status).toBe(404);
    expect(await response.text()).toBe('');
  });

  it('refuses methods other than GET and HEAD', async () => {
    expect((await get('app://classtray/index.html', 'POST')).status).toBe(405);
  });

  it('answers 404 for a missing file inside the renderer', async () => {
    expect((await get('app://classtray/missing.js')).status).toBe(404);
  });

  it('has every directive the checklist asks for', () => {
    expect(CONTENT_SECURITY_POLICY).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; " +
        "connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; " +
        "form-action 'none'",
    );
  });
});

describe('session', () => {
  const session = () => {
    const fake = {
      setPermissionRequestHandler: vi.fn(),
      setPermissionCheckHandler: vi.fn(),
      setDevicePermissionHandler: vi.fn(),
      webRequest: { onHeadersReceived: vi.fn() },
    };
    hardenSession(fake as never);
    return fake;
  };

  it('refuses every permission request, check and device', () => {
    const fake = session();
    const callback = vi.fn();
    const request = fake.setPermissionRequestHandler.mock.calls[0]?.[0] as (
      ...args: unknown[]
    ) => void;
    for (const permission of ['media', 'notifications', 'clipboard-read', 'openExternal']) {
      request({}, permission, callback, {});
    }
    expect(callback.mock.calls).toEqual([[false], [false], [false], [false]]);
    const check = fake.setPermissionCheckHandler.mock.calls[0]?.[0] as () => boolean;
    expect(check()).toBe(false);
    const device = fake.setDevicePermissionHandler.mock.calls[0]?.[0] as () => boolean;
    expect(device()).toBe(false);
  });

  it('lets only our own page write text to the clipboard (the copy-id button)', () => {
    const fake = session();
    const request = fake.setPermissionRequestHandler.mock.calls[0]?.[0] as (
      ...args: unknown[]
    ) => void;
    const check = fake.setPermissionCheckHandler.mock.calls[0]?.[0] as (
      ...args: unknown[]
    ) => boolean;
    const callback = vi.fn();
    const write = 'clipboard-sanitized-write';
    request({}, write, callback, { requestingUrl: 'app://classtray/index.html' });
    request({}, write, callback, { requestingUrl: 'https://evil.example/' });
    request({}, 'clipboard-read', callback, { requestingUrl: 'app://classtray/index.html' });
    expect(callback.mock.calls).toEqual([[true], [false], [false]]);
    expect(check({}, write, 'app://classtray', {})).toBe(true);
    expect(check({}, write, 'https://evil.example', {})).toBe(false);
    expect(check({}, 'clipboard-read', 'app://classtray', {})).toBe(false);
  });

  it('adds the CSP to every other response', () => {
    const fake = session();
    const listener = fake.webRequest.onHeadersReceived.mock.calls[0]?.[0] as (
      details: unknown,
      callback: (response: unknown) => void,
    ) => void;
    const callback = vi.fn();
    listener({ responseHeaders: { 'Content-Type': ['text/html'] } }, callback);
    expect(callback).toHaveBeenCalledWith({
      responseHeaders: {
        'Content-Type': ['text/html'],
        'Content-Security-Policy': [CONTENT_SECURITY_POLICY],
      },
    });
  });
});

describe('web contents guards', () => {
  const guarded = (): FakeWebContents => {
    const contents = new FakeWebContents();
    app.removeAllListeners('web-contents-created');
    guardWebContents();
    app.emit('web-contents-created', {}, contents);
    return contents;
  };

  it('denies every new window and sends web links to the browser only', () => {
    const contents = guarded();
    vi.mocked(shell.openExternal).mockClear();
    for (const url of [
      'https://docs.example/help',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'ms-msdt:/id',
      'https://user:pw@evil.example/',
    ]) {
      expect(contents.windowOpenHandler?.({ url })).toEqual({ action: 'deny' });
    }
    expect(vi.mocked(shell.openExternal).mock.calls).toEqual([['https://docs.example/help']]);
  });

  it('blocks every navigation, redirects away from app:// and webviews', () => {
    const contents = guarded();
    const event = (url: string) => ({ url, preventDefault: vi.fn() });
    for (const url of ['https://evil.example/', 'app://classtray/other.html', 'file:///x']) {
      const navigation = event(url);
      contents.emit('will-navigate', navigation);
      expect(navigation.preventDefault).toHaveBeenCalled();
    }
    const redirect = event('https://evil.example/');
    contents.emit('will-redirect', redirect);
    expect(redirect.preventDefault).toHaveBeenCalled();
    const webview = event('');
    contents.emit('will-attach-webview', webview);
    expect(webview.preventDefault).toHaveBeenCalled();
  });

  it('tells app:// URLs and web links from everything else', () => {
    expect(isAppUrl('app://classtray/index.html')).toBe(true);
    expect(isAppUrl('app://evil/index.html')).toBe(false);
    expect(isAppUrl('https://classtray/')).toBe(false);
    expect(isAppUrl('not a url')).toBe(false);
    expect(isExternalWebUrl('http://127.0.0.1:4010/')).toBe(true);
    expect(isExternalWebUrl('smb://server/share')).toBe(false);
    expect(isExternalWebUrl('mailto:it@school.example?subject=Room%2012')).toBe(true);
  });
});
