/**
 * The timetable subscription, fetched: through the fetch the core is given (Electron's net.fetch
 * in the tray app, so a school's proxy applies), conditionally (ETag, Last-Modified), within a
 * time limit and a size cap. Its address is a secret (whoever holds it reads the timetable), so
 * no error, log line or sentence here ever quotes it.
 */
import { readCapped } from '../service/cappedBody';
import { TeacherFacingError } from '../api/teacherFacing';

/** A timetable larger than this is no teacher's timetable: the answer is cut off. */
export const MAX_FEED_BYTES = 8 * 1024 * 1024;
export const FEED_TIMEOUT_MS = 20_000;

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
  maxBytes?: number;
}

/** The timetable could not be fetched: one sentence, without its address. */
export class TimetableFeedError extends TeacherFacingError {
  override readonly name = 'TimetableFeedError';
}

/** A subscription address as calendars hand it out: webcal:// is https:// underneath. */
export function feedUrl(address: string): URL {
  const trimmed = address.trim().replace(/^webcals?:\/\//i, 'https://');
  const url = URL.canParse(trimmed) ? new URL(trimmed) : undefined;
  if (url === undefined || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
    throw new TimetableFeedError(
      'The timetable address must start with https://, http:// or webcal://.',
    );
  }
  return url;
}

export async function fetchFeed(address: string, options: FetchFeedOptions): Promise<FeedAnswer> {
  const url = feedUrl(address);
  const timeoutMs = options.timeoutMs ?? FEED_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? MAX_FEED_BYTES;
  const headers: Record<string, string> = { Accept: 'text/calendar, */*;q=0.5' };
  if (options.etag !== undefined) headers['If-None-Match'] = options.etag;
  if (options.lastModified !== undefined) headers['If-Modified-Since'] = options.lastModified;
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
  try {
    const response = await options.fetch(url, { headers, signal, redirect: 'follow' });
    if (response.status === 304) {
      await response.body?.cancel().catch(() => undefined);
      return { kind: 'unchanged' };
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      throw new TimetableFeedError(refusedSentence(response.status));
    }
    const text = await readCapped(
      response,
      maxBytes,
      () =>
        new TimetableFeedError(
          `The timetable server sent more than ${maxBytes / 1024 / 1024} MiB, more than any timetable needs; it was cut off.`,
        ),
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
    if (timeout.aborted) {
      throw new TimetableFeedError(
        `The timetable server did not send the timetable within ${timeoutMs / 1000} s.`,
      );
    }
    // fetch's own errors can quote the address: only their kind is kept.
    throw new TimetableFeedError('The timetable server could not be reached.');
  }
}

function refusedSentence(status: number): string {
  if (status === 401 || status === 403 || status === 404 || status === 410) {
    return `The timetable server refused the address (HTTP ${status}): publish the timetable again and paste its new address.`;
  }
  return `The timetable server failed (HTTP ${status}); ClassTray tries again later.`;
}
