import { describe, expect, it } from 'vitest';
import type { AccountDevice, ClassroomDevice } from '../../../src-main/contract/wire';
import { servicePaths } from '../../../src-main/contract/wire';
import { createServiceClient } from '../../../src-main/core/service/client';
import { deviceListsOf } from '../../../src-main/core/classroom/deviceLists';
import type {
  DeviceLists,
  DeviceView,
  OnlineState,
} from '../../../src-main/core/classroom/liveStatus';
import { ClassroomLiveStatus } from '../../../src-main/core/classroom/liveStatus';
import type { ServiceProblem } from '../../../src-main/core/service/serviceErrors';
import { ServiceError } from '../../../src-main/core/service/serviceErrors';
import type { Fixture } from '../../../src-main/local-service/fixture';
import { paginate } from '../../../src-main/local-service/pagination';
import { accountFixture, device, spreadClassroomFixture } from '../../support/fixtures';
import type { Behaviour, RecordedRequest } from '../../support/misbehavingService';
import { fault } from '../../support/misbehavingService';
import type { RequestTimeouts } from '../../support/requestTimeouts';
import { requestTimeouts } from '../../support/requestTimeouts';
import { testServers } from '../../support/testServers';

const TOKEN = 'live-status-test-token-0123';

const servers = testServers(TOKEN);

/**
 * A client that retries once and never sleeps; its requests time out only when the test fires
 * `timeouts` (no real timer races the server).
 */
function liveStatusOn(baseUrl: string, timeouts: RequestTimeouts = requestTimeouts()) {
  const client = createServiceClient({
    baseUrl,
    token: TOKEN,
    timeoutSignal: timeouts.timeoutSignal,
    retry: { attempts: 2, baseDelayMs: 1, maxDelayMs: 1, sleep: async () => {} },
  });
  return new ClassroomLiveStatus(deviceListsOf(client), 'room-a');
}

const id = (n: number) => device(n).remote_id;

/**
 * 500 devices (10 account pages); the classroom's four sit at indices 60, 99 (page 2), 100 (the
 * first slot of page 3) and 260 (page 6). Device n is online unless n is a multiple of 3.
 */
const CLASSROOM = [60, 99, 100, 260];
const REMEMBERED_PAGES = [2, 3, 6];
/** What a steady refresh right after a search reads: the remembered pages, then page 1 in turn. */
const FIRST_STEADY = [...REMEMBERED_PAGES, 1];

async function localService(fixture: Fixture = spreadClassroomFixture(500, CLASSROOM)) {
  const service = await servers.localService(fixture);

  const control = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${service.url}/_local${path}`, {
      method,
      headers: { 'X-Token-SVC': TOKEN, 'Content-Type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status}`);
  };
  const accountRequests = async () => {
    const response = await fetch(`${service.url}/_local/stats`, {
      headers: { 'X-Token-SVC': TOKEN },
    });
    const stats = (await response.json()) as { requests: Record<string, number> };
    return stats.requests[`GET ${servicePaths.accountDevices}`] ?? 0;
  };
  return {
    url: service.url,
    patch: (n: number, fields: Record<string, unknown>) =>
      control('PATCH', `/devices/${id(n)}`, fields),
    /** Appended at the end of the account list. */
    add: (n: number, classroom: string | null = null) =>
      control('POST', '/devices', device(n, { classroom })),
    remove: (n: number) => control('DELETE', `/devices/${id(n)}`),
    accountRequests,
  };
}

const view = (n: number, online: boolean | null = n % 3 !== 0): DeviceView => ({
  remoteId: id(n),
  alias: `PC-${n}`,
  online,
  status: 'enabled',
  has2fa: true,
});

describe('ClassroomLiveStatus against the local service', () => {
  it("joins every classroom device with the account list's online status", async () => {
    // 134 classroom devices: three classroom pages, spread over all eight account pages.
    const fixture = accountFixture(400, 3);
    const service = await localService(fixture);
    const result = await liveStatusOn(service.url).refresh();
    expect(result.devices).toEqual(
      fixture.devices
        .filter((d) => d.classroom === 'room-a')
        .map((d) => ({
          remoteId: d.remote_id,
          alias: d.remote_alias,
          online: d.is_online,
          status: d.status,
          has2fa: d.has_2fa,
        })),
    );
  });

  it('reads only the remembered account pages and one page in turn on a steady refresh', async () => {
    const service = await localService();
    const live = liveStatusOn(service.url);
    const first = await live.refresh();
    expect(first.searched).toBe(true);
    const before = await service.accountRequests();

    const steady = await live.refresh();
    expect(steady.searched).toBe(false);
    expect(steady.accountPagesRead).toEqual(FIRST_STEADY);
    expect((await service.accountRequests()) - before).toBe(FIRST_STEADY.length);
    expect(steady.devices).toEqual(CLASSROOM.map((n) => view(n)));
  });

  it('searches every page when a device is no longer on its remembered page', async () => {
    const service = await localService();
    const live = await readOnce(service.url);
    // Same total, but everything after device 0 moves up a slot: device 100 onto page 2.
    await service.remove(0);
    await service.add(10_000);
    await service.patch(100, { is_online: false });

    const result = await live.refresh();
    expect(result.searched).toBe(true);
    expect(result.devices).toContainEqual(view(100, false));
    expect((await live.refresh()).accountPagesRead).toEqual([2, 6, 1]);
  });

  it('searches every page when the account total changes', async () => {
    const service = await localService();
    const live = await readOnce(service.url);
    await service.add(10_000);
    expect((await live.refresh()).searched).toBe(true);
    expect((await live.refresh()).searched).toBe(false);
  });

  it('searches every page when a device joins the classroom', async () => {
    const service = await localService();
    const live = await readOnce(service.url);
    await service.patch(400, { classroom: 'room-a' });
    const result = await live.refresh();
    expect(result.searched).toBe(true);
    expect((await live.refresh()).accountPagesRead).toEqual([...REMEMBERED_PAGES, 9, 1]);
  });

  it('reads the next page in turn on each steady refresh, passing over the remembered ones', async () => {
    const service = await localService();
    const live = await readOnce(service.url);
    const inTurn: (number | undefined)[] = [];
    for (let i = 0; i < 8; i++) inTurn.push((await live.refresh()).accountPagesRead.at(-1));
    // Ten account pages, 2, 3 and 6 read anyway: a cycle is seven refreshes, then round again.
    expect(inTurn).toEqual([1, 4, 5, 7, 8, 9, 10, 1]);
  });

  it('reads no page in turn when the classroom is on every account page, nor for an empty one', async () => {
    const everywhere = await localService(accountFixture(400, 3));
    const spread = liveStatusOn(everywhere.url);
    await spread.refresh();
    expect((await spread.refresh()).accountPagesRead).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);

    const { service } = await scriptedService([]);
    const empty = liveStatusOn(service.url);
    await empty.refresh();
    expect((await empty.refresh()).accountPagesRead).toEqual([]);
  });

  it('reports nothing when nothing changed', async () => {
    const service = await localService();
    const live = await readOnce(service.url);
    expect((await live.refresh()).changes).toEqual([]);
  });

  it('reports an online flip made in the service', async () => {
    const service = await localService();
    const live = await readOnce(service.url);
    await service.patch(260, { is_online: false });
    expect((await live.refresh()).changes).toEqual([
      { type: 'online-changed', remoteId: id(260), online: false },
    ]);
  });

  it('reports a device that joins the classroom as added, with its online status', async () => {
    const service = await localService();
    const live = await readOnce(service.url);
    await service.add(10_001, 'room-a');
    expect((await live.refresh()).changes).toEqual([
      { type: 'device-added', device: view(10_001) },
    ]);
  });

  it('reports devices that leave the classroom or the account as removed', async () => {
    const service = await localService();
    const live = await readOnce(service.url);
    await service.patch(60, { classroom: null });
    await service.remove(260);
    expect((await live.refresh()).changes).toEqual([
      { type: 'device-removed', remoteId: id(60) },
      { type: 'device-removed', remoteId: id(260) },
    ]);
  });

  it('reports a renamed or disabled device as changed', async () => {
    const service = await localService();
    const live = await readOnce(service.url);
    await service.patch(99, { remote_alias: 'Teacher PC' });
    await service.patch(100, { status: 'disabled' });
    expect((await live.refresh()).changes).toEqual([
      { type: 'device-changed', device: { ...view(99), alias: 'Teacher PC' } },
      { type: 'device-changed', device: { ...view(100), status: 'disabled' } },
    ]);
  });

  it('reports changes against a seeded view', async () => {
    const service = await localService();
    const live = liveStatusOn(service.url);
    live.seed([view(60), view(99), view(100, false), view(7)]);
    expect((await live.refresh()).changes).toEqual([
      { type: 'online-changed', remoteId: id(100), online: true },
      { type: 'device-added', device: view(260) },
      { type: 'device-removed', remoteId: id(7) },
    ]);
  });

  it('keeps passwords out of the views and gives them only through password()', async () => {
    const service = await localService();
    const live = await readOnce(service.url);
    await service.patch(100, { is_online: false });
    const result = await live.refresh();
    expect(JSON.stringify(result)).not.toMatch(/pw-/);
    expect(live.password(id(260))).toBe('pw-260');
    // Only devices of this classroom.
    expect(live.password(id(1))).toBeUndefined();

    await service.patch(260, { classroom: null });
    await live.refresh();
    expect(live.password(id(260))).toBeUndefined();
  });
});

describe('ClassroomLiveStatus given the same devices again', () => {
  /** Lists that give the same device objects back, as the client gives an unchanged page. */
  function listsOf(classroom: () => ClassroomDevice[], online: () => OnlineState[]): DeviceLists {
    const pages = () => [
      {
        data: online(),
        links: [],
        meta: { total: online().length, per_page: 50, current_page: 1, last_page: 1 },
      },
    ];
    return {
      classroomDevices: async () => [...classroom()],
      accountPages: async () => pages(),
      allAccountPages: async () => pages(),
    };
  }
  const pc = (name: string, password: string): ClassroomDevice => ({
    remote_id: `id-${name}`,
    remote_alias: name,
    remote_password: password,
    status: 'enabled',
    has_2fa: true,
  });

  it("keeps an unchanged device's view, and takes a password from a device read anew", async () => {
    let classroom = [pc('A', 'pw-a1'), pc('B', 'pw-b')];
    let online = [true, true];
    const live = new ClassroomLiveStatus(
      listsOf(
        () => classroom,
        () => classroom.map(({ remote_id }, n) => ({ remote_id, is_online: online[n] ?? false })),
      ),
      'room',
    );
    const first = await live.refresh();
    online = [true, false];
    const second = await live.refresh();
    expect(second.devices[0]).toBe(first.devices[0]);
    expect(second.devices[1]).not.toBe(first.devices[1]);
    expect(second.changes).toEqual([{ type: 'online-changed', remoteId: 'id-B', online: false }]);
    expect(live.password('id-A')).toBe('pw-a1');

    // A's page changed: its password is the new one, its view (which holds none) the same.
    classroom = [pc('A', 'pw-a2'), classroom[1] ?? pc('B', 'pw-b')];
    const third = await live.refresh();
    expect(live.password('id-A')).toBe('pw-a2');
    expect(third.devices[0]).toBe(first.devices[0]);
    expect(third.changes).toEqual([]);
  });
});

/**
 * A scripted service for faults: the account list and the classroom's ids live in `state`, and
 * `state.hook` may answer a request itself (a fault) or change the state before it is served.
 */
/** Live status on the service, after its first refresh: what comes next is a change. */
async function readOnce(baseUrl: string) {
  const live = liveStatusOn(baseUrl);
  await live.refresh();
  return live;
}

async function scriptedService(classroom: readonly number[] = CLASSROOM, accountSize = 400) {
  const wire = (n: number): AccountDevice => {
    const { classroom: _classroom, ...rest } = device(n);
    return rest;
  };
  const state = {
    account: Array.from({ length: accountSize }, (_, n) => wire(n)),
    classroom: classroom.map(id),
    /** Classroom devices the account list does not carry. */
    unlisted: new Map<string, AccountDevice>(),
    hook: undefined as ((request: RecordedRequest) => Behaviour | undefined) | undefined,
  };
  const isClassroom = (request: RecordedRequest) =>
    request.url.startsWith(servicePaths.classroomDevices('room-a'));
  const service = await servers.misbehaving((request) => {
    const injected = state.hook?.(request);
    if (injected) return injected;
    if (!isClassroom(request)) return fault.page(state.account);
    const byId = new Map(state.account.map((d) => [d.remote_id, d]));
    return fault.page(
      state.classroom.map((remoteId) => {
        const found = byId.get(remoteId) ?? state.unlisted.get(remoteId);
        if (!found) throw new Error(`no device ${remoteId}`);
        const { is_online: _online, ...classroomVariant } = found;
        return classroomVariant;
      }),
    );
  });
  const setOnline = (n: number, online: boolean) => {
    const found = state.account.find((d) => d.remote_id === id(n));
    if (!found) throw new Error(`no device ${n}`);
    found.is_online = online;
  };
  return { state, service, isClassroom, wire, setOnline };
}

const isAccount = (request: RecordedRequest) => request.url.startsWith(servicePaths.accountDevices);

async function failure(promise: Promise<unknown>): Promise<ServiceProblem> {
  const error: unknown = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ServiceError);
  return (error as ServiceError).problem;
}

describe('ClassroomLiveStatus against a misbehaving service', () => {
  it('shows null for a classroom device the account list lacks, without searching for it each time', async () => {
    const { state, service, wire } = await scriptedService([60, 100]);
    state.unlisted.set(id(9_999), wire(9_999));
    state.classroom.push(id(9_999));
    const live = liveStatusOn(service.url);
    expect((await live.refresh()).devices).toEqual([view(60), view(100), view(9_999, null)]);

    const steady = await live.refresh();
    expect(steady.searched).toBe(false);
    expect(steady.devices).toContainEqual(view(9_999, null));
  });

  const faults: [string, Behaviour, Partial<ServiceProblem>][] = [
    ['no answer in time', fault.hang(), { kind: 'network', cause: 'timeout' }],
    ['a 500', fault.status(500), { kind: 'server', status: 500 }],
    [
      'a 429 with Retry-After',
      fault.rateLimited('1'),
      { kind: 'rate-limited', retryAfterMs: 1000 },
    ],
    ['truncated JSON', fault.truncatedJson(), { kind: 'bad-response' }],
    ['an HTML error page', fault.html(502), { kind: 'server', status: 502 }],
    ['a connection reset', fault.reset(), { kind: 'network', cause: 'reset' }],
    ['a reset halfway through the body', fault.reset(true), { kind: 'network' }],
  ];
  // Page 3 is remembered; page 7 is read only by a search here (the pages in turn these refreshes read are 1 and 4).
  const phases = {
    'the classroom list': (request: RecordedRequest) => !isAccount(request),
    'a remembered account page': (request: RecordedRequest) =>
      isAccount(request) && request.page === 3,
    'a search': (request: RecordedRequest) => isAccount(request) && request.page === 7,
  };

  describe.each(Object.entries(phases))('on %s', (phase, hits) => {
    it.each(faults)(
      'fails on %s and leaves the last view and page memory as they were',
      async (_name, behaviour, problem) => {
        const { state, service, wire, setOnline } = await scriptedService();
        const timeouts = requestTimeouts();
        const live = liveStatusOn(service.url, timeouts);
        await live.refresh();
        const searching = phase === 'a search';
        // A new account device changes the total, so this refresh has to search.
        if (searching) state.account.push(wire(10_000));
        state.hook = (request) => {
          if (!hits(request)) return undefined;
          // No answer: the request times out once the service has it, and only then.
          return behaviour.type === 'hang' ? timeouts.neverAnswers() : behaviour;
        };
        expect(await failure(live.refresh())).toMatchObject(problem);
        expect(live.password(id(100))).toBe('pw-100');

        state.hook = undefined;
        setOnline(100, false);
        const next = await live.refresh();
        // Diffed against the view before the failure; the total that called for a search
        // still does, because the failed search remembered nothing.
        expect(next.changes).toEqual([
          { type: 'online-changed', remoteId: id(100), online: false },
        ]);
        expect(next.searched).toBe(searching);
        // A failed steady refresh did not move the turn on: page 1 is still next.
        if (!searching) expect(next.accountPagesRead).toEqual(FIRST_STEADY);
        const after = await live.refresh();
        expect(after.searched).toBe(false);
        expect(after.accountPagesRead).toEqual(searching ? FIRST_STEADY : [...REMEMBERED_PAGES, 4]);
      },
    );
  });

  it('fails, keeping the last view, while the classroom list keeps changing as it is read', async () => {
    // 60 classroom devices: two classroom pages, so a walk can see the list change.
    const classroom = Array.from({ length: 60 }, (_, i) => i * 5);
    const { state, service, isClassroom } = await scriptedService(classroom);
    const live = await readOnce(service.url);
    let joining = 300;
    state.hook = (request) => {
      // Each classroom request sees one device more than the one before.
      if (isClassroom(request)) state.classroom.push(id(joining++));
      return undefined;
    };
    expect(await failure(live.refresh())).toMatchObject({ kind: 'bad-response' });

    state.hook = undefined;
    const next = await live.refresh();
    const joined = Array.from({ length: joining - 300 }, (_, i) => ({
      type: 'device-added',
      device: view(300 + i),
    }));
    expect(next.changes).toEqual(joined);
  });

  it('reads the new classroom list when it changed once during the walk', async () => {
    const classroom = Array.from({ length: 60 }, (_, i) => i * 5);
    const { state, service, isClassroom } = await scriptedService(classroom);
    const live = await readOnce(service.url);
    let seen = 0;
    state.hook = (request) => {
      if (isClassroom(request) && ++seen === 2) state.classroom.push(id(301));
      return undefined;
    };
    expect((await live.refresh()).changes).toEqual([{ type: 'device-added', device: view(301) }]);
  });

  it('fails, keeping the last view and memory, while the account list keeps changing during a search', async () => {
    const { state, service, wire, setOnline } = await scriptedService();
    const live = await readOnce(service.url);
    let added = 10_000;
    state.hook = (request) => {
      if (isAccount(request)) state.account.push(wire(added++));
      return undefined;
    };
    expect(await failure(live.refresh())).toMatchObject({ kind: 'bad-response' });

    state.hook = undefined;
    setOnline(260, false);
    const next = await live.refresh();
    expect(next.changes).toEqual([{ type: 'online-changed', remoteId: id(260), online: false }]);
    expect((await live.refresh()).accountPagesRead).toEqual(FIRST_STEADY);
  });

  it('follows devices that shifted between pages since the last refresh', async () => {
    const { state, service, wire } = await scriptedService();
    const live = await readOnce(service.url);
    // Same total, everything one slot up: device 100 now ends page 2.
    state.account = [...state.account.slice(1), wire(10_000)];

    const result = await live.refresh();
    expect(result.searched).toBe(true);
    expect(result.devices).toEqual(CLASSROOM.map((n) => view(n)));
    expect((await live.refresh()).accountPagesRead).toEqual([2, 6, 1]);
  });

  it('finds a device that a shift carried past the search, instead of calling it unknown', async () => {
    const { state, service, wire } = await scriptedService();
    const before = state.account;
    const shifted = [...before.slice(1), wire(10_000)];
    // The first walk reads pages 1 and 2 before the shift and the rest after it: device 100
    // moves from page 3 to page 2 in between and is on neither page as read.
    let walks = 0;
    state.hook = (request) => {
      if (!isAccount(request)) return undefined;
      if (request.page === 1) walks++;
      return fault.page(walks === 1 && request.page <= 2 ? before : shifted);
    };
    const live = liveStatusOn(service.url);
    const result = await live.refresh();
    expect(result.devices).toEqual(CLASSROOM.map((n) => view(n)));
    expect((await live.refresh()).accountPagesRead).toEqual([2, 6, 1]);
  });
});

/**
 * The rolling sweep's cost, counted in pages over 100 refreshes: an in-memory account list of
 * 5,000 devices (100 pages), the classroom's 30 at the start of account pages 7, 42 and 88.
 */
function countedAccount() {
  const classroom = [7, 42, 88].flatMap((page) =>
    Array.from({ length: 10 }, (_, i) => (page - 1) * 50 + i * 5),
  );
  const wire = (n: number): AccountDevice => {
    const { classroom: _classroom, ...rest } = device(n);
    return rest;
  };
  const state = {
    account: Array.from({ length: 5_000 }, (_, n) => wire(n)),
    classroom: classroom.map(id),
    /** Classroom devices the account list does not carry. */
    unlisted: [] as AccountDevice[],
  };
  const pageOf = (n: number) =>
    paginate(
      state.account,
      n,
      (page) => `http://service.test/?page=${page}`,
      (d) => d,
    );
  let pagesRead = 0;
  const lists: DeviceLists = {
    classroomDevices: async () =>
      state.classroom.map((remoteId) => {
        const found = [...state.account, ...state.unlisted].find((d) => d.remote_id === remoteId);
        if (!found) throw new Error(`no device ${remoteId}`);
        const { is_online: _online, ...classroomVariant } = found;
        return classroomVariant;
      }),
    accountPages: async (pages) => {
      pagesRead += pages.length;
      return pages.map(pageOf);
    },
    allAccountPages: async () => {
      const last = pageOf(1).meta.last_page;
      pagesRead += last;
      return Array.from({ length: last }, (_, i) => pageOf(i + 1));
    },
  };
  const live = new ClassroomLiveStatus(lists, 'room-a');
  /** Pages each of `count` refreshes read; `before(i)` may change the account first. */
  const refreshes = async (count: number, before: (i: number) => void = () => {}) => {
    const rows = [];
    for (let i = 0; i < count; i++) {
      before(i);
      const start = pagesRead;
      const result = await live.refresh();
      rows.push({ result, pages: pagesRead - start });
    }
    return rows;
  };
  return { state, wire, live, refreshes };
}

const meanOf = (values: number[]) => values.reduce((sum, n) => sum + n, 0) / values.length;

describe('the rolling sweep', () => {
  it('reads 4 account pages on every steady refresh of 100: never more, on average no more', async () => {
    const { refreshes } = countedAccount();
    const [cold] = await refreshes(1);
    expect(cold?.pages).toBe(100);

    const steady = await refreshes(100);
    const pages = steady.map((row) => row.pages);
    expect(Math.max(...pages)).toBe(4);
    expect(meanOf(pages)).toBe(4);
    expect(steady.some((row) => row.result.searched)).toBe(false);
  });

  it('reads every account page once in 97 refreshes, a page in turn at a time', async () => {
    const { refreshes } = countedAccount();
    await refreshes(1);
    const cycle = await refreshes(97);
    const inTurn = cycle.map((row) => row.result.accountPagesRead.at(-1));
    const others = Array.from({ length: 100 }, (_, i) => i + 1).filter(
      (page) => ![7, 42, 88].includes(page),
    );
    expect(inTurn).toEqual(others);
  });

  it('searches at once for a device that moved, and reads only its new page as well after', async () => {
    const { state, wire, refreshes } = countedAccount();
    await refreshes(1);
    // At refresh 50 a device before page 88 leaves and one is added at the end: the
    // classroom's device at the start of page 88 moves to the end of page 87, same total.
    const moved = 87 * 50;
    const rows = await refreshes(100, (i) => {
      if (i !== 50) return;
      state.account = [...state.account.filter((d) => d.remote_id !== id(4_000)), wire(9_000)];
      const device = state.account.find((d) => d.remote_id === id(moved));
      // Device 4,350 was offline (a multiple of 3): the search shows it online.
      if (device) device.is_online = true;
    });

    const search = rows[50];
    expect(search?.result.searched).toBe(true);
    expect(search?.pages).toBe(104);
    expect(search?.result.changes).toEqual([
      { type: 'online-changed', remoteId: id(moved), online: true },
    ]);
    const pages = rows.map((row) => row.pages);
    expect(new Set(pages.slice(0, 50))).toEqual(new Set([4]));
    // Its nine neighbours stay on page 88: the classroom now spans four pages, plus one in turn.
    expect(new Set(pages.slice(51))).toEqual(new Set([5]));
    expect(rows.at(-1)?.result.accountPagesRead.slice(0, 4)).toEqual([7, 42, 87, 88]);
  });

  it('finds a device the account list did not show when its page comes in turn, without a search', async () => {
    const { state, wire, refreshes } = countedAccount();
    // A classroom device the account list lacks: Unknown until it appears there.
    const late = wire(9_001);
    state.unlisted.push(late);
    state.classroom.push(late.remote_id);
    const [cold] = await refreshes(1);
    expect(cold?.result.devices.at(-1)?.online).toBeNull();

    // It takes the place of device 2,980 (page 60): the total does not change.
    state.account[2_980] = late;
    const rows = await refreshes(97);
    const foundAt = rows.findIndex((row) => row.result.changes.length > 0);
    expect(rows[foundAt]?.result.accountPagesRead.at(-1)).toBe(60);
    expect(rows[foundAt]?.result.changes).toEqual([
      { type: 'online-changed', remoteId: late.remote_id, online: late.is_online },
    ]);
    expect(rows.some((row) => row.result.searched)).toBe(false);
    // From then on its page is remembered too: four pages and the one in turn.
    expect(rows.at(-1)?.pages).toBe(5);
  });

  it('searches when the page in turn lists a classroom device away from its own page', async () => {
    const { state, refreshes } = countedAccount();
    await refreshes(1);
    const copy = state.account.find((d) => d.remote_id === id(300));
    if (!copy) throw new Error('no device 300');
    state.account[0] = { ...copy };
    const [next] = await refreshes(1);
    expect(next?.result.searched).toBe(true);
  });
});
