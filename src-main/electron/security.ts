/**
 * Electron's security checklist, in one place: the renderer comes from a privileged `app://`
 * scheme with a strict Content-Security-Policy, every session permission but our page's clipboard
 * writes is refused, and no web contents may navigate, open windows or attach webviews. Links a
 * teacher clicks (http and https only) open in the default browser.
 */
import { app, protocol, shell, type Session } from 'electron';
import { CONTENT_SECURITY_POLICY } from '../hosts/contentSecurityPolicy';
import { readRendererFile, rendererPath } from '../hosts/rendererFiles';

export const APP_SCHEME = 'app';
export const APP_HOST = 'classtray';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;

const SECURITY_HEADERS = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
};

/**
 * Must run before `ready`: a standard, secure scheme gets an origin, fetch and storage. Chromium
 * keeps V8's code cache for http(s) alone unless a scheme asks for it (`codeCache`, standard
 * schemes only): without it the window's scripts were compiled afresh at every start.
 */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    {
      scheme: APP_SCHEME,
      privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true },
    },
  ]);
}

/** Serves the built renderer at app://classtray/; anything outside `rendererDir` is refused. */
export function serveRenderer(rendererDir: string): void {
  protocol.handle(APP_SCHEME, (request) => rendererResponse(rendererDir, request));
}

export async function rendererResponse(rendererDir: string, request: Request): Promise<Response> {
  if (request.method !== 'GET' && request.method !== 'HEAD') return refuse(405);
  const file = rendererFile(rendererDir, request.url);
  const found = file === undefined ? undefined : await readRendererFile(rendererDir, file);
  if (found === undefined) return refuse(404);
  return new Response(request.method === 'HEAD' ? null : found.body, {
    headers: { 'Content-Type': found.contentType, ...SECURITY_HEADERS },
  });
}

/** The file an app:// URL names inside `rendererDir`, or undefined for anything else. */
export function rendererFile(rendererDir: string, url: string): string | undefined {
  if (!URL.canParse(url)) return undefined;
  const parsed = new URL(url);
  if (parsed.protocol !== `${APP_SCHEME}:` || parsed.host !== APP_HOST) return undefined;
  // Node's parser leaves a non-special scheme's empty path empty; Electron's makes it '/'.
  return rendererPath(rendererDir, parsed.pathname || '/');
}

const refuse = (status: number): Response =>
  new Response(null, { status, headers: SECURITY_HEADERS });

/** True for a URL of our own renderer (what IPC senders must be). */
export function isAppUrl(url: string): boolean {
  if (!URL.canParse(url)) return false;
  const parsed = new URL(url);
  return parsed.protocol === `${APP_SCHEME}:` && parsed.host === APP_HOST;
}

/**
 * Only plain web links go to the browser, and mailto: links to the mail client (Readiness'
 * "Email IT"): no file:, no custom schemes, no credentials.
 */
export function isExternalWebUrl(url: string): boolean {
  if (!URL.canParse(url)) return false;
  const parsed = new URL(url);
  return (
    (parsed.protocol === 'https:' ||
      parsed.protocol === 'http:' ||
      parsed.protocol === 'mailto:') &&
    parsed.username === '' &&
    parsed.password === ''
  );
}

/**
 * The one permission granted: our own page may write text to the clipboard (the copy-id button;
 * Chromium asks for it before every navigator.clipboard.writeText). Passwords never take this
 * path: main writes those itself.
 */
const allowed = (permission: string, url: string): boolean =>
  permission === 'clipboard-sanitized-write' && isAppUrl(url);

/** Every other permission (camera, notifications, clipboard-read, ...) is refused. */
export function hardenSession(session: Session): void {
  session.setPermissionRequestHandler((_contents, permission, callback, details) =>
    callback(allowed(permission, details.requestingUrl)),
  );
  session.setPermissionCheckHandler((_contents, permission, requestingOrigin) =>
    allowed(permission, requestingOrigin),
  );
  session.setDevicePermissionHandler(() => false);
  // The protocol handler sets the policy on our pages; this covers any other response.
  session.webRequest.onHeadersReceived((details, callback) => {
    callback({
      responseHeaders: {
        ...details.responseHeaders,
        'Content-Security-Policy': [CONTENT_SECURITY_POLICY],
      },
    });
  });
}

/**
 * For every web contents ever created: no navigation away from the page, no new windows, no
 * webviews. Registered before `ready` so no contents escapes it.
 */
export function guardWebContents(): void {
  app.on('web-contents-created', (_event, contents) => {
    contents.setWindowOpenHandler(({ url }) => {
      openInBrowser(url);
      return { action: 'deny' };
    });
    contents.on('will-navigate', (event) => {
      event.preventDefault();
      openInBrowser(event.url);
    });
    contents.on('will-redirect', (event) => {
      if (!isAppUrl(event.url)) event.preventDefault();
    });
    contents.on('will-attach-webview', (event) => {
      event.preventDefault();
    });
  });
}

/**
 * Electronegativity flags every openExternal whose argument is not a literal, for review: this
 * one only ever receives http(s) or mailto: URLs without credentials (isExternalWebUrl), never file: or
 * custom schemes that could start programs.
 */
function openInBrowser(url: string): void {
  if (!isExternalWebUrl(url)) return;
  void shell.openExternal(url); /* eng-disable OPEN_EXTERNAL_JS_CHECK */
}
