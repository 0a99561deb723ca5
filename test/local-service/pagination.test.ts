import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Link, PageMeta } from '../../src-main/contract/wire';
import {
  PAGE_SIZE,
  accountDevicePageSchema,
  classroomDevicePageSchema,
} from '../../src-main/contract/wire';
import { accountFixture } from '../support/fixtures';
import { AUTH, ORIGIN, localApp } from '../support/localApp';

type ListKind = 'account' | 'classroom';
const listPath = (kind: ListKind) =>
  kind === 'account' ? '/api/v1/devices' : '/api/v1/classrooms/room-a/devices';
const pageSchema = (kind: ListKind) =>
  kind === 'account' ? accountDevicePageSchema : classroomDevicePageSchema;

/** The link rules every page must follow, whatever the list's size. */
function expectLinks(links: Link[], meta: PageMeta, path: string): void {
  const { current_page: current, last_page: last } = meta;
  expect(links).toHaveLength(last + 2);
  const [previous, ...rest] = links;
  const next = rest.pop();
  expect(previous).toMatchObject({ label: 'Previous', active: false });
  expect(next).toMatchObject({ label: 'Next', active: false });
  const pageUrl = (n: number) => `${ORIGIN}${path}?page=${n}`;
  expect(previous?.url).toBe(current > 1 ? pageUrl(Math.min(current - 1, last)) : null);
  expect(next?.url).toBe(current < last ? pageUrl(current + 1) : null);
  rest.forEach((link, i) => {
    expect(link).toEqual({ url: pageUrl(i + 1), label: i + 1, active: i + 1 === current });
    expect(new URL(link.url ?? '').searchParams.get('page')).toBe(String(i + 1));
  });
}

describe('pagination of both lists', () => {
  it('walks every list of 0 to 500 devices page by page, each device once, in fixture order', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 500 }),
        fc.constantFrom<ListKind>('account', 'classroom'),
        async (size, kind) => {
          const fixture = accountFixture(size);
          const expected = fixture.devices
            .filter((d) => kind === 'account' || d.classroom === 'room-a')
            .map((d) => d.remote_id);
          const app = localApp(fixture);
          const lastPage = Math.max(1, Math.ceil(expected.length / PAGE_SIZE));
          const seen: string[] = [];
          for (let page = 1; page <= lastPage; page++) {
            const response = await app.inject({
              url: `${listPath(kind)}?page=${page}`,
              headers: AUTH,
            });
            expect(response.statusCode).toBe(200);
            const body = pageSchema(kind).parse(response.json());
            expect(body.meta).toEqual({
              total: expected.length,
              per_page: PAGE_SIZE,
              current_page: page,
              last_page: lastPage,
            });
            expect(body.data.length).toBe(
              Math.min(PAGE_SIZE, expected.length - (page - 1) * PAGE_SIZE),
            );
            expectLinks(body.links, body.meta, listPath(kind));
            seen.push(...body.data.map((d) => d.remote_id));
          }
          expect(seen).toEqual(expected);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('answers a page past the end with no devices and the same counters', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 500 }),
        fc.integer({ min: 1, max: 1_000_000 }),
        async (size, beyond) => {
          const app = localApp(accountFixture(size));
          const lastPage = Math.max(1, Math.ceil(size / PAGE_SIZE));
          const page = lastPage + beyond;
          const response = await app.inject({ url: `/api/v1/devices?page=${page}`, headers: AUTH });
          expect(response.statusCode).toBe(200);
          const body = accountDevicePageSchema.parse(response.json());
          expect(body.data).toEqual([]);
          expect(body.meta).toEqual({
            total: size,
            per_page: PAGE_SIZE,
            current_page: page,
            last_page: lastPage,
          });
          expectLinks(body.links, body.meta, '/api/v1/devices');
        },
      ),
      { numRuns: 40 },
    );
  });

  it('treats an absent page as page 1 and accepts leading zeros', async () => {
    const app = localApp(accountFixture(120));
    const absent = await app.inject({ url: '/api/v1/devices', headers: AUTH });
    const padded = await app.inject({ url: '/api/v1/devices?page=001', headers: AUTH });
    expect(absent.json()).toEqual(padded.json());
    expect(absent.json().meta.current_page).toBe(1);
  });

  it('gives an empty list one page: last_page 1, page 1 active, no Previous or Next', async () => {
    const app = localApp(accountFixture(0));
    const body = accountDevicePageSchema.parse(
      (await app.inject({ url: '/api/v1/devices', headers: AUTH })).json(),
    );
    expect(body.meta).toEqual({ total: 0, per_page: 50, current_page: 1, last_page: 1 });
    expect(body.links).toEqual([
      { url: null, label: 'Previous', active: false },
      { url: `${ORIGIN}/api/v1/devices?page=1`, label: 1, active: true },
      { url: null, label: 'Next', active: false },
    ]);
  });

  it('encodes a classroom id with reserved characters in its page links', async () => {
    const fixture = accountFixture(60, 1);
    fixture.classrooms.push({ id: 'art & music/2', name: 'Art' });
    fixture.devices = fixture.devices.map((d) => ({ ...d, classroom: 'art & music/2' }));
    const app = localApp(fixture);
    const path = `/api/v1/classrooms/${encodeURIComponent('art & music/2')}/devices`;
    const response = await app.inject({ url: path, headers: AUTH });
    expect(response.statusCode).toBe(200);
    const body = classroomDevicePageSchema.parse(response.json());
    expect(body.meta.total).toBe(60);
    expectLinks(body.links, body.meta, path);
  });
});
