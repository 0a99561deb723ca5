/**
 * main.ts's wiring, against the mocked `electron`, a fake menubar and a fake core: each test
 * imports main.ts afresh (vi.resetModules), as Electron runs it once per launch.
 */
import type { ManagedPolicy } from '../../src-main/core/policy/policyChecker';
import { EventEmitter } from 'node:events';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MenuItemConstructorOptions } from 'electron';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClassTrayOptions } from '../../src-main/core/classTray';
import type { ClassTrayChange } from '../../src-main/core/api/classTrayApi';
import { channels } from '../../src-main/electron/channels';
import { childProcesses } from '../support/childProcesses';
import {
  FakeWebContents,
  type ElectronMock,
  type FakeBrowserWindow,
  type FakeNotification,
} from './electronMock';
import { anaAccess, localTime, roomEnd, roomState, run } from './stateFixture';
import type { DesktopHome } from '../../src-shared/desktopHome';

vi.mock('electron', async () => (await import('./electronMock')).electronMock());
// menubar is CommonJS and would require the real electron module.
vi.mock('menubar', () => ({ menubar: vi.fn() }));
// Never constructed here: the fake core opens no settings and the secret file opens lazily.
vi.mock('electron-store', () => ({ default: vi.fn() }));
vi.mock('../../src-main/core/classTray', () => ({ createClassTray: vi.fn() }));
/** What the session bus answers (desktopBus.ts): a tray watcher, the shortcuts portal. */
const bus = vi.hoisted((): { trayWatcher: boolean | null; portal: boolean | null } => ({
  trayWatcher: true,
  portal: true,
}));
vi.mock('../../src-main/electron/desktopBus', () => ({
  hasTrayWatcher: vi.fn(async () => bus.trayWatcher),
  hasShortcutsPortal: vi.fn(async () => bus.portal),
}));
/** electron-updater's autoUpdater, mocked (as Gitify does): only its events and calls matter. */
const updater = vi.hoisted((): { current: unknown } => ({ current: undefined }));
vi.mock('electron-updater', () => ({
  default: {
    get autoUpdater() {
      return updater.current;
    },
  },
}));
function fakeUpdater() {
  const fake = Object.assign(new EventEmitter(), {
    autoDownload: false,
    autoInstallOnAppQuit: false,
    allowDowngrade: false,
    channel: null,
    updateConfigPath: null,
    httpExecutor: { createRequest: vi.fn(), request: vi.fn(), downloadToBuffer: vi.fn() },
    setFeedURL: vi.fn(),
    checkForUpdates: vi.fn(async () => null),
    quitAndInstall: vi.fn(),
  });
  updater.current = fake;
  return fake;
}

const startChild = childProcesses();
/** The data folder of every launch: the lock main.ts takes there is real. */
let dataDir: string;

/** `noteSeen`: where the teacher closed the note saying where ClassTray lives (first start: null). */
function fakeCore(noteSeen: DesktopHome | null = 'linux-tray') {
  return {
    getState: vi.fn(async () => {
      const state = roomState();
      return { ...state, preferences: { ...state.preferences, homeNoteSeen: noteSeen } };
    }),
    updatePreferences: vi.fn(async () => undefined),
    subscribe: vi.fn((_listener: (change: ClassTrayChange) => void) => () => undefined),
    setWindowVisible: vi.fn(),
    suspend: vi.fn(),
    resume: vi.fn(),
    refresh: vi.fn(async () => undefined),
    devicePassword: vi.fn(async () => 'pw-lab-07'),
    schoolPolicy: vi.fn((): ManagedPolicy => ({ locked: {}, defaults: {} })),
    setInstallation: vi.fn(),
    scheduledEndsSettled: vi.fn(async () => undefined),
    close: vi.fn(async () => undefined),
  };
}

function fakePopover() {
  const tray = Object.assign(new EventEmitter(), {
    getBounds: vi.fn(() => ({ x: 1800, y: 1040, width: 24, height: 40 })),
    setImage: vi.fn(),
    setToolTip: vi.fn(),
    setContextMenu: vi.fn(),
    popUpContextMenu: vi.fn(),
  });
  const window = Object.assign(new EventEmitter(), {
    webContents: new FakeWebContents(),
    isFocused: vi.fn(() => true),
    showInactive: vi.fn(),
    minimize: vi.fn(),
    isAlwaysOnTop: vi.fn(() => false),
    setAlwaysOnTop: vi.fn(),
    getSize: vi.fn(() => [380, 580]),
  });
  const options: Record<string, unknown> = {};
  return Object.assign(new EventEmitter(), {
    tray,
    window,
    showWindow: vi.fn(async () => undefined),
    hideWindow: vi.fn(),
    getOption: vi.fn((key: string) => options[key]),
    setOption: vi.fn((key: string, value: unknown) => {
      options[key] = value;
    }),
  });
}

/**
 * Loads main.ts as a launch would; `lock`: whether this is the first instance. The mocked
 * modules outlive vi.resetModules, so what a previous launch left on them is cleared first.
 */
async function launch({
  lock = true,
  argv = [],
  noteSeen = 'linux-tray',
}: { lock?: boolean; argv?: string[]; noteSeen?: DesktopHome | null } = {}) {
  forgetLastResort();
  vi.resetModules();
  vi.clearAllMocks();
  const electron = (await import('electron')) as unknown as ElectronMock;
  electron.app.removeAllListeners();
  electron.powerMonitor.removeAllListeners();
  electron.ipcMain.handlers.clear();
  electron.app.requestSingleInstanceLock.mockReturnValue(lock);
  electron.app.getPath.mockImplementation((name: string) => {
    if (name === 'userData') return dataDir;
    // Electron keeps the log under userData on Linux and Windows.
    return name === 'logs' ? join(dataDir, 'logs') : `/tmp/classtray-mock-${name}`;
  });
  let markReady = (): void => undefined;
  const ready = new Promise<void>((resolve) => {
    markReady = resolve;
  });
  electron.app.whenReady.mockReturnValue(ready);
  const core = fakeCore(noteSeen);
  const { createClassTray } = await import('../../src-main/core/classTray');
  vi.mocked(createClassTray).mockResolvedValue(core as never);
  const popover = fakePopover();
  const { menubar } = await import('menubar');
  vi.mocked(menubar).mockReturnValue(popover as never);
  // The command line is read as main.ts loads, as in a real launch.
  const savedArgv = process.argv;
  process.argv = [...savedArgv, ...argv];
  const before = Object.fromEntries(LAST_RESORT_EVENTS.map((event) => [event, listenersOf(event)]));
  try {
    await import('../../src-main/electron/main');
  } finally {
    process.argv = savedArgv;
    recordLastResort(before);
  }
  const started = async () => {
    markReady();
    await vi.waitFor(() => expect(menubar).toHaveBeenCalled());
  };
  return {
    electron,
    core,
    popover,
    createClassTray: vi.mocked(createClassTray),
    started,
    markReady: () => markReady(),
  };
}

type Listener = (...args: unknown[]) => void;
const LAST_RESORT_EVENTS = ['uncaughtException', 'unhandledRejection'];
/** This process's listeners of an event, as a plain EventEmitter sees them. */
const listenersOf = (event: string): Listener[] =>
  (process as EventEmitter).listeners(event) as Listener[];
/** The last-resort handlers main.ts put on this process, newest last. */
const lastResortAdded: { event: string; listener: Listener }[] = [];
/** What main.ts adds to the test's own process, taken off again before the next launch. */
function forgetLastResort(): void {
  for (const { event, listener } of lastResortAdded.splice(0)) {
    (process as EventEmitter).off(event, listener);
  }
}
function recordLastResort(before: Record<string, Listener[]>): void {
  for (const event of LAST_RESORT_EVENTS) {
    for (const listener of listenersOf(event)) {
      if (!before[event]?.includes(listener)) lastResortAdded.push({ event, listener });
    }
  }
}

/** The menu last drawn on the tray. */
const lastMenu = (electron: ElectronMock): MenuItemConstructorOptions[] =>
  (
    vi.mocked(electron.Menu.buildFromTemplate).mock.results.at(-1)?.value as {
      template: MenuItemConstructorOptions[];
    }
  ).template;
const click = (item: MenuItemConstructorOptions | undefined): void =>
  item?.click?.({ checked: false } as never, undefined, undefined as never);

/** The window's page fails to load, as Electron reports a page file that is missing. */
const failPageLoad = (popover: ReturnType<typeof fakePopover>) =>
  popover.window.webContents.emit(
    'did-fail-load',
    {},
    -6,
    'ERR_FILE_NOT_FOUND',
    'app://classtray/index.html',
    true,
  );

/** The core's pushes to main: what main subscribed with, called once it has subscribed. */
function pushesFrom(core: ReturnType<typeof fakeCore>): (change: ClassTrayChange) => void {
  let listener: ((change: ClassTrayChange) => void) | undefined;
  core.subscribe.mockImplementation((subscriber: (change: ClassTrayChange) => void) => {
    listener = subscriber;
    return () => undefined;
  });
  return (change) => listener?.(change);
}

/**
 * Makes this launch a packaged app's, with the resourcesPath Electron sets for one (where the
 * tray icons are); returns the undo, as the mocked electron outlives the launch.
 */
function packaged(electron: ElectronMock): () => void {
  electron.app.isPackaged = true;
  Object.assign(process, { resourcesPath: dataDir });
  return () => {
    electron.app.isPackaged = false;
    Reflect.deleteProperty(process, 'resourcesPath');
  };
}

/** A process holding the data folder's lock as the preview does, once it holds it. */
async function previewHoldingDataDir() {
  const preview = startChild(
    join(process.cwd(), 'test', 'support', 'lockHolder.ts'),
    [dataDir, 'the ClassTray preview'],
    /holding/,
  );
  await preview.ready;
  return preview;
}

describe('main', () => {
  let warn: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'classtray-main-'));
    fakeUpdater();
    warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    forgetLastResort();
    vi.useRealTimers();
    warn.mockRestore();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses a data folder the preview uses, naming it, and exits 1', async () => {
    const preview = await previewHoldingDataDir();
    const { electron, createClassTray, markReady } = await launch();
    markReady();
    await vi.waitFor(() => expect(electron.app.exit).toHaveBeenCalledWith(1));
    expect(electron.dialog.showErrorBox).toHaveBeenCalledWith(
      'ClassTray could not start',
      expect.stringMatching(
        `^The ClassTray data folder ${dataDir} is in use by the ClassTray preview \\(process ${preview.child.pid},`,
      ),
    );
    expect(createClassTray).not.toHaveBeenCalled();
  });

  it('holds the data folder while it runs and frees it once the core has closed', async () => {
    const { electron, core, started } = await launch();
    await started();
    expect(readdirSync(dataDir)).toContain('classtray.lock');
    electron.app.emit('will-quit', { preventDefault: vi.fn() });
    await vi.waitFor(() => expect(electron.app.quit).toHaveBeenCalled());
    expect(core.close).toHaveBeenCalled();
    expect(readdirSync(dataDir)).not.toContain('classtray.lock');
  });

  it('takes the single-instance lock and registers the app:// scheme before ready', async () => {
    const { electron, createClassTray, started } = await launch();
    expect(electron.app.requestSingleInstanceLock).toHaveBeenCalled();
    expect(electron.protocol.registerSchemesAsPrivileged).toHaveBeenCalledWith([
      expect.objectContaining({ scheme: 'app' }),
    ]);
    // Nothing that needs a ready app has run yet.
    expect(createClassTray).not.toHaveBeenCalled();
    expect(electron.protocol.handle).not.toHaveBeenCalled();
    await started();
    expect(electron.protocol.handle).toHaveBeenCalledWith('app', expect.any(Function));
  });

  it('asks for the code cache: the app:// scheme keeps one and the window fills it on its first load', async () => {
    const { electron, started } = await launch();
    // Chromium keeps a custom scheme's code cache only for a standard scheme that asks for it.
    expect(electron.protocol.registerSchemesAsPrivileged).toHaveBeenCalledWith([
      expect.objectContaining({
        scheme: 'app',
        privileges: expect.objectContaining({ standard: true, codeCache: true }),
      }),
    ]);
    await started();
    const { menubar } = await import('menubar');
    expect(vi.mocked(menubar).mock.calls[0]?.[0]).toMatchObject({
      index: 'app://classtray/index.html',
      browserWindow: { webPreferences: { v8CacheOptions: 'bypassHeatCheck' } },
    });
  });

  it('quits at once as a second instance, starting nothing', async () => {
    const { electron, createClassTray } = await launch({ lock: false });
    expect(electron.app.quit).toHaveBeenCalled();
    expect(electron.app.whenReady).not.toHaveBeenCalled();
    expect(createClassTray).not.toHaveBeenCalled();
  });

  it('serves the core on IPC and hands it net.fetch for the service', async () => {
    const { electron, createClassTray, started } = await launch();
    await started();
    expect([...electron.ipcMain.handlers.keys()]).toEqual(
      expect.arrayContaining([channels.state, channels.copyPassword, channels.actions.refresh]),
    );
    const options = createClassTray.mock.calls[0]?.[0] as ClassTrayOptions;
    const init = { method: 'PATCH' };
    await options.fetch?.('https://service.example/api/v1/devices', init);
    expect(electron.net.fetch).toHaveBeenCalledWith('https://service.example/api/v1/devices', init);
  });

  it('starts without waiting on safeStorage, whose first use may wait on a keychain prompt', async () => {
    const { electron, createClassTray, started } = await launch();
    electron.safeStorage.isAsyncEncryptionAvailable.mockReturnValue(new Promise(() => undefined));
    await started();
    expect(electron.safeStorage.isAsyncEncryptionAvailable).not.toHaveBeenCalled();
    const options = createClassTray.mock.calls[0]?.[0] as ClassTrayOptions;
    expect(options.secretFallback).toBeDefined();
  });

  it('creates the tray popover on the app:// page with the CommonJS preload', async () => {
    const { started } = await launch();
    await started();
    const { menubar } = await import('menubar');
    expect(vi.mocked(menubar).mock.calls[0]?.[0]).toMatchObject({
      index: 'app://classtray/index.html',
      preloadWindow: true,
      browserWindow: {
        webPreferences: { preload: expect.stringMatching(/preload[/\\]index\.cjs$/) },
      },
    });
  });

  it('draws the tray menu before the page loads; after a failed load Open and Quit still work', async () => {
    const { electron, popover, started } = await launch();
    await started();
    popover.emit('before-load');
    // menubar's 'ready' is never emitted here: it waits for a page that did not load.
    await vi.waitFor(() => expect(electron.Menu.buildFromTemplate).toHaveBeenCalled());
    failPageLoad(popover);
    expect(warn).toHaveBeenCalledWith(
      "The window's page did not load (ERR_FILE_NOT_FOUND, -6): app://classtray/index.html",
    );
    const menu = lastMenu(electron);
    click(menu.find((item) => item.label === 'Open ClassTray'));
    expect(popover.showWindow).toHaveBeenCalled();
    // Shown again, the window tries its page again.
    popover.window.emit('show');
    expect(popover.window.webContents.reload).toHaveBeenCalled();
    click(menu.find((item) => item.label === 'Quit ClassTray'));
    expect(electron.app.quit).toHaveBeenCalled();
  });

  it("writes its log in app.getPath('logs'), the console's lines with their level, and opens that folder from the tray menu", async () => {
    const { electron, popover, started } = await launch();
    await started();
    popover.emit('before-load');
    const logFile = join(dataDir, 'logs', 'classtray.log');
    failPageLoad(popover);
    const written = await readFile(logFile, 'utf8');
    expect(written).toMatch(/^\[[\d-]+ [\d:.]+\] \[info\] +ClassTray 0\.1\.0 starting \(Electron/m);
    expect(written).toMatch(
      /\[warn\] +The window's page did not load \(ERR_FILE_NOT_FOUND, -6\): app:\/\/classtray\/index\.html$/m,
    );
    // The same line on the console.
    expect(warn).toHaveBeenCalledWith(
      "The window's page did not load (ERR_FILE_NOT_FOUND, -6): app://classtray/index.html",
    );

    click(lastMenu(electron).find((item) => item.label === 'Open log folder'));
    await vi.waitFor(() =>
      expect(electron.shell.openPath).toHaveBeenCalledWith(join(dataDir, 'logs')),
    );
  });

  it('tells the core when the window shows and hides', async () => {
    const { core, popover, started } = await launch();
    await started();
    popover.emit('before-load');
    popover.window.emit('show');
    popover.window.emit('hide');
    expect(core.setWindowVisible.mock.calls).toEqual([[true], [false]]);
  });

  it('opens the window at the size saved last time, and saves the size it is left at', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'classtray-main-'));
    try {
      await writeFile(join(dataDir, 'window-size.json'), '{"width":700,"height":650}');
      const { electron, popover, started } = await launch();
      // Only for this launch: the next test's launch gets the mock's own path again.
      electron.app.getPath.mockReturnValueOnce(dataDir);
      await started();
      const { menubar } = await import('menubar');
      expect(vi.mocked(menubar).mock.calls[0]?.[0]?.browserWindow).toMatchObject({
        width: 700,
        height: 650,
        resizable: true,
      });
      popover.emit('before-load');
      popover.window.getSize.mockReturnValue([800, 600]);
      popover.window.emit('hide');
      const saved: unknown = JSON.parse(await readFile(join(dataDir, 'window-size.json'), 'utf8'));
      expect(saved).toEqual({ width: 800, height: 600 });
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('shows the first window when a second launch arrives', async () => {
    const { electron, popover, started } = await launch();
    await started();
    popover.emit('before-load');
    electron.app.emit('second-instance');
    expect(popover.showWindow).toHaveBeenCalledTimes(1);
  });

  it('shows the window once the tray exists when a second launch arrives during start-up', async () => {
    const { electron, popover, started } = await launch();
    electron.app.emit('second-instance');
    await started();
    expect(popover.showWindow).not.toHaveBeenCalled();
    popover.emit('before-load');
    expect(popover.showWindow).toHaveBeenCalledTimes(1);
  });

  it("says a data folder in use in the system's language, the English details below for IT", async () => {
    const preview = await previewHoldingDataDir();
    const { electron, markReady } = await launch();
    electron.app.getLocale.mockReturnValueOnce('de-AT');
    markReady();
    await vi.waitFor(() => expect(electron.app.exit).toHaveBeenCalledWith(1));
    expect(electron.dialog.showErrorBox).toHaveBeenCalledWith(
      'ClassTray konnte nicht starten',
      expect.stringMatching(
        `^Ein anderes ClassTray-Programm verwendet den Datenordner ${dataDir}\\. [^\n]+\n\nThe ClassTray data folder ${dataDir} is in use by the ClassTray preview \\(process ${preview.child.pid},`,
      ),
    );
  });

  it('says a data folder ClassTray cannot write, and why', async () => {
    rmSync(dataDir, { recursive: true });
    writeFileSync(dataDir, 'a file where the data folder should be');
    const { electron, createClassTray, markReady } = await launch();
    electron.app.getLocale.mockReturnValueOnce('es-ES');
    markReady();
    await vi.waitFor(() => expect(electron.app.exit).toHaveBeenCalledWith(1));
    expect(electron.dialog.showErrorBox).toHaveBeenCalledWith(
      'ClassTray no pudo iniciarse',
      `ClassTray no puede escribir en su carpeta de datos ${dataDir}.\n\n${dataDir} is not a folder.`,
    );
    expect(createClassTray).not.toHaveBeenCalled();
  });

  it.skipIf(process.getuid?.() !== 0)(
    'refuses a data folder another user owns, in the system’s language, before anything is written there (as root: only root can chown to "nobody")',
    async () => {
      const { chmodSync, chownSync } = await import('node:fs');
      chmodSync(dataDir, 0o777);
      chownSync(dataDir, 65_534, 65_534);
      const { electron, createClassTray, markReady } = await launch();
      expect(electron.app.requestSingleInstanceLock).not.toHaveBeenCalled();
      electron.app.getLocale.mockReturnValueOnce('de-AT');
      markReady();
      await vi.waitFor(() => expect(electron.app.exit).toHaveBeenCalledWith(1));
      expect(electron.dialog.showErrorBox).toHaveBeenCalledWith(
        'ClassTray konnte nicht starten',
        `ClassTray verwendet seinen Datenordner ${dataDir} nicht: Er oder etwas darin gehört einem anderen Benutzer dieses Computers, oder ClassTray konnte ihn nicht privat machen. Verwenden Sie einen eigenen Ordner, oder bitten Sie Ihre IT, das mit den Angaben unten zu beheben.\n\nThe ClassTray data folder ${dataDir} belongs to another user of this computer (uid 65534), who could read or change what ClassTray keeps there: ClassTray does not use it. Remove that folder (ClassTray then makes its own, private), or use another folder (--data-dir).`,
      );
      expect(readdirSync(dataDir)).toEqual([]);
      expect(createClassTray).not.toHaveBeenCalled();
    },
  );

  it.skipIf(process.getuid?.() !== 0)(
    'sets aside a log folder another user owns in the data folder, and starts, saying so in its own log (as root: only root can chown to "nobody")',
    async () => {
      const { chownSync, mkdirSync, statSync } = await import('node:fs');
      mkdirSync(join(dataDir, 'logs'), { mode: 0o777 });
      chownSync(join(dataDir, 'logs'), 65_534, 65_534);
      const { createClassTray, markReady } = await launch();
      markReady();
      await vi.waitFor(() => expect(createClassTray).toHaveBeenCalled());
      const aside = readdirSync(dataDir).find((name) => name.startsWith('logs.other-user-'));
      expect(aside).toBeDefined();
      expect(statSync(join(dataDir, 'logs')).uid).toBe(0);
      expect(await readFile(join(dataDir, 'logs', 'classtray.log'), 'utf8')).toContain(
        `[data] ${join(dataDir, 'logs')} belonged to another user of this computer (uid 65534): set aside unread as ${join(dataDir, aside ?? '')}; ClassTray starts without it.`,
      );
    },
  );

  it('keeps running with no window from the first moment, before start-up awaits anything', async () => {
    const { electron } = await launch();
    expect(electron.app.whenReady).toHaveBeenCalled();
    expect(electron.app.listenerCount('window-all-closed')).toBe(1);
    expect(electron.app.listenerCount('second-instance')).toBe(1);
  });

  it('says in a dialog that --data-dir needs a folder, then exits 1, starting nothing', async () => {
    const { electron, createClassTray, markReady } = await launch({ argv: ['--data-dir'] });
    expect(electron.app.requestSingleInstanceLock).not.toHaveBeenCalled();
    // Not before ready: on Linux the dialog would only be a line on stderr.
    await new Promise((resolve) => setImmediate(resolve));
    expect(electron.dialog.showErrorBox).not.toHaveBeenCalled();
    markReady();
    await vi.waitFor(() => expect(electron.app.exit).toHaveBeenCalledWith(1));
    expect(electron.dialog.showErrorBox).toHaveBeenCalledWith(
      'ClassTray could not start',
      '--data-dir needs a directory, as in --data-dir ./classtray-data',
    );
    expect(createClassTray).not.toHaveBeenCalled();
  });

  it("titles that dialog in the system's language", async () => {
    const { electron, markReady } = await launch({ argv: ['--data-dir'] });
    electron.app.getLocale.mockReturnValueOnce('es-ES');
    markReady();
    await vi.waitFor(() => expect(electron.app.exit).toHaveBeenCalledWith(1));
    expect(electron.dialog.showErrorBox).toHaveBeenCalledWith(
      'ClassTray no pudo iniciarse',
      '--data-dir needs a directory, as in --data-dir ./classtray-data',
    );
  });

  describe('on Windows', () => {
    const platform = process.platform;
    beforeEach(() => {
      Object.defineProperty(process, 'platform', { value: 'win32' });
      // Where a packaged app finds its tray icons.
      Object.assign(process, { resourcesPath: dataDir });
    });
    afterEach(() => {
      Object.defineProperty(process, 'platform', { value: platform });
      Reflect.deleteProperty(process, 'resourcesPath');
    });

    it("gives notifications Electron's own path as app id when unpackaged, the installer's id when packaged", async () => {
      for (const packaged of [false, true]) {
        const { electron, started } = await launch();
        electron.app.isPackaged = packaged;
        await started();
        expect(electron.app.setAppUserModelId).toHaveBeenCalledWith(
          packaged ? 'app.classtray.desktop' : process.execPath,
        );
        electron.app.isPackaged = false;
        // Frees the data folder for the next launch.
        electron.app.emit('will-quit', { preventDefault: vi.fn() });
        await vi.waitFor(() => expect(electron.app.quit).toHaveBeenCalled());
      }
    });
  });

  it('updates only when packaged: Restart to update in the tray once downloaded, after any running scheduled end', async () => {
    const autoUpdater = updater.current as ReturnType<typeof fakeUpdater>;
    const { electron, core, popover, started } = await launch();
    const unpackage = packaged(electron);
    try {
      await started();
      popover.emit('before-load');
      await vi.waitFor(() => expect(autoUpdater.checkForUpdates).toHaveBeenCalledOnce());
      expect(lastMenu(electron).map((item) => item.label)).not.toContain('Restart to update');

      expect(core.setInstallation).toHaveBeenLastCalledWith(
        expect.objectContaining({ updates: 'app', sandboxOff: false }),
      );

      autoUpdater.emit('update-downloaded', { version: '0.2.0' });
      const restart = lastMenu(electron).find((item) => item.label === 'Restart to update');
      click(restart);
      await vi.waitFor(() => expect(autoUpdater.quitAndInstall).toHaveBeenCalledOnce());
      // Silent, and started again once installed.
      expect(autoUpdater.quitAndInstall).toHaveBeenCalledWith(true, true);
      expect(core.scheduledEndsSettled).toHaveBeenCalledOnce();
      // ClassTray comes straight back: the restart's quit is not asked about.
      const restarting = { defaultPrevented: false, preventDefault: vi.fn() };
      electron.app.emit('before-quit', restarting);
      expect(restarting.preventDefault).not.toHaveBeenCalled();
      // Quitting stops the daily check with the core.
      electron.app.emit('will-quit', { preventDefault: vi.fn() });
      await vi.waitFor(() => expect(electron.app.quit).toHaveBeenCalled());
    } finally {
      unpackage();
    }
  });

  it('notifies a scheduled end that ran, once, while the window is hidden; a click shows the window', async () => {
    const { electron, core, popover, started } = await launch();
    const ran = roomState({
      scheduledEnds: { pending: [], ran: [run(roomEnd(localTime(10, 50)), { ended: 3 })] },
    });
    core.getState.mockResolvedValue(ran);
    const push = pushesFrom(core);
    await started();
    await vi.waitFor(() => expect(electron.Notification).toHaveBeenCalledTimes(1));
    expect(electron.Notification).toHaveBeenCalledWith({
      title: 'Scheduled end ran: Room 12 (all accesses)',
      body: 'Ended 3 accesses.',
    });
    const shown = vi.mocked(electron.Notification).mock.results[0]?.value as FakeNotification;
    shown.emit('click', {});
    expect(popover.showWindow).toHaveBeenCalledTimes(1);
    push({ type: 'scheduled-ends', scheduledEnds: ran.scheduledEnds });
    await vi.waitFor(() => expect(core.getState).toHaveBeenCalledTimes(2));
    await new Promise((resolve) => setImmediate(resolve));
    expect(electron.Notification).toHaveBeenCalledTimes(1);
  });

  it('pauses the core while the computer sleeps', async () => {
    const { electron, core, started } = await launch();
    await started();
    electron.powerMonitor.emit('suspend');
    expect(core.suspend).toHaveBeenCalled();
    electron.powerMonitor.emit('resume');
    expect(core.resume).toHaveBeenCalled();
  });

  it('tells an end run as the computer went to sleep when it wakes, not as it sleeps', async () => {
    const { electron, core, started } = await launch();
    const push = pushesFrom(core);
    await started();
    await vi.waitFor(() => expect(core.getState).toHaveBeenCalledTimes(2));
    electron.powerMonitor.emit('suspend');
    const atSleep = { ...run(roomEnd(localTime(10, 50)), { ended: 2 }), atSleep: true as const };
    const asleep = roomState({ scheduledEnds: { pending: [], ran: [atSleep] } });
    core.getState.mockResolvedValue(asleep);
    push({ type: 'scheduled-ends', scheduledEnds: asleep.scheduledEnds });
    await vi.waitFor(() => expect(core.getState).toHaveBeenCalledTimes(3));
    await new Promise((resolve) => setImmediate(resolve));
    expect(electron.Notification).not.toHaveBeenCalled();

    electron.powerMonitor.emit('resume');
    expect(electron.Notification).toHaveBeenCalledOnce();
    expect(vi.mocked(electron.Notification).mock.calls[0]?.[0]).toMatchObject({
      title: 'Scheduled end ran: Room 12 (all accesses)',
    });
  });

  it('asks before quitting while accesses run, from the core it started', async () => {
    const { electron, core, started } = await launch();
    await started();
    core.getState.mockResolvedValue(roomState({ temporalAccesses: [anaAccess] }));
    electron.dialog.showMessageBox.mockResolvedValueOnce({ response: 2, checkboxChecked: false });
    const event = { defaultPrevented: false, preventDefault: vi.fn() };
    electron.app.emit('before-quit', event);
    expect(event.preventDefault).toHaveBeenCalled();
    await vi.waitFor(() => expect(electron.dialog.showMessageBox).toHaveBeenCalledOnce());
    expect(electron.dialog.showMessageBox.mock.calls[0]?.[0]).toMatchObject({
      message: '1 access is still running in Room 12',
    });
  });

  it('takes the launch account of this run from --service-url and --classroom', async () => {
    const argv = process.argv;
    process.argv = [...argv, '--service-url', 'https://service.example', '--classroom=room-a'];
    try {
      const { createClassTray, started } = await launch();
      await started();
      expect(createClassTray.mock.calls[0]?.[0]).toMatchObject({
        launchServiceUrl: 'https://service.example',
        launchClassroom: 'room-a',
      });
    } finally {
      process.argv = argv;
    }
  });

  it('clears a copied password still on the clipboard when quitting', async () => {
    const { electron, started } = await launch();
    await started();
    const copy = electron.ipcMain.handlers.get(channels.copyPassword);
    const page = { senderFrame: { url: 'app://classtray/index.html', parent: null } };
    await copy?.(page, { remoteId: '100000001' });
    expect(electron.clipboard.contents()['text/plain']).toBe('pw-lab-07');
    electron.app.emit('will-quit', { preventDefault: vi.fn() });
    await vi.waitFor(() => expect(electron.clipboard.contents()).toEqual({}));
  });

  it('closes the core before quitting, and quits anyway after 3 s', async () => {
    const { electron, core, started } = await launch();
    await started();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    core.close.mockReturnValue(new Promise(() => undefined));
    const event = { preventDefault: vi.fn() };
    electron.app.emit('will-quit', event);
    expect(event.preventDefault).toHaveBeenCalled();
    // Once start-up (long done here) has handed over what it started.
    await vi.advanceTimersByTimeAsync(0);
    expect(core.close).toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(2_999);
    expect(electron.app.quit).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(electron.app.quit).toHaveBeenCalled();
  });
  it('waits for start-up to finish when asked to quit during it, then closes what it started', async () => {
    const { electron, core, markReady } = await launch();
    // Registered beside second-instance, before start-up awaited anything.
    expect(electron.app.listenerCount('will-quit')).toBe(1);
    const event = { preventDefault: vi.fn() };
    electron.app.emit('will-quit', event);
    expect(event.preventDefault).toHaveBeenCalled();
    await new Promise((resolve) => setImmediate(resolve));
    expect(electron.app.quit).not.toHaveBeenCalled();
    markReady();
    await vi.waitFor(() => expect(electron.app.quit).toHaveBeenCalled());
    expect(core.close).toHaveBeenCalled();
    expect(readdirSync(dataDir)).not.toContain('classtray.lock');
  });

  it('logs a failure nothing handled and goes on; an error nothing caught is said in a dialog, then it quits', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const { electron, started } = await launch();
      await started();
      const listener = (event: string): Listener =>
        lastResortAdded.find((added) => added.event === event)?.listener ?? (() => undefined);

      listener('unhandledRejection')(new Error('a promise nobody awaited'));
      expect(error).toHaveBeenLastCalledWith(
        expect.stringMatching(
          /^\[main\] A failure nothing handled \(ClassTray goes on\)\nError: a promise nobody awaited\n {4}at /,
        ),
      );
      expect(electron.app.quit).not.toHaveBeenCalled();
      expect(electron.dialog.showErrorBox).not.toHaveBeenCalled();

      listener('uncaughtException')(new TypeError('half done'), 'uncaughtException');
      expect(error).toHaveBeenLastCalledWith(
        expect.stringMatching(
          /^\[main\] An error nothing caught \(uncaughtException\): ClassTray quits\nTypeError: half done\n {4}at /,
        ),
      );
      expect(electron.dialog.showErrorBox).toHaveBeenCalledWith(
        'ClassTray stopped',
        'ClassTray met an error it cannot recover from, and closes. Start it again; the log has the details.\n\nTypeError: half done',
      );
      expect(electron.app.quit).toHaveBeenCalledOnce();
    } finally {
      error.mockRestore();
    }
  });
  it('says a failed update in the tray, and follows the policy when it is read again', async () => {
    const autoUpdater = updater.current as ReturnType<typeof fakeUpdater>;
    autoUpdater.checkForUpdates.mockRejectedValueOnce(new Error('net::ERR_CONNECTION_REFUSED'));
    const { electron, core, popover, started } = await launch();
    const unpackage = packaged(electron);
    const push = pushesFrom(core);
    try {
      await started();
      popover.emit('before-load');
      await vi.waitFor(() =>
        expect(lastMenu(electron).map((item) => item.label)).toContain(
          'Update failed; trying again tomorrow',
        ),
      );
      expect(warn).toHaveBeenCalledWith('[updates] Update failed: net::ERR_CONNECTION_REFUSED');

      // IT turns updates off; the core's next read of the policy says so as a change.
      core.schoolPolicy.mockReturnValue({ locked: { UpdatesEnabled: false }, defaults: {} });
      push({ type: 'account', account: roomState().account });
      await vi.waitFor(() =>
        expect(core.setInstallation).toHaveBeenLastCalledWith(
          expect.objectContaining({
            updates: 'school-policy',
            sandboxOff: false,
          }),
        ),
      );
      expect(lastMenu(electron).map((item) => item.label)).not.toContain(
        'Update failed; trying again tomorrow',
      );
      expect(autoUpdater.checkForUpdates).toHaveBeenCalledOnce();
      electron.app.emit('will-quit', { preventDefault: vi.fn() });
      await vi.waitFor(() => expect(electron.app.quit).toHaveBeenCalled());
    } finally {
      unpackage();
    }
  });

  it('says in the window when Linux started it with --no-sandbox', async () => {
    const platform = process.platform;
    Object.defineProperty(process, 'platform', { value: 'linux' });
    try {
      const { core, started } = await launch({ argv: ['--no-sandbox'] });
      await started();
      expect(core.setInstallation).toHaveBeenLastCalledWith(
        expect.objectContaining({ updates: 'none', sandboxOff: true }),
      );
    } finally {
      Object.defineProperty(process, 'platform', { value: platform });
    }
  });
});

/** The session's desktop for one test (process.env as Electron's main process reads it). */
function onDesktop(env: Record<string, string | undefined>): () => void {
  const saved = Object.fromEntries(Object.keys(env).map((key) => [key, process.env[key]]));
  const set = (values: Record<string, string | undefined>) => {
    for (const [key, value] of Object.entries(values)) {
      if (value === undefined) Reflect.deleteProperty(process.env, key);
      else process.env[key] = value;
    }
  };
  set(env);
  return () => set(saved);
}

describe('main: where ClassTray lives, what a start shows, the open shortcut', () => {
  let warn: ReturnType<typeof vi.spyOn>;
  let restoreDesktop: () => void = () => undefined;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'classtray-main-'));
    fakeUpdater();
    warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    bus.trayWatcher = true;
    bus.portal = true;
    restoreDesktop = onDesktop({
      XDG_CURRENT_DESKTOP: 'KDE',
      XDG_SESSION_TYPE: 'x11',
      WAYLAND_DISPLAY: undefined,
    });
  });
  afterEach(() => {
    restoreDesktop();
    forgetLastResort();
    warn.mockRestore();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const logText = () => readFile(join(dataDir, 'logs', 'classtray.log'), 'utf8');
  /** Waits until the core is told the default shortcut's status. */
  const shortcutSaid = (core: ReturnType<typeof fakeCore>, status: string) =>
    vi.waitFor(() =>
      expect(core.setInstallation).toHaveBeenLastCalledWith(
        expect.objectContaining({
          openShortcut: { accelerator: 'CommandOrControl+Shift+F9', status },
        }),
      ),
    );
  const registered = (electron: ElectronMock) => {
    const call = electron.globalShortcut.register.mock.calls.at(-1) as unknown as
      [string, () => void] | undefined;
    return call;
  };

  it('takes the default shortcut, says it beside Open, and opens then closes the window with it', async () => {
    const { electron, core, popover, started } = await launch();
    await started();
    popover.emit('before-load');
    await shortcutSaid(core, 'registered');
    const [accelerator, press] = registered(electron) ?? [];
    expect(accelerator).toBe('CommandOrControl+Shift+F9');
    press?.();
    expect(popover.showWindow).toHaveBeenCalledTimes(1);
    popover.window.emit('show');
    press?.();
    expect(popover.hideWindow).toHaveBeenCalledTimes(1);
  });

  it('says the shortcut is taken when the OS refuses it, and the tray still opens the window', async () => {
    const { electron, core, popover, started } = await launch();
    electron.globalShortcut.register.mockReturnValue(false);
    await started();
    popover.emit('before-load');
    await shortcutSaid(core, 'taken');
    expect(await logText()).toMatch(/CommandOrControl\+Shift\+F9 is held by another program/);
    const open = lastMenu(electron).find((item) => item.label === 'Open ClassTray');
    expect(open?.accelerator).toBeUndefined();
    click(open);
    expect(popover.showWindow).toHaveBeenCalled();
  });

  it('on Wayland asks Chromium for the portal, and without one asks nothing and says so', async () => {
    restoreDesktop();
    restoreDesktop = onDesktop({ XDG_CURRENT_DESKTOP: 'KDE', XDG_SESSION_TYPE: 'wayland' });
    bus.portal = false;
    const { electron, core, popover, started } = await launch();
    expect(electron.app.commandLine.appendSwitch).toHaveBeenCalledWith(
      'enable-features',
      'GlobalShortcutsPortal',
    );
    // Before ready too: no Vulkan on Linux, where NVIDIA's driver leaves the window blank.
    expect(electron.app.commandLine.appendSwitch).toHaveBeenCalledWith(
      'disable-features',
      'Vulkan',
    );
    await started();
    popover.emit('before-load');
    await shortcutSaid(core, 'unsupported');
    expect(electron.globalShortcut.register).not.toHaveBeenCalled();
  });

  it('runs as a window with a taskbar entry and the tray menu where GNOME shows no tray, and logs why', async () => {
    restoreDesktop();
    restoreDesktop = onDesktop({
      XDG_CURRENT_DESKTOP: 'ubuntu:GNOME',
      XDG_SESSION_TYPE: 'wayland',
    });
    bus.trayWatcher = false;
    const { electron, core, markReady } = await launch({ noteSeen: null });
    markReady();
    await vi.waitFor(() => expect(electron.BrowserWindow).toHaveBeenCalled());
    const { menubar } = await import('menubar');
    expect(menubar).not.toHaveBeenCalled();
    expect(electron.Tray).not.toHaveBeenCalled();
    const window = vi.mocked(electron.BrowserWindow).mock.results[0]?.value as FakeBrowserWindow;
    expect(window.options).toMatchObject({ skipTaskbar: false, frame: true, minimizable: true });
    expect(window.options['webPreferences']).toMatchObject({
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      disableBlinkFeatures: 'Auxclick',
    });
    await vi.waitFor(() => expect(window.setMenu).toHaveBeenCalled());
    const menu = lastMenu(electron);
    expect(menu[0]).toMatchObject({ label: 'ClassTray' });
    // Shown at a start by hand: the window is all there is of ClassTray here.
    await vi.waitFor(() => expect(window.show).toHaveBeenCalled());
    expect(core.setInstallation).toHaveBeenLastCalledWith(
      expect.objectContaining({ home: 'window' }),
    );
    expect(await logText()).toMatch(
      /runs as a window with a taskbar entry: no StatusNotifierWatcher on the session bus \(GNOME\)/,
    );
    // Closing it keeps ClassTray running, on the taskbar.
    const close = { preventDefault: vi.fn() };
    window.emit('close', close);
    expect(close.preventDefault).toHaveBeenCalled();
    expect(window.minimize).toHaveBeenCalled();
  });

  it('runs as a window when Electron cannot make the tray', async () => {
    const { electron, markReady } = await launch();
    electron.Tray.mockImplementationOnce(function () {
      throw new Error('no tray here');
    });
    markReady();
    await vi.waitFor(() => expect(electron.BrowserWindow).toHaveBeenCalled());
    expect(await logText()).toMatch(/No tray: the tray could not be made \(Error: no tray here\)/);
  });

  it('shows the window once on the first start, and marks the note read when it closes', async () => {
    const { core, popover, started } = await launch({ noteSeen: null });
    await started();
    popover.emit('before-load');
    expect(popover.showWindow).toHaveBeenCalledTimes(1);
    popover.window.emit('show');
    popover.window.emit('hide');
    expect(core.updatePreferences).toHaveBeenCalledWith({ homeNoteSeen: 'linux-tray' });
    popover.window.emit('show');
    popover.window.emit('hide');
    expect(core.updatePreferences).toHaveBeenCalledTimes(1);
  });

  it('shows only the tray when started at login, even before the note was read', async () => {
    const { popover, started } = await launch({ noteSeen: null, argv: ['--hidden'] });
    await started();
    popover.emit('before-load');
    expect(popover.showWindow).not.toHaveBeenCalled();
  });

  it('a window home started at login waits minimised on the taskbar', async () => {
    bus.trayWatcher = false;
    restoreDesktop();
    restoreDesktop = onDesktop({ XDG_CURRENT_DESKTOP: 'GNOME', XDG_SESSION_TYPE: 'x11' });
    const { electron, markReady } = await launch({ argv: ['--hidden'] });
    markReady();
    await vi.waitFor(() => expect(electron.BrowserWindow).toHaveBeenCalled());
    const window = vi.mocked(electron.BrowserWindow).mock.results[0]?.value as FakeBrowserWindow;
    await vi.waitFor(() => expect(window.minimize).toHaveBeenCalled());
    expect(window.show).not.toHaveBeenCalled();
    expect(window.showInactive).toHaveBeenCalled();
  });

  it('swaps the tray icon when the theme changes', async () => {
    const { electron, popover, started } = await launch();
    await started();
    popover.emit('before-load');
    expect(popover.tray.setImage).toHaveBeenLastCalledWith(
      expect.stringMatching(/tray-devices-offline-light-24\.png$/),
    );
    Object.assign(electron.nativeTheme, { shouldUseDarkColors: true });
    electron.nativeTheme.emit('updated');
    expect(popover.tray.setImage).toHaveBeenLastCalledWith(
      expect.stringMatching(/tray-devices-offline-dark-24\.png$/),
    );
    Object.assign(electron.nativeTheme, { shouldUseHighContrastColors: true });
    electron.nativeTheme.emit('updated');
    expect(popover.tray.setImage).toHaveBeenLastCalledWith(
      expect.stringMatching(/tray-devices-offline-contrast-dark-24\.png$/),
    );
  });

  it('places the window beside the icon on the monitor that holds it', async () => {
    const { electron, popover, started } = await launch();
    await started();
    // A second monitor to the right, its taskbar on the left edge.
    electron.screen.getDisplayMatching.mockReturnValue({
      bounds: { x: 1920, y: 0, width: 1920, height: 1080 },
      workArea: { x: 1968, y: 0, width: 1872, height: 1080 },
    });
    popover.tray.getBounds.mockReturnValue({ x: 1924, y: 500, width: 40, height: 24 });
    popover.emit('show');
    expect(popover.getOption('browserWindow')).toMatchObject({ x: 1972, y: 222 });
  });
});
