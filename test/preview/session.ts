/**
 * A browser session against a listening preview: the launch page's form posted as a browser
 * posts it (the key read from the file), then the event stream.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

/** What a running preview tells its launcher: the address and the launch page. */
export interface LaunchedPreview {
  url: string;
  launchUrl: string;
}

/** The key the launch page holds now, read from the file as the browser reads it. */
export async function launchKey(launchUrl: string): Promise<string> {
  const html = await readFile(fileURLToPath(launchUrl), 'utf8');
  const key = /name="key" value="([^"]+)"/.exec(html)?.[1];
  if (key === undefined) throw new Error(`The launch page holds no key: ${html}`);
  return key;
}

/** The launch page's form, posted as a browser posts it from the file (Origin "null"). */
export function postLaunch(url: string, key: string): Promise<Response> {
  return fetch(`${url}/launch`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'null' },
    body: new URLSearchParams({ key }).toString(),
    redirect: 'manual',
  });
}

/** Signs in through the launch page and returns the cookie it gave. */
export async function signIn(preview: LaunchedPreview): Promise<string> {
  const response = await postLaunch(preview.url, await launchKey(preview.launchUrl));
  const cookie = (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  if (response.status !== 200 || cookie === '') throw new Error('Signing in failed.');
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
export async function openEvents(server: LaunchedPreview, cookie: string): Promise<EventStream> {
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
