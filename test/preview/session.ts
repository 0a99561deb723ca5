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
  /** The id of the stream's `tab` event, its first. */
  tab: string;
  /** Resolves with the data of the next `change` event. */
  nextChange(): Promise<unknown>;
  close(): void;
}

/** One browser tab's event stream; resolves once the server has sent its tab id. */
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
  /** The next event, as its name and parsed data; comments (heartbeats) are skipped. */
  const nextEvent = async (): Promise<{ name: string; data: unknown }> => {
    for (;;) {
      const end = buffered.indexOf('\n\n');
      if (end >= 0) {
        const event = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        const name = /^event: (.*)$/m.exec(event)?.[1];
        const data = /^data: (.*)$/m.exec(event)?.[1];
        if (name !== undefined && data !== undefined) return { name, data: JSON.parse(data) };
        continue;
      }
      const { value, done } = await reader.read();
      if (done) throw new Error('The event stream ended.');
      buffered += value;
    }
  };
  const first = await nextEvent();
  const tab = (first.data as { tab?: unknown }).tab;
  if (first.name !== 'tab' || typeof tab !== 'string') {
    controller.abort();
    throw new Error(`The event stream began with ${first.name}, not its tab id.`);
  }
  return {
    tab,
    async nextChange() {
      for (;;) {
        const event = await nextEvent();
        if (event.name === 'change') return event.data;
      }
    },
    close: () => controller.abort(),
  };
}
