import { describe, expect, it } from 'vitest';
import { PAGE_SIZE } from '../../../src-main/contract/wire';
import { createServiceClient } from '../../../src-main/core/service/client';
import { fetchPages, walkAllPages } from '../../../src-main/core/service/pageWalk';
import { ServiceError } from '../../../src-main/core/service/serviceErrors';
import { accountFixture, device } from '../../support/fixtures';
import type { Script } from '../../support/misbehavingService';
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

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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
  it('keeps at most 4 pages in flight by default, or the bound given', async () => {
    const slowPages: Script = async () => {
      await delay(15);
      return fault.page(wireDevices(500));
    };
    const service = await misbehaving(slowPages);
    const client = clientFor(service.url);
    await walkAllPages((n) => client.accountDevicesPage(n));
    expect(service.peakInFlight()).toBeLessThanOrEqual(4);
    expect(service.peakInFlight()).toBeGreaterThan(1);

    const narrow = await misbehaving(slowPages);
    const narrowClient = clientFor(narrow.url);
    await walkAllPages((n) => narrowClient.accountDevicesPage(n), { concurrency: 2 });
    expect(narrow.peakInFlight()).toBeLessThanOrEqual(2);
  });

  it('returns pages in page order even when later pages answer first', async () => {
    const service = await misbehaving(async ({ page }) => {
      await delay(page === 1 ? 0 : 5 * (6 - page));
      return fault.page(wireDevices(260));
    });
    const client = clientFor(service.url);
    const walk = await walkAllPages((n) => client.accountDevicesPage(n));
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
    const service = await misbehaving(async () => {
      await delay(15);
      return fault.page(wireDevices(500));
    });
    const client = clientFor(service.url);
    await fetchPages((n) => client.accountDevicesPage(n), [1, 2, 3, 4, 5, 6], { concurrency: 3 });
    expect(service.peakInFlight()).toBeLessThanOrEqual(3);
    expect(service.peakInFlight()).toBeGreaterThan(1);
  });

  it('asks nothing for no pages', async () => {
    const service = await misbehaving(inOrder(fault.page([])));
    const client = clientFor(service.url);
    expect(await fetchPages((n) => client.accountDevicesPage(n), [])).toEqual([]);
    expect(service.requests).toHaveLength(0);
  });
});
