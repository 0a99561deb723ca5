/**
 * Every request electron-updater makes, bounded in bytes and time. An update feed is another
 * program's input: a latest.yml that never ends used to grow to hundreds of MiB in seconds and
 * end the process (builder-util-runtime collects the body with no cap), and under Electron its
 * 60 s timeout never fires (it waits on a 'socket' event that Electron's net.request does not
 * emit).
 *
 * electron-updater offers no option for either: `requestHeaders` only adds headers, and a custom
 * provider (`provider: 'custom'`) sees only the metadata, while installers, blockmaps and
 * differential ranges are fetched by the updater itself. All four go through one method of its
 * HttpExecutor, `createRequest`, which is wrapped here on the updater's own instance (the
 * updater's `httpExecutor`, the executor every provider is handed). The metadata calls (`request`:
 * latest.yml; `downloadToBuffer`: blockmaps, whose failure falls back to a full download) mark
 * their requests as metadata; a redirect inherits the mark. If a later electron-updater no longer
 * has these methods, updates stay off rather than unbounded.
 */
import type { EventEmitter } from 'node:events';

export interface DownloadLimits {
  maxBytes: number;
  /** The whole request, from asking to the last byte. */
  timeoutMs: number;
  /** The longest wait for the answer or the next bytes. */
  idleMs: number;
}

const MiB = 1024 * 1024;

/** latest.yml and blockmaps: a real latest.yml is well under a kilobyte. */
export const METADATA_LIMITS: DownloadLimits = {
  maxBytes: 1 * MiB,
  timeoutMs: 30_000,
  idleMs: 30_000,
};

/** Installers and their differential ranges: an hour at most, never a minute without a byte. */
export const INSTALLER_LIMITS: DownloadLimits = {
  maxBytes: 1024 * MiB,
  timeoutMs: 60 * 60_000,
  idleMs: 60_000,
};

export interface LimitTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** A failure of this bound: the updater reports it as any other failed check or download. */
export class UpdateDownloadError extends Error {
  override name = 'UpdateDownloadError';
}

type Request = EventEmitter & { abort(): void };
type Response = EventEmitter;
type RequestOptions = Record<string | symbol, unknown>;

interface HttpExecutor {
  createRequest(options: RequestOptions, callback: (response: Response) => void): Request;
  request(...args: unknown[]): Promise<unknown>;
  downloadToBuffer(...args: unknown[]): Promise<unknown>;
}

const isExecutor = (value: unknown): value is HttpExecutor =>
  typeof value === 'object' &&
  value !== null &&
  ['createRequest', 'request', 'downloadToBuffer'].every(
    (name) => typeof (value as Record<string, unknown>)[name] === 'function',
  );

/** Where a request's limits ride along, so that a redirect (a copy of its options) keeps them. */
const LIMITS = Symbol('classtray.downloadLimits');

/**
 * Bounds every request of `updater` (electron-updater's AppUpdater); throws when its executor is
 * not the one this was written against (electron-updater 6.8).
 */
export function limitDownloads(
  updater: object,
  timers: LimitTimers,
  limits = { metadata: METADATA_LIMITS, installer: INSTALLER_LIMITS },
): void {
  const executor = (updater as { httpExecutor?: unknown }).httpExecutor;
  if (!isExecutor(executor)) {
    throw new Error("electron-updater's downloads cannot be bounded (no HttpExecutor found)");
  }
  const createRequest = executor.createRequest.bind(executor);
  const request = executor.request.bind(executor);
  const downloadToBuffer = executor.downloadToBuffer.bind(executor);
  // Both metadata calls create their request synchronously, before their first await.
  let asking: DownloadLimits | undefined;
  const asMetadata = <T>(call: () => T): T => {
    asking = limits.metadata;
    try {
      return call();
    } finally {
      asking = undefined;
    }
  };
  executor.request = (...args) => asMetadata(() => request(...args));
  executor.downloadToBuffer = (...args) => asMetadata(() => downloadToBuffer(...args));
  executor.createRequest = (options, callback) => {
    options[LIMITS] ??= asking ?? limits.installer;
    return bounded(createRequest, options, callback, options[LIMITS] as DownloadLimits, timers);
  };
}

const size = (bytes: number): string =>
  bytes >= MiB ? `${bytes / MiB} MiB` : `${bytes / 1024} KiB`;

function bounded(
  createRequest: HttpExecutor['createRequest'],
  options: RequestOptions,
  callback: (response: Response) => void,
  limits: DownloadLimits,
  timers: LimitTimers,
): Request {
  let received = 0;
  let settled = false;
  let idle: unknown;
  const clear = (): void => {
    settled = true;
    timers.clearTimeout(deadline);
    timers.clearTimeout(idle);
  };
  const fail = (message: string): void => {
    if (settled) return;
    clear();
    // The caller's 'error' listener rejects its promise; then the transfer stops.
    request.emit('error', new UpdateDownloadError(message));
    request.abort();
  };
  const armIdle = (): void => {
    timers.clearTimeout(idle);
    idle = timers.setTimeout(
      () => fail(`no answer from the update feed for ${limits.idleMs / 1000} s`),
      limits.idleMs,
    );
  };
  const request = createRequest(options, (response) => {
    armIdle();
    // Strings once the caller set an encoding (latest.yml), Buffers otherwise.
    response.on('data', (chunk: string | Buffer) => {
      received += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.length;
      if (received > limits.maxBytes) {
        fail(`the update feed sent more than ${size(limits.maxBytes)} for one file`);
      } else if (!settled) armIdle();
    });
    response.on('end', clear);
    // An aborted response may also report an error of its own: the request's 'error' said it.
    response.on('error', clear);
    callback(response);
  });
  const deadline = timers.setTimeout(
    () => fail(`the update feed took longer than ${limits.timeoutMs / 1000} s for one file`),
    limits.timeoutMs,
  );
  armIdle();
  request.once('close', clear);
  return request;
}
