/**
 * Electron's net.fetch (Chromium's network stack: the system proxy, PAC, the OS certificates) as
 * the fetch the core is given. One difference is mended: with `redirect: 'manual'` net.fetch
 * cancels the request and rejects ("Redirect was cancelled", electron/electron#43715), where
 * Node's fetch answers with the 3xx itself; the core judges each redirect from that answer (the
 * timetable follows only https hops, never to this computer's or the network's own services).
 */
import { net } from 'electron';

export const netFetch: typeof fetch = (input, init) => {
  const url = input instanceof URL ? input.href : input instanceof Request ? input.url : input;
  if (init?.redirect !== 'manual') return net.fetch(url, init);
  return new Promise<Response>((resolve, reject) => {
    const request = net.request({ url, method: init.method ?? 'GET', redirect: 'manual' });
    for (const [name, value] of new Headers(init.headers)) request.setHeader(name, value);
    const signal = init.signal ?? undefined;
    const onAbort = () => {
      request.abort();
      const reason: unknown = signal?.reason;
      reject(
        reason instanceof Error ? reason : new DOMException('The fetch was aborted.', 'AbortError'),
      );
    };
    if (signal?.aborted) return onAbort();
    signal?.addEventListener('abort', onAbort, { once: true });
    // The redirect's answer, without its body: only where it points matters.
    request.on('redirect', (status, _method, location) => {
      signal?.removeEventListener('abort', onAbort);
      request.abort();
      resolve(new Response(null, { status, headers: { location } }));
    });
    request.on('response', (response) => {
      signal?.removeEventListener('abort', onAbort);
      const headers = new Headers();
      for (const [name, value] of Object.entries(response.headers)) {
        headers.set(name, Array.isArray(value) ? value.join(', ') : value);
      }
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          response.on('data', (chunk: Buffer) => controller.enqueue(new Uint8Array(chunk)));
          response.on('end', () => controller.close());
          response.on('error', (error: Error) => controller.error(error));
        },
        cancel() {
          request.abort();
        },
      });
      const empty = [101, 204, 205, 304].includes(response.statusCode);
      try {
        resolve(new Response(empty ? null : body, { status: response.statusCode, headers }));
      } catch (error) {
        // A status fetch's Response cannot hold (below 200): a rejection, never a throw in main.
        request.abort();
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
    request.on('error', (error) => {
      signal?.removeEventListener('abort', onAbort);
      reject(error);
    });
    if (typeof init.body === 'string') request.write(init.body);
    request.end();
  });
};
