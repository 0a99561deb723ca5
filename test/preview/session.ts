/** A browser session against a listening preview server: the key exchange, then the event stream. */
import type { RunningPreviewServer } from '../../src-main/preview/server';

/** Opens the printed address as a browser would and returns the cookie it was given. */
export async function signIn(server: RunningPreviewServer): Promise<string> {
  const response = await fetch(server.openUrl, { redirect: 'manual' });
  const setCookie = response.headers.get('set-cookie') ?? '';
  const cookie = setCookie.split(';')[0] ?? '';
  if (response.status !== 303 || cookie === '') throw new Error('The key exchange failed.');
  return cookie;
}

export interface EventStream {
  /** Resolves with the data of the next `change` event. */
  nextChange(): Promise<unknown>;
  close(): void;
}

/** One page's event stream; resolves once the server has answered. */
export async function openEvents(
  server: RunningPreviewServer,
  cookie: string,
): Promise<EventStream> {
  const controller = new AbortController();
  const response = await fetch(`${server.url}/api/events`, {
    headers: { cookie },
    signal: controller.signal,
  });
  if (response.status !== 200 || response.body === null) {
    throw new Error(`The event stream answered ${response.status}.`);
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  return {
    async nextChange() {
      for (;;) {
        const events = buffered.split('\n\n');
        buffered = '';
        while (events.length > 1) {
          const event = events.shift() ?? '';
          if (!event.startsWith('event: change\n')) continue;
          buffered = events.join('\n\n');
          return JSON.parse(event.slice(event.indexOf('data: ') + 'data: '.length));
        }
        buffered = events[0] ?? '';
        const { value, done } = await reader.read();
        if (done) throw new Error('The event stream ended.');
        buffered += value;
      }
    },
    close: () => controller.abort(),
  };
}
