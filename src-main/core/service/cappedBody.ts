/**
 * A response body as text, streamed so that an endless or oversized answer is cut off at
 * `maxBytes` (cancelling the stream aborts the request) instead of being buffered whole first.
 * Shared by the service client and the timetable feed, which each say "too large" their own way.
 */
export async function readCapped(
  response: Response,
  maxBytes: number,
  tooLarge: () => Error,
): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw tooLarge();
  }
  if (response.body === null) return '';
  // A length said and within the cap, the body not compressed (its decoded size is then that
  // length: HTTP's framing ends the body there): read whole, as the page answers on every refresh
  // are, without a turn of the loop per chunk.
  if (declared <= maxBytes && response.headers.get('content-encoding') === null) {
    const text = await response.text();
    // A Response made in a test may say a length it does not hold: the cap holds all the same.
    if (text.length > maxBytes) throw tooLarge();
    return text;
  }
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  // As response.text() would: UTF-8, a BOM dropped, bad bytes replaced.
  return new TextDecoder().decode(Buffer.concat(chunks));
}
