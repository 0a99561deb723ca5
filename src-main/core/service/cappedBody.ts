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
