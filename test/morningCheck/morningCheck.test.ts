/**
 * The school's morning check, end to end against the local service on 127.0.0.1: three rooms
 * (Room A with two devices offline, Room B all ready, a room the service does not know) through
 * the npm entry (in this process, and cli.ts in a process of its own) and through the installed
 * app's entry (the Electron main entry's --readiness path, electron mocked: no window, no tray,
 * no single-instance lock, the address from the school's policy and the token from the keychain).
 * Every format checked; the account's device pages read once for the three rooms; never a
 * token, a device password or a student's name in any.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AccountData, RunningLocalService } from '../../src-main/local-service/index';
import { startLocalService } from '../../src-main/local-service/index';
import type { ManagedPolicy } from '../../src-main/core/policy/policyChecker';
import type * as PolicySources from '../../src-main/core/policy/policySources';
import type * as Vault from '../../src-main/core/account/vault';
import { silentLogger } from '../../src-main/core/logger';
import { Availability } from '../../src-main/core/readiness/availability';
import { runReadiness } from '../../src-main/morningCheck/readinessCommand';
import { childProcesses } from '../support/childProcesses';
import { parseCsv } from '../support/csv';
import { device } from '../support/fixtures';
import { callerOf, newAccessToken } from '../support/localServiceControl';
import { parsePrometheusText } from '../support/prometheusText';
import type { ElectronMock } from '../electron/electronMock';

vi.mock('electron', async () => (await import('../electron/electronMock')).electronMock());
vi.mock('menubar', () => ({ menubar: vi.fn() }));
vi.mock('electron-store', () => ({ default: vi.fn() }));
vi.mock('../../src-main/core/classTray', () => ({ createClassTray: vi.fn() }));
vi.mock('electron-updater', () => ({ default: { autoUpdater: undefined } }));
vi.mock('../../src-main/electron/desktopBus', () => ({
  hasTrayWatcher: vi.fn(async () => true),
  hasShortcutsPortal: vi.fn(async () => true),
}));
/** This machine's policy as the app reads it, and the signed-in user's keychain. */
const machine = vi.hoisted((): { policy: ManagedPolicy; keychain: Map<string, string> } => ({
  policy: { locked: {}, defaults: {} },
  keychain: new Map(),
}));
vi.mock('../../src-main/core/policy/policySources', async (original) => ({
  ...(await original<typeof PolicySources>()),
  readSystemPolicy: vi.fn(async () => machine.policy),
}));
vi.mock('../../src-main/core/account/vault', async (original) => ({
  ...(await original<typeof Vault>()),
  loadKeytarModule: async () => ({
    getPassword: async (service: string, account: string) =>
      service === 'ClassTray' ? (machine.keychain.get(account) ?? null) : null,
    setPassword: async () => undefined,
    deletePassword: async () => false,
  }),
}));

const TOKEN = 'morning-check-token-0123456789';
const STUDENT = 'Ada Lovelace';
const T0 = Date.parse('2026-03-02T07:00:00.000Z');
const NOW = T0 + 30 * 60_000;
const ROOMS = ['--classroom', 'room-a', '--classroom', 'room-b', '--classroom', 'room-u'];

const fixture: AccountData = {
  classrooms: [
    { id: 'room-a', name: 'Room A' },
    { id: 'room-b', name: 'Room B' },
  ],
  devices: [
    ...[1, 2, 3, 4].map((n) => device(n, { classroom: 'room-a', is_online: n !== 2 && n !== 3 })),
    ...[5, 6, 7].map((n) => device(n, { classroom: 'room-b', is_online: true })),
    // The rest of the school: 117 devices, three account pages.
    ...Array.from({ length: 110 }, (_, i) => device(100 + i, { is_online: true })),
  ],
  temporal_accesses: [],
};
const ACCOUNT_PAGES = 3;

let service: RunningLocalService;
let dataDir: string;
let accessToken: string;

beforeAll(async () => {
  service = await startLocalService({ token: TOKEN, fixture });
  dataDir = await mkdtemp(join(tmpdir(), 'classtray-morning-'));
  // ClassTray watched PC-2 go offline at 07:00.
  const history = new Availability(dataDir, silentLogger, () => T0);
  history.saw(service.url, [{ remoteId: '100000002', online: true }], T0 - 60_000);
  history.saw(service.url, [{ remoteId: '100000002', online: false }], T0);
  await history.flushed();
  // What must never show: an access's token and the device's password, a student's name kept
  // in the data folder.
  accessToken = await newAccessToken(service, '100000002');
  await writeFile(join(dataDir, 'students.json'), JSON.stringify({ names: [STUDENT] }));
});
afterAll(async () => {
  await service.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** Never a token, a device password or a student's name. */
function expectNoSecret(text: string): void {
  for (const secret of [TOKEN, accessToken, 'pw-', STUDENT]) expect(text).not.toContain(secret);
}

/** The requests the service answered meanwhile: account pages, classroom pages. */
async function requestsOf(run: () => Promise<unknown>) {
  const stats = async () => {
    const response = await callerOf(service)('GET', '/_local/stats');
    return ((await response.json()) as { requests: Record<string, number> }).requests;
  };
  const before = await stats();
  await run();
  const after = await stats();
  const delta = (key: string) => (after[key] ?? 0) - (before[key] ?? 0);
  return {
    account: delta('GET /api/v1/devices'),
    classroom: Object.keys(after)
      .filter((key) => key.includes('/classrooms/'))
      .reduce((sum, key) => sum + delta(key), 0),
  };
}

/** The npm entry, in this process. */
async function npmEntry(args: string[]) {
  let out = '';
  let err = '';
  const code = await runReadiness({
    argv: [...ROOMS, '--service-url', service.url, ...args],
    env: { CLASSTRAY_TOKEN: TOKEN, CLASSTRAY_DATA_DIR: dataDir },
    out: (text) => (out += text),
    err: (text) => (err += text),
    now: () => NOW,
    timeZone: 'UTC',
  });
  expectNoSecret(out + err);
  return { code, out, err };
}

/** Each format's checks, whichever entry wrote it. */
const checks = {
  text(out: string) {
    const [summary, roomA, roomB, roomU] = out.split(/\n(?=ClassTray:|Room: id room-u)/);
    expect(summary).toBe('Rooms: 3. Every device ready: 1. Not ready: 1. Not checked: 1.\n');
    expect(roomA).toContain('ClassTray: devices not ready\nRoom: id room-a\n');
    expect(roomA).toContain('Ready: 2 of 4. Offline: 2.');
    expect(roomA).toMatch(/- PC-2 \(remote id 100000002\): offline since Mar 2, 2026, 0\d:00/);
    expect(roomA).toContain('- PC-3 (remote id 100000003): offline\n');
    expect(roomB).toContain('ClassTray: every device ready\nRoom: id room-b\n');
    expect(roomB).toContain('Every device is ready.');
    expect(roomU).toBe('Room: id room-u\nNot checked: the service does not know this classroom.\n');
  },
  json(out: string) {
    const { rooms } = JSON.parse(out) as { rooms: Record<string, unknown>[] };
    expect(rooms).toMatchObject([
      {
        classroomId: 'room-a',
        name: 'room-a (room ID)',
        checked: true,
        total: 4,
        ready: 2,
        offline: 2,
        unknown: 0,
        disabled: 0,
        no2fa: 0,
        notReady: [
          { remoteId: '100000002', alias: 'PC-2', offlineSince: new Date(T0).toISOString() },
          { remoteId: '100000003', alias: 'PC-3', offlineSince: null },
        ],
      },
      { classroomId: 'room-b', checked: true, total: 3, ready: 3, allReady: true, notReady: [] },
      { classroomId: 'room-u', checked: false, problem: expect.stringContaining('does not know') },
    ]);
  },
  csv(out: string) {
    const [header, ...rows] = parseCsv(out);
    const column = (name: string) => header?.indexOf(name) ?? -1;
    expect(
      rows.map((row) => [
        row[column('room_id')],
        row[column('room_status')],
        row[column('remote_id')],
      ]),
    ).toEqual([
      ['room-a', 'not ready', '100000002'],
      ['room-a', 'not ready', '100000003'],
      ['room-b', 'ready', ''],
      ['room-u', 'not checked', ''],
    ]);
    expect(rows[0]?.[column('offline_since')]).toBe(new Date(T0).toISOString());
  },
  prometheus(out: string) {
    const families = parsePrometheusText(out);
    const samples = (name: string) =>
      families.find((family) => family.name === name)?.metrics ?? [];
    expect(
      samples('classtray_devices')
        .filter(({ labels }) => labels?.state === 'offline')
        .map(({ labels, value }) => [labels?.room, value]),
    ).toEqual([
      ['room-a', '2'],
      ['room-b', '0'],
    ]);
    expect(
      samples('classtray_room_checked').map(({ labels, value }) => [labels?.room, value]),
    ).toEqual([
      ['room-a', '1'],
      ['room-b', '1'],
      ['room-u', '0'],
    ]);
    expect(samples('classtray_offline_since_seconds')).toEqual([
      {
        value: String(T0 / 1000),
        labels: expect.objectContaining({ room: 'room-a', remote_id: '100000002' }),
      },
    ]);
  },
};

const PERFDATA = /^(?:'(?:[^']|'')+'|[^\s=']+)=-?\d+(?:\.\d+)?(?:[a-zA-Z%]+)?(?:;(?:\d+)?){0,4}$/;
function checkNagios(out: string, state: string) {
  const [status = '', perf = ''] = out.trimEnd().split(' | ');
  expect(out.trimEnd().split('\n')).toHaveLength(1);
  expect(status).toMatch(new RegExp(`^CLASSTRAY READINESS ${state} - `));
  expect(status).toContain('room-a (room ID): 2 of 4 ready, 2 offline');
  expect(status).toContain('room-u (room ID): not checked');
  const fields = perf
    .replace("'room-a offline'", 'room-a_offline')
    .replace("'room-b offline'", 'room-b_offline')
    .split(' ');
  for (const field of fields) expect(field).toMatch(PERFDATA);
  expect(perf).toContain('ready=5;;;0;7 offline=2;;;0;7');
}

describe('the morning check from the npm entry', () => {
  it.each(['text', 'json', 'csv', 'prometheus'] as const)(
    '%s: every room, exit 2 for the room not checked',
    async (format) => {
      const run = await npmEntry(['--format', format]);
      expect(run.code).toBe(2);
      expect(run.err).toBe('readiness: the service has no classroom with the id "room-u".\n');
      checks[format](run.out);
    },
  );

  it('nagios: CRITICAL above --critical, else UNKNOWN for the room not checked', async () => {
    const critical = await npmEntry(['--format', 'nagios', '--warning', '0', '--critical', '1']);
    expect(critical.code).toBe(2);
    checkNagios(critical.out, 'CRITICAL');
    expect(critical.out).toContain("'room-a offline'=2;0;1;0;4");
    const unknown = await npmEntry(['--format', 'nagios', '--critical', '50%']);
    expect(unknown.code).toBe(3);
    checkNagios(unknown.out, 'UNKNOWN');
  });

  it("reads the account's device pages once for the three rooms, and each room's own once", async () => {
    const requests = await requestsOf(() => npmEntry(['--format', 'json']));
    expect(requests).toEqual({ account: ACCOUNT_PAGES, classroom: 3 });
  });
});

const startChild = childProcesses();
describe('the npm script', () => {
  it('runs cli.ts in a process of its own and exits with the plugin code', async () => {
    const run = await startChild.toEnd(
      'src-main/morningCheck/cli.ts',
      [...ROOMS, '--format', 'nagios', '--critical', '1'],
      {
        env: {
          ...process.env,
          CLASSTRAY_TOKEN: TOKEN,
          CLASSTRAY_SERVICE_URL: service.url,
          CLASSTRAY_DATA_DIR: dataDir,
        },
      },
    );
    expect(run.code).toBe(2);
    checkNagios(run.stdout, 'CRITICAL');
    expectNoSecret(run.stdout + run.stderr);
  });
});

describe('the morning check from the installed app (ClassTray --readiness …)', () => {
  let output = '';
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    vi.unstubAllEnvs();
    machine.policy = { locked: {}, defaults: {} };
    machine.keychain.clear();
  });

  /** main.ts loaded as a launch would, with these arguments; resolves with the exit code. */
  async function installedApp(args: string[]) {
    vi.resetModules();
    vi.clearAllMocks();
    // The check's time, as for the npm entry: only Date is faked, the network's timers are real.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    const electron = (await import('electron')) as unknown as ElectronMock;
    electron.app.removeAllListeners();
    output = '';
    const errors: string[] = [];
    /** A stream's write, kept here; its callback called, as a pipe calls it once written. */
    const writeTo =
      (keep: (text: string) => void) =>
      (chunk: string | Uint8Array, ...rest: unknown[]) => {
        keep(String(chunk));
        const done = rest.find((arg) => typeof arg === 'function') as (() => void) | undefined;
        done?.();
        return true;
      };
    vi.spyOn(process.stdout, 'write').mockImplementation(writeTo((text) => (output += text)));
    vi.spyOn(process.stderr, 'write').mockImplementation(writeTo((text) => errors.push(text)));
    const savedArgv = process.argv;
    const lastResort = ['uncaughtException', 'unhandledRejection'].map(
      (event) => [event, process.listeners(event as 'uncaughtException')] as const,
    );
    process.argv = ['/opt/ClassTray/classtray', '--readiness', ...args];
    try {
      await import('../../src-main/electron/main');
    } finally {
      process.argv = savedArgv;
    }
    await vi.waitFor(() => expect(electron.app.exit).toHaveBeenCalled(), { timeout: 20_000 });
    // What main.ts put on this process for its last resort, taken off again.
    for (const [event, before] of lastResort) {
      for (const listener of process.listeners(event as 'uncaughtException')) {
        if (!before.includes(listener)) process.off(event as 'uncaughtException', listener);
      }
    }
    const { menubar } = await import('menubar');
    // Nothing of the tray app: no lock, no data folder set, no tray or window.
    expect(electron.app.requestSingleInstanceLock).not.toHaveBeenCalled();
    expect(electron.app.setPath).not.toHaveBeenCalled();
    expect(menubar).not.toHaveBeenCalled();
    expectNoSecret(output + errors.join(''));
    return {
      code: electron.app.exit.mock.calls[0]?.[0] as number,
      out: output,
      err: errors.join(''),
    };
  }

  it.each(['text', 'json', 'csv', 'prometheus', 'nagios'] as const)(
    '%s: the address from the policy, the token from the keychain',
    async (format) => {
      machine.policy = { locked: { ServiceUrl: service.url }, defaults: {} };
      machine.keychain.set(service.url, TOKEN);
      vi.stubEnv('CLASSTRAY_TOKEN', undefined);
      vi.stubEnv('CLASSTRAY_SERVICE_URL', undefined);
      vi.stubEnv('CLASSTRAY_DATA_DIR', dataDir);
      vi.stubEnv('TZ', 'UTC');
      const args = format === 'nagios' ? ['--critical', '1'] : [];
      const run = await installedApp([...ROOMS, '--format', format, ...args]);
      if (format === 'nagios') {
        expect(run.code).toBe(2);
        checkNagios(run.out, 'CRITICAL');
      } else {
        expect(run.code).toBe(2);
        checks[format](run.out);
      }
    },
  );

  it('takes CLASSTRAY_TOKEN for a service account, and says where a token goes without one', async () => {
    vi.stubEnv('CLASSTRAY_DATA_DIR', dataDir);
    vi.stubEnv('CLASSTRAY_SERVICE_URL', service.url);
    vi.stubEnv('CLASSTRAY_TOKEN', TOKEN);
    const ready = await installedApp(['--classroom', 'room-b']);
    expect(ready.code).toBe(0);
    expect(ready.out).toContain('ClassTray: every device ready');
    vi.stubEnv('CLASSTRAY_TOKEN', undefined);
    const none = await installedApp(['--classroom', 'room-b']);
    expect(none.code).toBe(2);
    expect(none.err).toContain(
      'no API token: CLASSTRAY_TOKEN, or sign in to ClassTray as this user.',
    );
    expect(none.err).toContain('Usage: ClassTray --readiness');
  });
});
