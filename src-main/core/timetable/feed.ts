/**
 * The timetable subscription, fetched: through the fetch the core is given (Electron's net.fetch
 * in the tray app, so a school's proxy applies), conditionally (ETag, Last-Modified), within a
 * time limit and a size cap. Its address is a secret (whoever holds it reads the timetable), so
 * no error, log line or sentence here ever quotes it.
 */
import { addressProblem, isLoopbackHost } from '../../../src-shared/addressRule';
import { en } from '../../../src-shared/i18n/en';
import type { Refusal, RefusalCode, RefusalValues } from '../../../src-shared/refusal';
import { refusal } from '../../../src-shared/refusal';
import { readCapped } from '../service/cappedBody';
import { TeacherFacingError } from '../api/teacherFacing';

/** A timetable larger than this is no teacher's timetable: the answer is cut off. */
export const MAX_FEED_BYTES = 8 * 1024 * 1024;
export const FEED_TIMEOUT_MS = 20_000;
/** Hops followed before giving up: a calendar moved once or twice, never a chain. */
export const MAX_FEED_REDIRECTS = 5;

export interface FeedValidators {
  etag?: string;
  lastModified?: string;
}

export type FeedAnswer = { kind: 'unchanged' } | ({ kind: 'fresh'; text: string } & FeedValidators);

export interface FetchFeedOptions {
  fetch: typeof fetch;
  /** The last good copy's validators: the server answers 304 when it has nothing newer. */
  etag?: string | undefined;
  lastModified?: string | undefined;
  /** Calls the fetch off (ClassTray is quitting). */
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Makes the time limit's signal: AbortSignal.timeout, or a test's that fires when told. */
  timeoutSignal?: (ms: number) => AbortSignal;
  maxBytes?: number;
}

/** The timetable could not be fetched: one sentence, without its address. */
export class TimetableFeedError extends TeacherFacingError {
  override readonly name = 'TimetableFeedError';
  override readonly refusal: Refusal | undefined;

  constructor(message: string, carried?: Refusal) {
    super(message);
    this.refusal = carried;
  }
}

/**
 * A subscription address as calendars hand it out (webcal:// is https:// underneath), under the
 * one address rule; its query stays, as that is how calendars hand out a private address.
 */
export function feedUrl(address: string): URL {
  const trimmed = address.trim().replace(/^webcals?:\/\//i, 'https://');
  const problem = addressProblem(trimmed, { query: 'allowed' });
  if (problem !== undefined) {
    throw new TimetableFeedError(en.refusals[problem], refusal(problem, {}));
  }
  const url = new URL(trimmed);
  if (isLinkLocal(url.hostname)) throw refusedFeed('timetableAddressLinkLocal');
  return url;
}

/** A refusal of the feed's address or of where its server sent ClassTray, in the window's words. */
function refusedFeed(
  code: 'timetableAddressLinkLocal' | 'timetableRedirectRefused',
): TimetableFeedError {
  return new TimetableFeedError(en.refusals[code], refusal(code, {}));
}

/** 169.254.0.0/16 and fe80::/10 (also as an IPv4-mapped IPv6 address): a cloud's metadata. */
function isLinkLocal(hostname: string): boolean {
  const host = hostname.toLowerCase();
  const mapped = /^\[::ffff:([0-9a-f]{1,4}):[0-9a-f]{1,4}\]$/.exec(host);
  if (mapped !== null) return Number.parseInt(mapped[1] ?? '', 16) === 0xa9fe;
  return /^169\.254\.\d{1,3}\.\d{1,3}$/.test(host) || /^\[fe[89ab][0-9a-f]:/.test(host);
}

/** Whether a redirect from `from` to `to` is refused. */
export function redirectRefused(from: URL, to: URL): boolean {
  if (addressProblem(to.href, { query: 'allowed' }) !== undefined) return true;
  if (isLinkLocal(to.hostname)) return true;
  // A public server must not send ClassTray to a service of the teacher's own computer.
  return isLoopbackHost(to.hostname) && !isLoopbackHost(from.hostname);
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

export async function fetchFeed(address: string, options: FetchFeedOptions): Promise<FeedAnswer> {
  let url = feedUrl(address);
  const timeoutMs = options.timeoutMs ?? FEED_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? MAX_FEED_BYTES;
  const headers: Record<string, string> = { Accept: 'text/calendar, */*;q=0.5' };
  if (options.etag !== undefined) headers['If-None-Match'] = options.etag;
  if (options.lastModified !== undefined) headers['If-Modified-Since'] = options.lastModified;
  const timeout = (options.timeoutSignal ?? ((ms: number) => AbortSignal.timeout(ms)))(timeoutMs);
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
  try {
    // Each redirect is judged before it is followed (fetch's own following judges none).
    let response = await options.fetch(url, { headers, signal, redirect: 'manual' });
    for (let hops = 0; REDIRECT_STATUSES.has(response.status); hops += 1) {
      await response.body?.cancel().catch(() => undefined);
      const location = response.headers.get('location');
      const next =
        location !== null && URL.canParse(location, url) ? new URL(location, url) : undefined;
      if (next === undefined || hops >= MAX_FEED_REDIRECTS) {
        throw timetableRefusal('timetableTooManyRedirects', { hops: MAX_FEED_REDIRECTS });
      }
      if (redirectRefused(url, next)) throw refusedFeed('timetableRedirectRefused');
      url = next;
      response = await options.fetch(url, { headers, signal, redirect: 'manual' });
    }
    // A fetch that hides a redirect from its caller (a browser's opaque redirect) is refused.
    if (response.type === 'opaqueredirect') throw refusedFeed('timetableRedirectRefused');
    if (response.status === 304) {
      await response.body?.cancel().catch(() => undefined);
      return { kind: 'unchanged' };
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      const status = { status: response.status };
      throw [401, 403, 404, 410].includes(response.status)
        ? timetableRefusal('timetableAddressRefused', status)
        : timetableRefusal('timetableServerFailed', status);
    }
    const text = await readCapped(response, maxBytes, () =>
      timetableRefusal('timetableTooLarge', { mib: maxBytes / 1024 / 1024 }),
    );
    const etag = response.headers.get('etag');
    const lastModified = response.headers.get('last-modified');
    return {
      kind: 'fresh',
      text,
      ...(etag === null ? {} : { etag }),
      ...(lastModified === null ? {} : { lastModified }),
    };
  } catch (error) {
    if (error instanceof TimetableFeedError) throw error;
    if (options.signal?.aborted)
      throw new TimetableFeedError('The timetable fetch was called off.');
    if (timeout.aborted) throw timetableRefusal('timetableTimedOut', { seconds: timeoutMs / 1000 });
    // fetch's own errors can quote the address: only their kind is kept.
    throw timetableRefusal('timetableUnreachable', {});
  }
}

/** A timetable's refusal: English for the log and the CLI, its code for the window's language. */
export function timetableRefusal<Code extends RefusalCode>(
  code: Code,
  values: RefusalValues<Code>,
): TimetableFeedError {
  const message = Object.entries(values).reduce<string>(
    (sentence, [name, value]) => sentence.replaceAll(`{{${name}}}`, String(value)),
    en.refusals[code],
  );
  return new TimetableFeedError(message, refusal(code, values));
}
