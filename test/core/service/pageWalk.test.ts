import { describe, expect, it } from 'vitest';
import type { Page } from '../../../src-main/contract/wire';
import { PAGE_SIZE } from '../../../src-main/contract/wire';
import { createServiceClient } from '../../../src-main/core/service/client';
import { fetchPages, walkAllPages } from '../../../src-main/core/service/pageWalk';
import { ServiceError } from '../../../src-main/core/service/serviceErrors';
import { paginate } from '../../../src-main/local-service/pagination';
import { accountFixture, device } from '../../support/fixtures';
import type { Behaviour, Script } from '../../support/misbehavingService';
import { changingList, fault, inOrder } from '../../support/misbehavingService';
import { testServers } from '../../support/testServers';

const TOKEN = 'walk-test-token-0123456789';

const servers = testServers(TOKEN);

const { localService, misbehaving } = servers;

function clientFor(baseUrl: string) {
  return createServiceClient({ baseUrl, token: TOKEN, retry: { attempts: 1 } });
}

/** Account-list requests the local service answered. */
async function accountListRequests(url: string): Promise<number> {
  const response = await fetch(`${url}/_local/stats`, { headers: { 'X-Token-SVC': TOKEN } });
  const stats = (await response.json()) as { requests: Record<string, number> };
  return stats.requests['GET /api/v1/devices'] ?? 0;
}

/** `count` devices as the wire sends them, ids starting at `from`. */
const wireDevices = (count: number, from = 0) =>
  Array.from({ length: count }, (_, i) => {
    const { classroom: _classroom, ...wire } = device(from + i);
    return wire;
  });

/** One turn of the event loop: every promise step queued before it has run. No wall clock. */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * A page fetcher in this thread whose answers wait until the test releases them, page by page:
 * which pages are in flight is exact after a turn, as nothing but promises stand between calls.
 */
function heldFetcher(items: readonly unknown[]) {
  const held = new Map<number, () => void>();
  const asked: number[] = [];
  let peak = 0;
  const fetchPage = (page: number) =>
    new Promise<Page<unknown>>((resolve) => {
      asked.push(page);
      held.set(page, () =>
        resolve(
          paginate(
            items,
            page,
            (n) => `/p/${n}`,
            (item) => item,
          ),
        ),
      );
      peak = Math.max(peak, held.size);
    });
  return {
    fetchPage,
    asked,
    /** Pages asked and not answered yet, in page order. */
    held: () => [...held.keys()].sort((a, b) => a - b),
    peak: () => peak,
    release(page: number) {
      const answer = held.get(page);
      if (answer === undefined) throw new Error(`page ${page} is not waiting`);
      held.delete(page);
      answer();
    },
  };
}

/**
 * A script for the misbehaving service that holds each answer until the test releases it, and
 * lets the test wait (on events, not time) for a set of pages to be waiting.
 */
function heldAnswers(items: readonly unknown[]) {
  const held = new Map<number, () => void>();
  let arrived = () => {};
  const script: Script = ({ page }) =>
    new Promise<Behaviour>((resolve) => {
      held.set(page, () => resolve(fault.page(items)));
      arrived();
    });
  return {
    script,
    held: () => [...held.keys()].sort((a, b) => a - b),
    async waitingFor(pages: readonly number[]) {
      while (!pages.every((page) => held.has(page))) {
        await new Promise<void>((resolve) => (arrived = resolve));
      }
    },
    release(page: number) {
      const answer = held.get(page);
      if (answer === undefined) throw new Error(`page ${page} is not waiting`);
      held.delete(page);
      answer();
    },
  };
}

describe('walkAllPages against the local service', () => {
  it.each([0, 1, 50, 51, 132, 500])(
    'reads every one of %i devices, in order, one request per page',
    async (count) => {
      const fixture = accountFixture(count);
      const service = await localService(fixture);
      const client = clientFor(service.url);
      const walk = await walkAllPages((n) => client.accountDevicesPage(n));
      const pageCount = Math.max(1, Math.ceil(count / PAGE_SIZE));
      expect(walk.consistent).toBe(true);
      expect(walk.pages.map((page) => page.meta.current_page)).toEqual(
        Array.from({ length: pageCount }, (_, i) => i + 1),
      );
      expect(walk.pages.flatMap((page) => page.data.map((d) => d.remote_id))).toEqual(
        fixture.devices.map((d) => d.remote_id),
      );
      expect(await accountListRequests(service.url)).toBe(pageCount);
    },
  );

  it("reads every page of a classroom's devices", async () => {
    const fixture = accountFixture(400, 2);
    const service = await localService(fixture);
    const client = clientFor(service.url);
    const walk = await walkAllPages((n) => client.classroomDevicesPage('room-a', n));
    expect(walk.pages).toHaveLength(4);
    expect(walk.pages.flatMap((page) => page.data.map((d) => d.remote_id))).toEqual(
      fixture.devices.filter((d) => d.classroom === 'room-a').map((d) => d.remote_id),
    );
  });
});

describe('walkAllPages', () => {
  it('keeps at most 4 pages in flight by default, releasing one starts the next', async () => {
    const pages = heldFetcher(wireDevices(500));
    const walked = walkAllPages(pages.fetchPage);
    await turn();
    // Page 1 alone first: it says how many pages there are.
    expect(pages.held()).toEqual([1]);
    pages.release(1);
    await turn();
    expect(pages.held()).toEqual([2, 3, 4, 5]);
    pages.release(3);
    await turn();
    expect(pages.held()).toEqual([2, 4, 5, 6]);
    // The rest, latest first; the bound holds at every step.
    for (let step = 0; pages.held().length > 0; step++) {
      const waiting = pages.held();
      pages.release(waiting[waiting.length - 1] as number);
      await turn();
      expect(pages.held().length).toBeLessThanOrEqual(4);
      expect(step).toBeLessThan(20);
    }
    const walk = await walked;
    expect(pages.peak()).toBe(4);
    expect(pages.asked.slice().sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(walk.pages.flatMap((page) => page.data)).toEqual(wireDevices(500));
  });

  it('keeps to the bound given', async () => {
    const pages = heldFetcher(wireDevices(500));
    const walked = walkAllPages(pages.fetchPage, { concurrency: 2 });
    await turn();
    pages.release(1);
    await turn();
    expect(pages.held()).toEqual([2, 3]);
    pages.release(2);
    await turn();
    expect(pages.held()).toEqual([3, 4]);
    while (pages.held().length > 0) {
      pages.release(pages.held()[0] as number);
      await turn();
      expect(pages.held().length).toBeLessThanOrEqual(2);
    }
    await walked;
    expect(pages.peak()).toBe(2);
  });

  it('returns pages in page order even when later pages answer first', async () => {
    const service = heldAnswers(wireDevices(260));
    const server = await misbehaving(service.script);
    const client = clientFor(server.url);
    // The order the client had each page's answer in.
    const answered: number[] = [];
    let onAnswer = () => {};
    const walked = walkAllPages(async (n) => {
      const page = await client.accountDevicesPage(n);
      answered.push(n);
      onAnswer();
      return page;
    });
    const answeredTo = async (page: number) => {
      while (!answered.includes(page)) await new Promise<void>((resolve) => (onAnswer = resolve));
    };

    await service.waitingFor([1]);
    service.release(1);
    await answeredTo(1);
    // Six pages of 50; pages 2 to 5 in flight, and each answer waits for the test.
    await service.waitingFor([2, 3, 4, 5]);
    expect(service.held()).toEqual([2, 3, 4, 5]);
    for (const page of [5, 6, 4, 3, 2]) {
      await service.waitingFor([page]);
      service.release(page);
      await answeredTo(page);
    }
    expect(answered).toEqual([1, 5, 6, 4, 3, 2]);
    const walk = await walked;
    expect(walk.pages.map((page) => page.meta.current_page)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(walk.pages.flatMap((page) => page.data)).toEqual(wireDevices(260));
  });

  it('restarts once when the list changes during the walk, and returns the new list', async () => {
    const before = wireDevices(120);
    const after = wireDevices(125, 1000);
    const service = await misbehaving(changingList(before, after));
    const client = clientFor(service.url);
    const walk = await walkAllPages((n) => client.accountDevicesPage(n), { concurrency: 1 });
    expect(walk.consistent).toBe(true);
    expect(walk.pages.flatMap((page) => page.data)).toEqual(after);
    // Page 1 and 2 of the first walk (page 3 was skipped once the change showed), then 3 pages.
    expect(service.requests.map((r) => r.page)).toEqual([1, 2, 1, 2, 3]);
  });

  it('returns the second walk marked inconsistent when the list keeps changing', async () => {
    // Every request sees one device more than the one before.
    const service = await misbehaving(({ index }) => fault.page(wireDevices(101 + index)));
    const client = clientFor(service.url);
    const walk = await walkAllPages((n) => client.accountDevicesPage(n), { concurrency: 1 });
    expect(walk.consistent).toBe(false);
    expect(walk.pages.map((page) => page.meta.current_page)).toEqual([1, 2, 3]);
    expect(service.requests).toHaveLength(5);
  });

  it('fails with the typed error of a failing page and starts no further pages', async () => {
    const service = await misbehaving(({ page }) =>
      page === 3 ? fault.status(400, 'No.') : fault.page(wireDevices(1000)),
    );
    const client = clientFor(service.url);
    const error: unknown = await walkAllPages((n) => client.accountDevicesPage(n), {
      concurrency: 1,
    }).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(ServiceError);
    expect((error as ServiceError).problem).toEqual({
      kind: 'bad-request',
      status: 400,
      detail: 'No.',
    });
    expect(service.requests.map((r) => r.page)).toEqual([1, 2, 3]);
  });

  it('refuses a list of more than 200 pages (10,000 devices) after one request', async () => {
    const service = await misbehaving(inOrder(fault.page(wireDevices(200 * PAGE_SIZE + 1))));
    const client = clientFor(service.url);
    await expect(walkAllPages((n) => client.accountDevicesPage(n))).rejects.toMatchObject({
      kind: 'bad-response',
      detail: 'the list claims 201 pages; at most 200 are read',
    });
    expect(service.requests).toHaveLength(1);
  });

  it('reads a list of exactly 200 pages, one request each', async () => {
    const service = await misbehaving(inOrder(fault.page(wireDevices(200 * PAGE_SIZE))));
    const client = clientFor(service.url);
    const walked = await walkAllPages((n) => client.accountDevicesPage(n));
    expect(walked.pages).toHaveLength(200);
    expect(service.requests).toHaveLength(200);
  });
});

describe('fetchPages', () => {
  it('returns each chosen page with its items and meta, in the order asked', async () => {
    const service = await misbehaving(inOrder(fault.page(wireDevices(500))));
    const client = clientFor(service.url);
    const pages = await fetchPages((n) => client.accountDevicesPage(n), [7, 2, 9]);
    expect(pages.map((page) => page.meta.current_page)).toEqual([7, 2, 9]);
    expect(pages[0]?.data).toEqual(wireDevices(50, 300));
    expect(pages[0]?.meta.total).toBe(500);
    expect(service.requests).toHaveLength(3);
  });

  it('keeps to the concurrency bound', async () => {
    const pages = heldFetcher(wireDevices(500));
    const fetched = fetchPages(pages.fetchPage, [1, 2, 3, 4, 5, 6], { concurrency: 3 });
    await turn();
    expect(pages.held()).toEqual([1, 2, 3]);
    pages.release(2);
    await turn();
    expect(pages.held()).toEqual([1, 3, 4]);
    while (pages.held().length > 0) {
      pages.release(pages.held()[pages.held().length - 1] as number);
      await turn();
      expect(pages.held().length).toBeLessThanOrEqual(3);
    }
    expect((await fetched).map((page) => page.meta.current_page)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(pages.peak()).toBe(3);
  });

  it('asks nothing for no pages', async () => {
    const service = await misbehaving(inOrder(fault.page([])));
    const client = clientFor(service.url);
    expect(await fetchPages((n) => client.accountDevicesPage(n), [])).toEqual([]);
    expect(service.requests).toHaveLength(0);
  });
});
