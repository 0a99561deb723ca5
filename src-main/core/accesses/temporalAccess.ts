/**
 * Temporal accesses the teacher tracks: added by pasting the access link (or the bare token),
 * ended with one call. An invalidation is reported done only on the service's 200.
 */
import type { InvalidateResult } from '../../contract/wire';
import { temporalAccessTokenSchema } from '../../contract/wire';

/** A whole UUID: a longer run of hex digits around it is something else, not a token inside it. */
const UUID =
  /(?<![0-9a-f])[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?![0-9a-f])/gi;

/** Why a pasted text is not a temporal access. */
export type TokenProblem = 'empty' | 'no-token' | 'several-tokens';

/**
 * The UUID-shaped token in a pasted access link or bare token, lower-cased. In a link, the path
 * is searched before the query, last segment first (the token ends the link's path); two
 * different tokens in the same place are ambiguous and refused rather than guessed.
 */
export function extractToken(pasted: string): { token: string } | { problem: TokenProblem } {
  const text = pasted.trim();
  if (text === '') return { problem: 'empty' };
  const places = placesToSearch(text);
  for (const place of places) {
    const found = new Set((place.match(UUID) ?? []).map((token) => token.toLowerCase()));
    if (found.size > 1) return { problem: 'several-tokens' };
    const [token] = found;
    if (token !== undefined) return { token: temporalAccessTokenSchema.parse(token) };
  }
  return { problem: 'no-token' };
}

function placesToSearch(text: string): string[] {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return [text];
  }
  const segments = url.pathname.split('/').map(safeDecode).reverse();
  return [...segments, ...[...url.searchParams.values()], url.hash];
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** What the service said to one request to end an access. */
export type InvalidationOutcome =
  | {
      kind: 'invalidated';
      /** When the service ends the session: the next 30-second boundary. */
      sessionExpiresAt: string;
    }
  | { kind: 'already-ended' };

/**
 * Turns the service's answer into the teacher's outcome. A 422 ("already invalidated or
 * expired") is an outcome, not an error; every other failure is rethrown for the caller.
 */
export async function invalidateAccess(
  token: string,
  invalidate: (token: string) => Promise<InvalidateResult>,
  isAlreadyEnded: (error: unknown) => boolean,
): Promise<InvalidationOutcome> {
  let result: InvalidateResult;
  try {
    result = await invalidate(token);
  } catch (error) {
    if (isAlreadyEnded(error)) return { kind: 'already-ended' };
    throw error;
  }
  return {
    kind: 'invalidated',
    sessionExpiresAt: new Date(Date.parse(result.session_expires_at)).toISOString(),
  };
}
