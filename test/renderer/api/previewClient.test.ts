// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClassTrayChange } from '../../../src-main/core/api/classTrayApi';
import { createPreviewClient } from '../../../src-renderer/api/previewClient';
import { failureShown } from '../../../src-shared/refusal';
import { classTrayState } from '../../support/classTrayState';

/** Just enough of EventSource to open, push and reconnect by hand. */
class FakeEventSource extends EventTarget {
  static last: FakeEventSource | undefined;
  closed = false;
  constructor(readonly url: string) {
    super();
    FakeEventSource.last = this;
  }
  close() {
    this.closed = true;
  }
  open() {
    this.dispatchEvent(new Event('open'));
  }
  change(change: ClassTrayChange) {
    this.dispatchEvent(new MessageEvent('change', { data: JSON.stringify(change) }));
  }
  tab(tab: string) {
    this.dispatchEvent(new MessageEvent('tab', { data: JSON.stringify({ tab }) }));
  }
  /** The connection dropped; EventSource reconnects by itself. */
  drop() {
    this.dispatchEvent(new Event('error'));
  }
}

const reply = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>(async () => reply(200, { result: null }));
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, value: state });
  document.dispatchEvent(new Event('visibilitychange'));
}

/** The bodies of every visibility report sent so far, in order. */
const visibilityReports = () =>
  fetchMock.mock.calls
    .filter(([url]) => url === '/api/visibility')
    .map(([, init]) => JSON.parse(init?.body as string) as unknown);

/** Waits until the reports sent are exactly these, in order. */
const reportsAre = (expected: { tab: string; visible: boolean }[]) =>
  vi.waitFor(() => expect(visibilityReports()).toEqual(expected));

const lastRequest = () => {
  const [url, init] = fetchMock.mock.lastCall ?? [];
  return { url, init, body: JSON.parse(init?.body as string) as unknown };
};

describe('preview client', () => {
  it('posts an action as JSON to its route and returns the result', async () => {
    fetchMock.mockResolvedValueOnce(reply(200, { result: { ok: false, problem: 'no-token' } }));
    const api = createPreviewClient();
    const result = await api.addTemporalAccess({ linkOrToken: 'x' });
    const { url, init, body } = lastRequest();
    expect(url).toBe('/api/actions/addTemporalAccess');
    expect(init?.method).toBe('POST');
    expect(init?.headers).toEqual({ 'Content-Type': 'application/json' });
    expect(init?.credentials).toBe('same-origin');
    expect(body).toEqual({ linkOrToken: 'x' });
    expect(result).toEqual({ ok: false, problem: 'no-token' });
  });

  it('sends an empty object for an action without input', async () => {
    await createPreviewClient().refresh();
    expect(lastRequest()).toMatchObject({ url: '/api/actions/refresh', body: {} });
  });

  it('rejects with the host error sentence', async () => {
    fetchMock.mockResolvedValueOnce(reply(422, { error: 'serviceUrl must be an http:// address' }));
    await expect(createPreviewClient().connectService({ serviceUrl: 'ftp://x' })).rejects.toThrow(
      'serviceUrl must be an http:// address',
    );
  });

  it("rejects with the host's refusal when the window knows its code, else the sentence alone", async () => {
    const api = createPreviewClient();
    const rejection = (body: unknown): Promise<unknown> => {
      fetchMock.mockResolvedValueOnce(reply(422, body));
      return api.selectClassroom({ id: 'room-zz' }).catch((caught: unknown) => caught);
    };
    const unknownRoom = { code: 'classroomUnknown', values: { id: 'room-zz' } };
    expect(failureShown(await rejection({ error: 'No room-zz.', refusal: unknownRoom }))).toEqual({
      message: 'No room-zz.',
      refusal: unknownRoom,
    });
    for (const refusal of [
      { code: 'roomOnFire', values: {} },
      { code: 'classroomUnknown', values: { id: 7 } },
      { code: 'classroomUnknown', values: {} },
      'classroomUnknown',
    ]) {
      expect(failureShown(await rejection({ error: 'No room-zz.', refusal }))).toEqual({
        message: 'No room-zz.',
        refusal: undefined,
      });
    }
  });

  it('is not a thenable, so it can be awaited as a value', async () => {
    const api = createPreviewClient();
    expect(await Promise.resolve(api)).toBe(api);
  });

  it('copies a password to the clipboard without returning it, to be cleared later', async () => {
    const writeText = vi.fn(async () => undefined);
    const page = {
      clipboard: { writeText, readText: vi.fn(async () => 's3cret') },
      mayRead: async () => true,
      setTimeout: vi.fn(),
    };
    fetchMock.mockResolvedValueOnce(reply(200, { password: 's3cret', clearAfterSeconds: 30 }));
    const copied = await createPreviewClient(() => page).copyDevicePassword({ remoteId: '1' });
    expect(lastRequest()).toMatchObject({ url: '/api/copy-password', body: { remoteId: '1' } });
    expect(writeText).toHaveBeenCalledWith('s3cret');
    expect(page.setTimeout).toHaveBeenCalledWith(expect.any(Function), 30_000);
    expect(copied).toEqual({ copied: true, cleared: { afterSeconds: 30 } });
  });

  it('says nothing was copied when the host has no password for the device', async () => {
    fetchMock.mockResolvedValueOnce(reply(200, { password: null, clearAfterSeconds: 30 }));
    expect(await createPreviewClient().copyDevicePassword({ remoteId: '1' })).toEqual({
      copied: false,
    });
  });

  it('answers where the log folder is, as the host says', async () => {
    fetchMock.mockResolvedValueOnce(
      reply(200, { folder: '/home/t/.config/ClassTray/logs', opened: false }),
    );
    expect(await createPreviewClient().openLogFolder()).toEqual({
      folder: '/home/t/.config/ClassTray/logs',
      opened: false,
    });
    expect(lastRequest()).toMatchObject({ url: '/api/log-folder', body: {} });
  });

  it("writes the host's diagnostics to the clipboard itself, and rejects when the browser refuses", async () => {
    const writeText = vi.fn(async () => undefined);
    const page = {
      clipboard: { writeText, readText: vi.fn() },
      mayRead: async () => false,
      setTimeout: vi.fn(),
    };
    fetchMock.mockResolvedValueOnce(reply(200, { text: 'ClassTray diagnostics, …' }));
    await expect(createPreviewClient(() => page).copyDiagnostics()).resolves.toBeUndefined();
    expect(lastRequest()).toMatchObject({ url: '/api/diagnostics', body: {} });
    expect(writeText).toHaveBeenCalledWith('ClassTray diagnostics, …');

    writeText.mockRejectedValueOnce(new Error('Document is not focused.'));
    fetchMock.mockResolvedValueOnce(reply(200, { text: 'again' }));
    await expect(createPreviewClient(() => page).copyDiagnostics()).rejects.toThrow('not focused');
  });

  it('delivers pushed changes to subscribers and closes the stream after the last one', () => {
    const api = createPreviewClient();
    const seen: ClassTrayChange[] = [];
    const unsubscribe = api.subscribe((change) => seen.push(change));
    const change: ClassTrayChange = { type: 'online-changed', remoteId: '1', online: false };
    FakeEventSource.last?.change(change);
    expect(seen).toEqual([change]);
    unsubscribe();
    expect(FakeEventSource.last?.closed).toBe(true);
  });

  it('reads the state again after the stream reconnects', async () => {
    const state = classTrayState();
    const api = createPreviewClient();
    const seen: ClassTrayChange['type'][] = [];
    api.subscribe((change) => seen.push(change.type));
    FakeEventSource.last?.open();
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/state')).toBe(false);

    fetchMock.mockResolvedValueOnce(reply(200, state));
    FakeEventSource.last?.open();
    await vi.waitFor(() => expect(seen).toContain('classroom'));
    expect(seen).toEqual(
      expect.arrayContaining([
        'account',
        'preferences',
        'temporal-accesses',
        'connection',
        'scheduled-ends',
      ]),
    );
  });

  describe('visibility', () => {
    let unsubscribe: (() => void) | undefined;
    beforeEach(() => setVisibility('visible'));
    afterEach(() => unsubscribe?.());

    /** A subscribed client whose stream is open; returns that stream. */
    function subscribed(): FakeEventSource {
      unsubscribe = createPreviewClient().subscribe(() => undefined);
      const source = FakeEventSource.last;
      if (!source) throw new Error('No event stream was opened.');
      source.open();
      return source;
    }

    /** A subscribed client whose stream named the tab tab-1, once that first report is sent. */
    async function reportedOnce(): Promise<FakeEventSource> {
      const source = subscribed();
      source.tab('tab-1');
      await vi.waitFor(() => expect(visibilityReports()).toHaveLength(1));
      return source;
    }

    it('reports nothing before the stream has given the tab its id', () => {
      subscribed();
      setVisibility('hidden');
      expect(visibilityReports()).toEqual([]);
    });

    it('reports under the tab id once it has it, then on every change', async () => {
      const source = subscribed();
      source.tab('tab-1');
      expect(lastRequest()).toMatchObject({
        url: '/api/visibility',
        body: { tab: 'tab-1', visible: true },
      });
      await vi.waitFor(() => expect(visibilityReports()).toHaveLength(1));
      setVisibility('hidden');
      await vi.waitFor(() => expect(visibilityReports()).toHaveLength(2));
      setVisibility('visible');
      await reportsAre([
        { tab: 'tab-1', visible: true },
        { tab: 'tab-1', visible: false },
        { tab: 'tab-1', visible: true },
      ]);
    });

    it('sends one report at a time, then the latest state if it changed meanwhile', async () => {
      let answer: (response: Response) => void = () => undefined;
      fetchMock.mockImplementationOnce(
        () => new Promise<Response>((resolve) => (answer = resolve)),
      );
      const source = subscribed();
      source.tab('tab-1');
      setVisibility('hidden');
      setVisibility('visible');
      setVisibility('hidden');
      expect(visibilityReports()).toEqual([{ tab: 'tab-1', visible: true }]);
      answer(new Response(null, { status: 204 }));
      await vi.waitFor(() => expect(visibilityReports()).toHaveLength(2));
      expect(visibilityReports()).toEqual([
        { tab: 'tab-1', visible: true },
        { tab: 'tab-1', visible: false },
      ]);
    });

    it('reports again under the new id after the stream reconnects', async () => {
      const source = await reportedOnce();
      source.drop();
      setVisibility('hidden');
      expect(visibilityReports()).toHaveLength(1);
      source.open();
      source.tab('tab-2');
      await reportsAre([
        { tab: 'tab-1', visible: true },
        { tab: 'tab-2', visible: false },
      ]);
    });

    it('goes on reporting after the host refuses a report', async () => {
      fetchMock.mockResolvedValueOnce(reply(422, { error: 'visibility: tab: unknown.' }));
      const source = subscribed();
      source.tab('tab-1');
      setVisibility('hidden');
      await reportsAre([
        { tab: 'tab-1', visible: true },
        { tab: 'tab-1', visible: false },
      ]);
    });

    it('tries a report that did not get through again, later each time, until the host answers', async () => {
      vi.useFakeTimers();
      try {
        fetchMock
          .mockRejectedValueOnce(new TypeError('Failed to fetch'))
          .mockResolvedValueOnce(reply(500, { error: 'ClassTray failed unexpectedly.' }));
        subscribed().tab('tab-1');
        await vi.advanceTimersByTimeAsync(999);
        expect(visibilityReports()).toHaveLength(1);
        await vi.advanceTimersByTimeAsync(1);
        expect(visibilityReports()).toHaveLength(2);
        // The host failed on the second: the third goes 2 s later, and is answered.
        await vi.advanceTimersByTimeAsync(1_999);
        expect(visibilityReports()).toHaveLength(2);
        await vi.advanceTimersByTimeAsync(1);
        expect(visibilityReports()).toEqual(Array(3).fill({ tab: 'tab-1', visible: true }));
        await vi.advanceTimersByTimeAsync(60_000);
        expect(visibilityReports()).toHaveLength(3);
      } finally {
        vi.useRealTimers();
      }
    });

    it("reports a new stream's id at once, not when a failed report's next try is due", async () => {
      fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
      const source = await reportedOnce();
      await Promise.resolve();
      source.drop();
      source.open();
      source.tab('tab-2');
      await reportsAre([
        { tab: 'tab-1', visible: true },
        { tab: 'tab-2', visible: true },
      ]);
    });

    it('stops reporting once the last subscriber has gone', async () => {
      await reportedOnce();
      unsubscribe?.();
      unsubscribe = undefined;
      setVisibility('hidden');
      await Promise.resolve();
      expect(visibilityReports()).toHaveLength(1);
    });
  });
});
