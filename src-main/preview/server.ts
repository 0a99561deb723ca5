/**
 * The browser preview's host: the core behind HTTP and Server-Sent Events on 127.0.0.1, as
 * protocol.ts describes, for the browsers signed in by the launch page (launchPage.ts).
 */
import Fastify from 'fastify';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { isActionName } from '../../src-shared/actions';
import type { Refusal } from '../../src-shared/refusal';
import { parseInput } from '../core/api/apiInput';
import type { Logger } from '../core/logger';
import { createLogger } from '../core/logger';
import type { ShownFailure } from '../core/api/teacherFacing';
import { shownFailure } from '../core/api/teacherFacing';
import type { ClassTray } from '../core/classTray';
import { deviceInput } from '../core/api/classTrayApi';
import { runAction } from '../core/api/apiMethods';
import { readRendererFile, rendererPath } from '../hosts/rendererFiles';
import {
  SECURITY_HEADERS,
  allowedHosts,
  cookieName,
  cookieValue,
  escapeHtml,
  isForm,
  isJson,
  newPreviewKey,
  sameSecret,
  sessionCookie,
} from './whoMayConnect';
import type { LaunchKeys } from './launchPage';
import { LAUNCH_ROUTE, LaunchPage } from './launchPage';
import type {
  ActionReply,
  ChangeEvent,
  CopyPasswordReply,
  DiagnosticsReply,
  ErrorReply,
  LogFolderReply,
  StateReply,
  TabEvent,
  VisibilityReport,
} from './protocol';
import { TabVisibility } from './tabVisibility';
import type { ConnectionGuardLimits } from './connectionGuard';
import { guardConnections } from './connectionGuard';

/** Keeps idle event streams open through proxies and lets the browser notice a dead server. */
const HEARTBEAT_MS = 15_000;

/**
 * What one browser may cost the preview. An event stream whose reader stopped reading is dropped
 * once the events waiting for it pass `eventBufferBytes` (a 10,000-device classroom is ~1.2 MB of
 * JSON); its EventSource reconnects by itself and the client reads the state afresh. Sockets are
 * limited in number and in time: idle ones (no bytes either way; event streams send a heartbeat)
 * and slow request heads or bodies are closed, and those not signed in are bounded and
 * short-lived (connectionGuard.ts), so no other user of the computer can hold them or flood the
 * teacher's new ones away. A signed-in socket is kept for the browser's next request well past
 * its answer (keepAliveTimeoutMs): the page's requests then travel on sockets already signed in,
 * which no flood touches.
 */
export interface PreviewLimits extends ConnectionGuardLimits {
  eventBufferBytes: number;
  maxConnections: number;
  /** A socket with no traffic either way this long is closed. */
  idleMs: number;
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  keepAliveTimeoutMs: number;
}

export const PREVIEW_LIMITS: PreviewLimits = {
  eventBufferBytes: 4 * 1024 * 1024,
  // The teacher's browsers (32) and those waiting to be signed in.
  maxConnections: 32 + 512,
  // Enough for the teacher's new socket to outlast a reconnect flood (connectionGuard.ts); idle
  // sockets held 5 s at most cost little.
  maxNotSignedIn: 512,
  notSignedInMs: 5_000,
  idleMs: 4 * HEARTBEAT_MS,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  // Under idleMs, which would close it first.
  keepAliveTimeoutMs: 55_000,
};

const BODY_LIMIT_BYTES = 64 * 1024;

/** Bad input and host refusals are the client's (422); the service's failures, a bad gateway. */
const FAILURE_STATUS: Record<ShownFailure['kind'], number> = {
  refused: 422,
  service: 502,
  internal: 500,
};

const page = (body: string) =>
  '<!doctype html><html lang="en"><meta charset="utf-8"><title>ClassTray preview</title>' +
  `${body}</html>`;

/** A browser without the cookie: where its key is (a web page cannot link to a file). */
const notSignedIn = (launchUrl: string) =>
  `This browser is not signed in to the ClassTray preview: open ${launchUrl} in it (paste it into the address bar).`;

const keyUsed = (launchUrl: string) =>
  `This launch page was used already, or is from an earlier start of the preview: each of its keys is good once. Open ${launchUrl} again: it holds a new key now.`;

/**
 * Navigates on from the preview's own page: a navigation this page starts is same-site, so the
 * SameSite=Strict cookie goes with it. A redirect would not carry it: the chain began at the
 * launch file, another site.
 */
const SIGNED_IN_PAGE = page(
  '<meta http-equiv="refresh" content="0; url=/"><p>Signed in. <a href="/">Open ClassTray</a></p>',
);

/** The launch page's form: its one field. */
const launchInput = z.strictObject({ key: z.string().max(256) });

/** The support routes take nothing: `{}`. */
const noInput = z.strictObject({});

const visibilityInput = z.strictObject({
  tab: z.string(),
  visible: z.boolean(),
}) satisfies z.ZodType<VisibilityReport>;

/** What the preview offers IT and support: where its log is, and the diagnostics text. */
export interface PreviewSupport {
  logFolder: string;
  diagnostics(): Promise<string>;
}

export interface PreviewAppOptions {
  classTray: ClassTray;
  /** The built renderer (out/renderer). */
  staticDir: string;
  /** The session cookie's value, the same for every browser signed in. */
  session: string;
  /** The launch page's keys, each exchanged once for the cookie. */
  launch: LaunchKeys;
  /** The port the server listens on: the Host and Origin checks name it. */
  port: () => number;
  /** Hears failures that are not the client's fault (the reply says only that something failed). */
  log?: Logger;
  /** Default PREVIEW_LIMITS; tests shrink them. */
  limits?: Partial<PreviewLimits>;
  /** Without it, the log folder and diagnostics routes answer 404. */
  support?: PreviewSupport;
}

export function buildPreviewApp(options: PreviewAppOptions): FastifyInstance {
  const { classTray, session, launch, support } = options;
  const log = options.log ?? createLogger(console, 'preview');
  const visibility = new TabVisibility((visible) => classTray.setWindowVisible(visible));

  const limits = { ...PREVIEW_LIMITS, ...options.limits };

  const app = Fastify({
    bodyLimit: BODY_LIMIT_BYTES,
    // Open event streams must not hold up close().
    forceCloseConnections: true,
    logger: false,
    connectionTimeout: limits.idleMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
  });
  app.server.headersTimeout = limits.headersTimeoutMs;
  app.server.maxConnections = limits.maxConnections;
  const guard = guardConnections(app.server, limits);
  // The launch page's form; every other POST is refused unless JSON before its body is read.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  app.addHook('onRequest', async (request, reply) => {
    reply.headers(SECURITY_HEADERS);
    const port = options.port();
    const api = isApi(request.url);

    const host = request.headers.host?.toLowerCase();
    if (host === undefined || !allowedHosts(port).includes(host)) {
      return refuse(reply, api, 403, 'This address is not served here.');
    }

    if (request.method === 'POST' && request.url === LAUNCH_ROUTE) {
      // The launch file posts with Origin "null"; a page of any other site is refused.
      const origin = request.headers.origin;
      if (origin !== undefined && origin !== 'null' && origin.toLowerCase() !== `http://${host}`) {
        return refuse(reply, false, 403, 'Requests from other sites are refused.');
      }
      if (!isForm(request.headers['content-type'])) {
        return refuse(reply, false, 415, 'The launch page posts a form.');
      }
      return undefined;
    }

    if (!sameSecret(cookieValue(request.headers.cookie, cookieName(port)), session)) {
      const message = notSignedIn(launch.fileUrl);
      return api
        ? sendError(reply, 401, message)
        : refuse(reply, false, 401, page(`<p>${escapeHtml(message)}</p>`));
    }
    guard.signedIn(request.raw.socket);

    if (request.method === 'POST') {
      const origin = request.headers.origin;
      if (origin !== undefined && origin.toLowerCase() !== `http://${host}`) {
        return refuse(reply, api, 403, 'Requests from other sites are refused.');
      }
      if (!isJson(request.headers['content-type'])) {
        return refuse(reply, api, 415, 'The body must be JSON (Content-Type: application/json).');
      }
    }
    return undefined;
  });

  // Handlers let the core's errors through: here they become a status and a sentence.
  app.setErrorHandler((error: unknown, request, reply) => {
    if (isRequestRefusal(error)) return sendError(reply, error.statusCode, requestProblem(error));
    const failure = shownFailure(error, {
      log,
      context: `${request.method} ${request.url.split('?')[0] ?? ''}`,
      internalMessage: 'ClassTray failed unexpectedly; the terminal running the preview shows why.',
    });
    return sendError(reply, FAILURE_STATUS[failure.kind], failure.message, failure.refusal);
  });

  app.setNotFoundHandler((request, reply) => {
    if (isApi(request.url)) return sendError(reply, 404, 'There is no such preview route.');
    return reply.code(404).type('text/plain; charset=utf-8').send('Not found.');
  });

  app.post(LAUNCH_ROUTE, async (request, reply) => {
    const input = launchInput.safeParse(request.body);
    reply.type('text/html; charset=utf-8');
    if (!input.success || !launch.redeem(input.data.key)) {
      return reply.code(401).send(page(`<p>${escapeHtml(keyUsed(launch.fileUrl))}</p>`));
    }
    guard.signedIn(request.raw.socket);
    return reply.header('set-cookie', sessionCookie(options.port(), session)).send(SIGNED_IN_PAGE);
  });

  app.get('/api/state', async (): Promise<StateReply> => classTray.getState());

  app.get('/api/events', (_request, reply) => {
    reply.hijack();
    const stream = reply.raw;
    // Hijacked: Fastify sends nothing for this reply, so the headers go out here.
    stream.writeHead(200, {
      ...SECURITY_HEADERS,
      'content-type': 'text/event-stream; charset=utf-8',
      connection: 'keep-alive',
    });
    const tab = visibility.open();
    // A reader that stopped reading is dropped rather than buffered for without end.
    const send = (text: string): void => {
      if (stream.destroyed) return;
      stream.write(text);
      if (stream.writableLength > limits.eventBufferBytes) stream.destroy();
    };
    // First the tab's id: its visibility reports name it.
    send(`event: tab\ndata: ${JSON.stringify({ tab } satisfies TabEvent)}\n\n`);
    const unsubscribe = classTray.subscribe((change: ChangeEvent) => {
      send(`event: change\ndata: ${JSON.stringify(change)}\n\n`);
    });
    const heartbeat = setInterval(() => send(': heartbeat\n\n'), HEARTBEAT_MS);
    stream.once('close', () => {
      clearInterval(heartbeat);
      unsubscribe();
      visibility.close(tab);
    });
  });

  app.post<{ Params: { action: string } }>('/api/actions/:action', async (request, reply) => {
    const { action } = request.params;
    if (!isActionName(action)) return sendError(reply, 404, 'There is no such action.');
    // A bad input is an ApiInputError, which the error handler answers with 422.
    const result = await runAction(classTray, action, request.body);
    return { result: result ?? null } satisfies ActionReply;
  });

  app.post('/api/copy-password', async (request) => {
    const password = await classTray.devicePassword(
      parseInput('copyDevicePassword', deviceInput, request.body),
    );
    const clearAfterSeconds = (await classTray.getState()).preferences.clipboardClearSeconds;
    return { password, clearAfterSeconds } satisfies CopyPasswordReply;
  });

  app.post('/api/log-folder', async (request, reply) => {
    parseInput('openLogFolder', noInput, request.body);
    if (!support) return sendError(reply, 404, 'There is no such preview route.');
    return { folder: support.logFolder, opened: false } satisfies LogFolderReply;
  });

  app.post('/api/diagnostics', async (request, reply) => {
    parseInput('copyDiagnostics', noInput, request.body);
    if (!support) return sendError(reply, 404, 'There is no such preview route.');
    return { text: await support.diagnostics() } satisfies DiagnosticsReply;
  });

  app.post('/api/visibility', async (request, reply) => {
    const { tab, visible } = parseInput('visibility', visibilityInput, request.body);
    if (!visibility.report(tab, visible)) {
      return sendError(reply, 422, 'visibility: tab: no open event stream has this tab id.');
    }
    return reply.code(204).send();
  });

  app.get('/*', async (request, reply) => {
    const file = rendererPath(options.staticDir, request.url.split('?')[0] ?? '/');
    const found = file === undefined ? undefined : await readRendererFile(options.staticDir, file);
    if (found === undefined) return reply.callNotFound();
    return reply.type(found.contentType).send(found.body);
  });

  return app;
}

export interface PreviewServerOptions {
  classTray: ClassTray;
  staticDir: string;
  /** The private data folder: the launch page is written there. */
  dataDir: string;
  /** 0 or absent: a port the OS picks. */
  port?: number;
  log?: Logger;
  limits?: Partial<PreviewLimits>;
  support?: PreviewSupport;
}

export interface RunningPreviewServer {
  /** e.g. http://127.0.0.1:5173 */
  url: string;
  /** The launch page a browser opens to sign in (file:// address), rewritten after each use. */
  launchUrl: string;
  close(): Promise<void>;
}

export async function startPreviewServer(
  options: PreviewServerOptions,
): Promise<RunningPreviewServer> {
  const session = newPreviewKey();
  const launch = new LaunchPage(options.dataDir);
  let port = 0;
  const app = buildPreviewApp({
    classTray: options.classTray,
    staticDir: options.staticDir,
    session,
    launch,
    port: () => port,
    ...(options.log === undefined ? {} : { log: options.log }),
    ...(options.limits === undefined ? {} : { limits: options.limits }),
    ...(options.support === undefined ? {} : { support: options.support }),
  });
  await app.listen({ host: '127.0.0.1', port: options.port ?? 0 });
  const address = app.server.address();
  if (address === null || typeof address === 'string') {
    await app.close();
    throw new Error('The preview server has no TCP address.');
  }
  port = address.port;
  const url = `http://127.0.0.1:${port}`;
  try {
    // The page names the address it posts to: written once the port is known.
    launch.write(url);
  } catch (error) {
    await app.close();
    throw error;
  }
  return {
    url,
    launchUrl: launch.fileUrl,
    close: async () => {
      await app.close();
      launch.remove();
    },
  };
}

function isApi(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

function refuse(reply: FastifyReply, api: boolean, status: number, message: string) {
  if (api) return sendError(reply, status, message);
  return reply.code(status).type('text/html; charset=utf-8').send(message);
}

function sendError(reply: FastifyReply, status: number, error: string, refusal?: Refusal) {
  return reply.code(status).send({ error, refusal } satisfies ErrorReply);
}

/** Fastify's own refusals of a request (body parsing and limits). */
function isRequestRefusal(error: unknown): error is FastifyError & { statusCode: number } {
  if (typeof error !== 'object' || error === null) return false;
  const { code, statusCode } = error as Partial<FastifyError>;
  return typeof code === 'string' && code.startsWith('FST_') && (statusCode ?? 500) < 500;
}

/** Fastify's own refusals, in the protocol's words. */
function requestProblem(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return 'The body is not valid JSON.';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The body is empty; send {} when there is no input.';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The body is too large.';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'The body must be JSON (Content-Type: application/json).';
    default:
      return 'The request is not valid.';
  }
}
