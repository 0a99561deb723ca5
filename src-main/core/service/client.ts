/**
 * service/: asking the service: this client, the page walk, capped bodies, ServiceError.
 *
 * The service client: the spec's three operations over fetch, every answer validated with the
 * contract (through the wire-name adapter) and every failure turned into a ServiceError.
 *
 * Retries (p-retry; our own delays, so jitter and waits are injectable):
 * - The list GETs are safe to repeat: retried on network failures, 5xx and 429, with exponential
 *   backoff and jitter. A 429's Retry-After is honored when it fits `maxRetryAfterMs`; a longer
 *   wait is not ours to sit out inside one call, so the rate-limited error (with retryAfterMs)
 *   goes to the caller's schedule instead.
 * - Invalidate is not idempotent in outcome: after a lost 200 a retry would read 422 and hide
 *   the success. It is retried only when the request provably never reached the service:
 *   connection refused, an address that does not resolve, or a 429 (refused unprocessed).
 *   A timeout, reset or 5xx surfaces as is, and the caller can ask the teacher.
 *
 * Redirects are not followed: fetch keeps custom headers across origins, so following one could
 * hand the token to another host. A 3xx is a bad response naming where it points.
 *
 * A hostile or broken service cannot make us hold more than `maxBodyBytes` of one answer: the
 * body is streamed and the request aborted as soon as it passes the cap (a bad response, not
 * "offline"). A page must also agree with itself: no more items than per_page, and exactly the
 * number its total, per_page and page number imply, so an empty page claiming 500,000 devices
 * is refused on the first request instead of being walked.
 */
import { setTimeout as sleepFor } from 'node:timers/promises';
import pRetry from 'p-retry';
import { AnswerMemory } from './answerMemory';
import { readCapped } from './cappedBody';
import type { z } from 'zod';
import type { Clock } from '../../../src-shared/clock';
import type {
  AccountDevice,
  AccountDevicePage,
  ClassroomDevice,
  ClassroomDevicePage,
  InvalidateResult,
  Page,
  PageMeta,
} from '../../contract/wire';
import {
  DEFAULT_AUTH_HEADER,
  MAX_PAGE,
  accountDevicePageSchema,
  classroomDevicePageSchema,
  errorBodySchema,
  invalidateResultSchema,
  servicePaths,
} from '../../contract/wire';
import { pageParserWithWireNames } from '../../contract/wireNames';
import { describeIssues } from '../../contract/zodIssues';
import type { NetworkCause, ServiceProblem } from './serviceErrors';
import { ServiceError } from './serviceErrors';

export interface RetryOptions {
  /** Tries per call, the first included. Default 3. */
  attempts?: number;
  /** First backoff; doubles per retry. Default 200 ms. Tests shrink it to ~0. */
  baseDelayMs?: number;
  /** Backoff ceiling. Default 2 s. */
  maxDelayMs?: number;
  /** Longest Retry-After waited out inside a call. Default 5 s. */
  maxRetryAfterMs?: number;
  /** Waits between tries; tests inject one that records instead of sleeping. */
  sleep?: (ms: number) => Promise<void>;
}

export interface ServiceClientOptions {
  /** The service's address, with or without a path prefix or trailing slash (query ignored). */
  baseUrl: string;
  token: string;
  /** Header carrying the token; default X-Token-SVC. */
  authHeader?: string;
  fetch?: typeof fetch;
  /** Per request, body included. Default 10 s. */
  timeoutMs?: number;
  /**
   * The signal that ends one request after `timeoutMs` (its reason a TimeoutError). Default: a
   * timer of the request's own, cleared when it is answered; tests inject one they abort when
   * told, so no real timer races a server.
   */
  timeoutSignal?: (ms: number) => AbortSignal;
  retry?: RetryOptions;
  /** Largest body read from one answer, in bytes. Default 4 MiB (a page of 50 is ~15 KB). */
  maxBodyBytes?: number;
  /** Reads Retry-After given as an HTTP date. */
  clock?: Clock;
  /** In [0, 1): the backoff's jitter. */
  random?: () => number;
}

/**
 * The list reads take an optional signal: aborting it (a whole refresh past its deadline) stops
 * the request and its retries, rejecting with the signal's reason when that is a ServiceError.
 */
export interface ServiceClient {
  accountDevicesPage(page: number, signal?: AbortSignal): Promise<Page<Readonly<AccountDevice>>>;
  classroomDevicesPage(
    classroomId: string,
    page: number,
    signal?: AbortSignal,
  ): Promise<Page<Readonly<ClassroomDevice>>>;
  invalidate(temporalAccessToken: string): Promise<InvalidateResult>;
}

/**
 * Characters of page text kept per list to spot a page that has not changed (AnswerMemory): a
 * page of 50 devices is about 15,000, so a 5,000-device account's 100 pages about 1.5 million.
 * Beyond that (a larger account, several classrooms) the least recently read go first; the pages
 * a refresh reads again are the most recent. The pages as read are kept beside their text.
 */
export const REMEMBERED_CHARS = 2 * 1024 * 1024;

/** What a call is, which decides what a 404 or a 422 means and whether to retry. */
type Operation = 'account-list' | 'classroom-list' | 'invalidate';

/** A page validated by the contract, through the wire-name adapter (fast for the usual page). */
const parseAccountPage = pageParserWithWireNames(accountDevicePageSchema);
const parseClassroomPage = pageParserWithWireNames(classroomDevicePageSchema);
const parseInvalidateResult = (json: unknown) => invalidateResultSchema.safeParse(json);

/** What a schema's safeParse gives, as `call` reads it. */
type Parsed<Data> = { success: true; data: Data } | { success: false; error: z.ZodError };

/** An address checked once is reused: a refresh asks for the same two lists 200 times. */
const MAX_CHECKED_PATHS = 64;

/** Header values fetch can send: Latin-1 without line breaks or NUL. */
export const DEFAULT_MAX_BODY_BYTES = 4 * 1024 * 1024;

const SENDABLE_HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

export function createServiceClient(options: ServiceClientOptions): ServiceClient {
  const base = new URL(options.baseUrl);
  if (base.protocol !== 'http:' && base.protocol !== 'https:') {
    throw new TypeError('The service URL must be an http:// or https:// address.');
  }
  const authHeader = options.authHeader ?? DEFAULT_AUTH_HEADER;
  if (!HEADER_NAME.test(authHeader)) {
    throw new TypeError('The auth header name is not an HTTP header name.');
  }
  const prefix = base.pathname.replace(/\/+$/, '');
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const { timeoutSignal } = options;
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const clock = options.clock ?? Date.now;
  const random = options.random ?? Math.random;
  const attempts = options.retry?.attempts ?? 3;
  const baseDelayMs = options.retry?.baseDelayMs ?? 200;
  const maxDelayMs = options.retry?.maxDelayMs ?? 2_000;
  const maxRetryAfterMs = options.retry?.maxRetryAfterMs ?? 5_000;
  const sleep = options.retry?.sleep ?? ((ms: number) => sleepFor(ms));
  const { token } = options;

  const fail = (problem: ServiceProblem) => new ServiceError(problem, { secret: token });
  const accountPages = new AnswerMemory<AccountDevicePage>(REMEMBERED_CHARS);
  const classroomPages = new AnswerMemory<ClassroomDevicePage>(REMEMBERED_CHARS);

  const checkedPaths = new Map<string, string>();
  function urlFor(operation: Operation, path: string, page?: number): string {
    let address = checkedPaths.get(path);
    if (address === undefined) {
      const url = new URL(base.origin);
      url.pathname = `${prefix}${path}`;
      // URLs resolve "." and ".." segments (encoded or not), so such an id would address
      // another resource, e.g. the classroom ".." the account list. No service can serve it.
      if (url.pathname !== `${prefix}${path}`) {
        throw fail({
          kind: operation === 'invalidate' ? 'access-not-found' : 'classroom-not-found',
          detail: 'an id of "." or ".." cannot be sent in an address',
        });
      }
      address = url.href;
      if (checkedPaths.size >= MAX_CHECKED_PATHS) checkedPaths.clear();
      checkedPaths.set(path, address);
    }
    // A page number is a whole number (checkPageNumber): written as is, as URLSearchParams would.
    return page === undefined ? address : `${address}?page=${page}`;
  }

  const headers = {
    [authHeader]: token,
    Accept: 'application/json',
    'Content-Type': 'application/json',
  };

  /**
   * One request: its JSON body's text on a 2xx, else a ServiceError. Its abort is one controller,
   * ended by its own timer (cleared when it is answered) or by the caller's signal (a whole
   * refresh called off): cheaper than a timeout signal and AbortSignal.any per request, whose
   * timers outlive the request (measured for issue 44: about 5% of a refresh's time).
   */
  async function attempt(
    operation: Operation,
    method: string,
    url: string,
    signal: AbortSignal | undefined,
  ): Promise<string> {
    let response: Response;
    let text: string;
    const abort = new AbortController();
    const timeout = timeoutSignal?.(timeoutMs);
    const callerAborted = () => abort.abort(signal?.reason);
    const timedOut = () =>
      abort.abort(
        timeout?.reason ??
          new DOMException('The operation was aborted due to timeout', 'TimeoutError'),
      );
    // Unref'd, as AbortSignal.timeout's: a pending request's socket holds the process anyway.
    const timer = timeout === undefined ? setTimeout(timedOut, timeoutMs).unref() : undefined;
    if (timeout?.aborted === true) timedOut();
    else timeout?.addEventListener('abort', timedOut);
    if (signal?.aborted === true) callerAborted();
    else signal?.addEventListener('abort', callerAborted);
    try {
      response = await fetchImpl(url, {
        method,
        headers,
        redirect: 'manual',
        signal: abort.signal,
      });
      // Inside the try: a reset or the timeout can strike while the body is still arriving.
      text = await readCapped(response, maxBodyBytes, () =>
        fail({
          kind: 'bad-response',
          detail: `the answer is larger than ${maxBodyBytes} bytes, more than any page needs; it was cut off`,
        }),
      );
    } catch (error) {
      if (error instanceof ServiceError) throw error;
      if (signal?.aborted) throw abortedBy(signal, fail);
      // A redirect is never an error here: the tray app's netFetch answers 'manual' with the 3xx
      // as Node's fetch does (net.fetch's "Redirect was cancelled" never reaches the core).
      throw fail(networkProblem(error));
    } finally {
      clearTimeout(timer);
      timeout?.removeEventListener('abort', timedOut);
      signal?.removeEventListener('abort', callerAborted);
    }
    if (!response.ok) throw fail(statusProblem(operation, response, text, clock));
    if (!isJson(response)) {
      const type = mediaTypeOf(response) || 'no content type';
      throw fail({ kind: 'bad-response', detail: `expected JSON, got ${type}` });
    }
    return text;
  }

  function delayBeforeRetry(error: ServiceError, retriesConsumed: number): number | undefined {
    const backoff = Math.min(maxDelayMs, baseDelayMs * 2 ** retriesConsumed);
    // Half fixed, half random: spread out, yet never much shorter than the backoff.
    const jittered = backoff / 2 + (random() * backoff) / 2;
    const { problem } = error;
    if (problem.kind !== 'rate-limited') return jittered;
    const asked = problem.retryAfterMs ?? 0;
    return asked > maxRetryAfterMs ? undefined : Math.max(jittered, asked);
  }

  async function call<Data>(
    operation: Operation,
    method: string,
    url: string,
    parse: (json: unknown) => Parsed<Data>,
    signal?: AbortSignal,
    memory?: AnswerMemory<Data>,
  ): Promise<Data> {
    if (!SENDABLE_HEADER_VALUE.test(token)) {
      throw fail({
        kind: 'unauthorized',
        detail: 'The API token contains line breaks or characters a header cannot carry.',
      });
    }
    /** Whether to try again after a failed try (waiting first), `retriesConsumed` before it. */
    const retryAfter = async (error: unknown, retriesConsumed: number) => {
      if (!(error instanceof ServiceError) || !isRetryable(operation, error.problem)) {
        return false;
      }
      const delay = delayBeforeRetry(error, retriesConsumed);
      if (delay === undefined || signal?.aborted) return false;
      await sleep(delay);
      return signal?.aborted !== true;
    };
    let text: string;
    try {
      text = await attempt(operation, method, url, signal);
    } catch (error) {
      // Only a call whose first try failed goes through p-retry, whose bookkeeping costs about
      // 5 µs a call (a refresh makes 200 that succeed).
      if (attempts <= 1 || !(await retryAfter(error, 0))) throw error;
      text = await pRetry(() => attempt(operation, method, url, signal), {
        retries: attempts - 2,
        // p-retry counts the tries; the waits are ours (injectable jitter, Retry-After).
        minTimeout: 0,
        shouldRetry: ({ error: again, retriesConsumed }) => retryAfter(again, retriesConsumed + 1),
      });
    }
    const recalled = memory?.recall(url, text);
    if (recalled !== undefined) return recalled;
    memory?.forget(url);
    const result = parse(parseJson(text, fail));
    if (!result.success) {
      throw fail({ kind: 'bad-response', detail: describeIssues(result.error, 'response') });
    }
    memory?.remember(url, text, result.data);
    return result.data;
  }

  function checkPage(page: { data: readonly unknown[]; meta: PageMeta }, asked: number): void {
    const { meta } = page;
    const lastPage = Math.max(1, Math.ceil(meta.total / meta.per_page));
    // A page past the end (the list shrank during a walk) is empty; the last holds the rest.
    const expected =
      asked > lastPage
        ? 0
        : asked < lastPage
          ? meta.per_page
          : meta.total - (lastPage - 1) * meta.per_page;
    const wrong =
      meta.current_page !== asked
        ? `asked for page ${asked}, got page ${meta.current_page}`
        : meta.last_page !== lastPage
          ? `meta.last_page is ${meta.last_page}, but ${meta.total} items make ${lastPage} pages`
          : page.data.length > meta.per_page
            ? `page ${asked} holds ${page.data.length} items, more than per_page (${meta.per_page})`
            : page.data.length !== expected
              ? `page ${asked} holds ${page.data.length} items, but a total of ${meta.total} at ${meta.per_page} per page puts ${expected} on it`
              : undefined;
    if (wrong !== undefined) throw fail({ kind: 'bad-response', detail: wrong });
  }

  return {
    async accountDevicesPage(page, signal) {
      checkPageNumber(page);
      const url = urlFor('account-list', servicePaths.accountDevices, page);
      const result = await call('account-list', 'GET', url, parseAccountPage, signal, accountPages);
      checkPage(result, page);
      return result;
    },
    async classroomDevicesPage(classroomId, page, signal) {
      checkPageNumber(page);
      const url = urlFor('classroom-list', servicePaths.classroomDevices(classroomId), page);
      const result = await call(
        'classroom-list',
        'GET',
        url,
        parseClassroomPage,
        signal,
        classroomPages,
      );
      checkPage(result, page);
      return result;
    },
    async invalidate(temporalAccessToken) {
      const url = urlFor('invalidate', servicePaths.invalidateTemporalAccess(temporalAccessToken));
      return call('invalidate', 'PATCH', url, parseInvalidateResult);
    },
  };
}

/** The caller's reason for aborting, when it is one of ours; else a plain timeout. */
function abortedBy(
  signal: AbortSignal,
  fail: (problem: ServiceProblem) => ServiceError,
): ServiceError {
  const reason: unknown = signal.reason;
  return reason instanceof ServiceError
    ? reason
    : fail({ kind: 'network', cause: 'timeout', detail: 'the request was called off' });
}

function checkPageNumber(page: number): void {
  if (!Number.isSafeInteger(page) || page < 1 || page > MAX_PAGE) {
    throw new RangeError(`A page number is a whole number from 1 to ${MAX_PAGE}.`);
  }
}

function isRetryable(operation: Operation, problem: ServiceProblem): boolean {
  if (operation === 'invalidate') {
    return (
      problem.kind === 'rate-limited' ||
      (problem.kind === 'network' && (problem.cause === 'refused' || problem.cause === 'dns'))
    );
  }
  return problem.kind === 'network' || problem.kind === 'server' || problem.kind === 'rate-limited';
}

function statusProblem(
  operation: Operation,
  response: Response,
  text: string,
  clock: Clock,
): ServiceProblem {
  const { status } = response;
  const detail = serviceMessage(response, text) ?? '';
  if (status === 401 || status === 403) return { kind: 'unauthorized', status, detail };
  if (status === 404 && operation === 'classroom-list') {
    return { kind: 'classroom-not-found', detail };
  }
  if (status === 404 && operation === 'invalidate') return { kind: 'access-not-found', detail };
  if (status === 422 && operation === 'invalidate') return { kind: 'already-ended', detail };
  if (status === 429) {
    const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'), clock);
    return {
      kind: 'rate-limited',
      ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
      detail,
    };
  }
  if (status >= 500) return { kind: 'server', status, detail };
  if (status >= 400) return { kind: 'bad-request', status, detail };
  if (status >= 300 && status < 400) {
    const location = response.headers.get('location');
    return {
      kind: 'bad-response',
      detail: `HTTP ${status}: the service redirects${location ? ` to ${location}` : ''}; use that address as the service URL`,
    };
  }
  return { kind: 'bad-response', detail: `unexpected HTTP ${status}` };
}

/** The service's own sentence from an `{"error": "..."}` body, if it sent one. */
function serviceMessage(response: Response, text: string): string | undefined {
  if (!isJson(response)) return undefined;
  try {
    const body = errorBodySchema.safeParse(JSON.parse(text));
    return body.success ? body.data.error : undefined;
  } catch {
    return undefined;
  }
}

/** Retry-After in whole seconds or as an HTTP date, as milliseconds from now. */
function parseRetryAfter(value: string | null, clock: Clock): number | undefined {
  if (value === null) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, at - clock());
}

function mediaTypeOf(response: Response): string {
  return (response.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

function isJson(response: Response): boolean {
  const mediaType = mediaTypeOf(response);
  return mediaType === 'application/json' || mediaType.endsWith('+json');
}

function parseJson(text: string, fail: (problem: ServiceProblem) => ServiceError): unknown {
  if (text.trim() === '') throw fail({ kind: 'bad-response', detail: 'the body is empty' });
  try {
    return JSON.parse(text);
  } catch {
    // JSON.parse's message quotes the body: never put that in an error.
    throw fail({
      kind: 'bad-response',
      detail: `the body is not valid JSON (truncated or malformed, ${text.length} characters)`,
    });
  }
}

const NETWORK_CODES: Record<string, NetworkCause> = {
  ECONNREFUSED: 'refused',
  ECONNRESET: 'reset',
  EPIPE: 'reset',
  UND_ERR_SOCKET: 'reset',
  UND_ERR_CLOSED: 'reset',
  ENOTFOUND: 'dns',
  EAI_AGAIN: 'dns',
  EAI_FAIL: 'dns',
  ETIMEDOUT: 'timeout',
  UND_ERR_CONNECT_TIMEOUT: 'timeout',
  UND_ERR_HEADERS_TIMEOUT: 'timeout',
  UND_ERR_BODY_TIMEOUT: 'timeout',
  // Electron's net.fetch (Chromium's network stack) fails with the error's name as its message.
  ERR_CONNECTION_REFUSED: 'refused',
  ERR_CONNECTION_RESET: 'reset',
  ERR_CONNECTION_CLOSED: 'reset',
  ERR_NAME_NOT_RESOLVED: 'dns',
  ERR_TIMED_OUT: 'timeout',
  ERR_CONNECTION_TIMED_OUT: 'timeout',
};

/**
 * Node's fetch fails with "fetch failed" and the reason in `cause` (an errno or undici code);
 * net.fetch with a bare "net::ERR_…" name.
 */
function networkProblem(error: unknown): ServiceProblem {
  const codes: string[] = [];
  let timedOut = false;
  let innermost = '';
  for (let current = error; current instanceof Error; current = current.cause) {
    if (current.name === 'TimeoutError') timedOut = true;
    if ('code' in current && typeof current.code === 'string') codes.push(current.code);
    const chromium = /^net::(ERR_[A-Z0-9_]+)$/.exec(current.message)?.[1];
    if (chromium !== undefined) codes.push(chromium);
    innermost = current.message;
  }
  const code = codes.find((candidate) => candidate in NETWORK_CODES);
  const cause: NetworkCause = timedOut
    ? 'timeout'
    : code !== undefined
      ? (NETWORK_CODES[code] ?? 'other')
      : codes.some((candidate) => /CERT|TLS|SSL|SELF_SIGNED|UNABLE_TO_/.test(candidate))
        ? 'tls'
        : 'other';
  const detail =
    code === undefined || innermost.includes(code) ? innermost : `${code}: ${innermost}`;
  return { kind: 'network', cause, detail };
}
