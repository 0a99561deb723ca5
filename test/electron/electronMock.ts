/**
 * A stand-in for the `electron` module: just what the shell calls, recording every call.
 * Each test file does `vi.mock('electron', async () => (await import('./electronMock')).electronMock())`
 * (the factory is hoisted, so it imports this module itself) and reads the spies back
 * from its `import ... from 'electron'`.
 */
import { EventEmitter } from 'node:events';
import { vi } from 'vitest';

export class FakeWebContents extends EventEmitter {
  windowOpenHandler: ((details: { url: string }) => { action: string }) | undefined;
  readonly send = vi.fn();
  readonly isDestroyed = vi.fn(() => false);
  readonly reload = vi.fn();
  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }): void {
    this.windowOpenHandler = handler;
  }
}

/** A net.request: its options, headers and body as written; a test emits what Chromium would. */
export class FakeClientRequest extends EventEmitter {
  readonly headers: Record<string, string> = {};
  readonly written: string[] = [];
  ended = false;
  aborted = false;
  constructor(readonly options: { url: string; method: string; redirect: string }) {
    super();
  }
  setHeader(name: string, value: string): void {
    this.headers[name] = value;
  }
  write(chunk: string): void {
    this.written.push(chunk);
  }
  end(): void {
    this.ended = true;
  }
  abort(): void {
    this.aborted = true;
  }
}

/** Electron 44+'s ClipboardItem: MIME types (and `electron application/osclipboard` formats). */
export class FakeClipboardItem {
  readonly types: string[];
  constructor(readonly items: Record<string, string>) {
    this.types = Object.keys(items);
  }
}

/** The system clipboard: one entry, its formats as written; reads and writes are Promises. */
function fakeClipboard() {
  let entry: Record<string, string> = {};
  return {
    /** What the clipboard holds now, by format. */
    contents: () => ({ ...entry }),
    writeText: vi.fn(async (text: string): Promise<void> => {
      entry = { 'text/plain': text };
    }),
    write: vi.fn(async (items: FakeClipboardItem[]): Promise<void> => {
      entry = Object.assign({}, ...items.map((item) => item.items));
    }),
    readText: vi.fn(async (): Promise<string> => entry['text/plain'] ?? ''),
    clear: vi.fn((): void => {
      entry = {};
    }),
  };
}

/** Records what was shown; the test emits 'close', 'click' or 'failed' as the OS would. */
export class FakeNotification extends EventEmitter {
  readonly show = vi.fn();
  constructor(readonly options: unknown) {
    super();
  }
}

/** A Tray: what is drawn on it; a test makes the constructor throw to show a desktop without one. */
export class FakeTray extends EventEmitter {
  readonly setImage = vi.fn();
  readonly setToolTip = vi.fn();
  readonly setContextMenu = vi.fn();
  readonly popUpContextMenu = vi.fn();
  readonly getBounds = vi.fn(() => ({ x: 0, y: 0, width: 0, height: 0 }));
  constructor(readonly image: string) {
    super();
  }
}

/** A BrowserWindow (the window home's): its options, visibility and menu as set. */
export class FakeBrowserWindow extends EventEmitter {
  readonly webContents = new FakeWebContents();
  visible = false;
  minimized = false;
  readonly show = vi.fn(() => {
    this.visible = true;
    this.minimized = false;
    this.emit('show');
  });
  readonly showInactive = vi.fn(() => {
    this.visible = true;
  });
  readonly minimize = vi.fn(() => {
    this.minimized = true;
    this.emit('minimize');
  });
  readonly restore = vi.fn(() => {
    this.minimized = false;
    this.emit('restore');
  });
  readonly focus = vi.fn();
  readonly isFocused = vi.fn(() => this.visible && !this.minimized);
  readonly isMinimized = vi.fn(() => this.minimized);
  readonly isAlwaysOnTop = vi.fn(() => false);
  readonly setAlwaysOnTop = vi.fn();
  readonly getSize = vi.fn(() => [380, 580]);
  readonly setIcon = vi.fn();
  readonly setTitle = vi.fn();
  readonly setMenu = vi.fn();
  readonly loadURL = vi.fn(async () => undefined);
  constructor(readonly options: Record<string, unknown>) {
    super();
  }
}

export function electronMock() {
  const handlers = new Map<string, (event: unknown, ...args: unknown[]) => unknown>();
  const rendererListeners = new Map<string, Set<(...args: unknown[]) => void>>();
  const app = Object.assign(new EventEmitter(), {
    isPackaged: false,
    getLoginItemSettings: vi.fn(() => ({ openAtLogin: false })),
    setLoginItemSettings: vi.fn(),
    requestSingleInstanceLock: vi.fn(() => true),
    quit: vi.fn(),
    exit: vi.fn(),
    whenReady: vi.fn(async (): Promise<void> => undefined),
    setPath: vi.fn(),
    getPath: vi.fn((name: string) => `/tmp/classtray-mock-${name}`),
    getAppPath: vi.fn(() => '/app'),
    getName: vi.fn(() => 'ClassTray'),
    getVersion: vi.fn(() => '0.1.0'),
    getLocale: vi.fn(() => 'en-US'),
    setAppUserModelId: vi.fn(),
    commandLine: { appendSwitch: vi.fn() },
  });
  return {
    app,
    // showMessageBox answers its first button unless a test says otherwise.
    dialog: {
      showErrorBox: vi.fn(),
      showMessageBox: vi.fn(async (_box: unknown) => ({ response: 0, checkboxChecked: false })),
    },
    powerMonitor: new EventEmitter(),
    net: {
      fetch: vi.fn(async () => new Response('{}')),
      request: vi.fn(
        (options: ConstructorParameters<typeof FakeClientRequest>[0]) =>
          new FakeClientRequest(options),
      ),
    },
    session: {
      defaultSession: {
        setPermissionRequestHandler: vi.fn(),
        setPermissionCheckHandler: vi.fn(),
        setDevicePermissionHandler: vi.fn(),
        webRequest: { onHeadersReceived: vi.fn() },
      },
    },
    ipcMain: {
      handlers,
      handle: vi.fn(
        (channel: string, listener: (event: unknown, ...args: unknown[]) => unknown) => {
          handlers.set(channel, listener);
        },
      ),
      removeHandler: vi.fn((channel: string) => handlers.delete(channel)),
    },
    ipcRenderer: {
      listeners: rendererListeners,
      invoke: vi.fn(async (channel: string, ...args: unknown[]) => ({ channel, args })),
      on: vi.fn((channel: string, listener: (...args: unknown[]) => void) => {
        const set = rendererListeners.get(channel) ?? new Set();
        set.add(listener);
        rendererListeners.set(channel, set);
      }),
      removeListener: vi.fn((channel: string, listener: (...args: unknown[]) => void) => {
        rendererListeners.get(channel)?.delete(listener);
      }),
    },
    contextBridge: { exposeInMainWorld: vi.fn() },
    // Electron 44+: clipboard reads and writes are Promises (a test makes one reject to show a refusal).
    clipboard: fakeClipboard(),
    ClipboardItem: FakeClipboardItem,
    protocol: { registerSchemesAsPrivileged: vi.fn(), handle: vi.fn() },
    // openPath answers '' once the file manager has the path, else why not (a test sets one).
    shell: {
      openExternal: vi.fn(async () => undefined),
      openPath: vi.fn(async (_path: string): Promise<string> => ''),
    },
    Menu: { buildFromTemplate: vi.fn((template: unknown[]) => ({ template })) },
    Tray: vi.fn(function (image: string) {
      return new FakeTray(image);
    }),
    BrowserWindow: vi.fn(function (options: Record<string, unknown>) {
      return new FakeBrowserWindow(options);
    }),
    // register answers whether the OS gave the keys (false: another program holds them).
    globalShortcut: { register: vi.fn(() => true), unregister: vi.fn() },
    nativeTheme: Object.assign(new EventEmitter(), {
      shouldUseDarkColors: false,
      shouldUseHighContrastColors: false,
    }),
    screen: {
      getPrimaryDisplay: vi.fn(() => ({ scaleFactor: 1 })),
      getCursorScreenPoint: vi.fn(() => ({ x: 0, y: 0 })),
      getDisplayMatching: vi.fn(() => ({
        bounds: { x: 0, y: 0, width: 1920, height: 1080 },
        workArea: { x: 0, y: 0, width: 1920, height: 1040 },
      })),
    },
    Notification: Object.assign(
      vi.fn(function (options: unknown) {
        return new FakeNotification(options);
      }),
      { isSupported: vi.fn(() => true) },
    ),
    safeStorage: {
      isAsyncEncryptionAvailable: vi.fn(async () => true),
      getSelectedStorageBackend: vi.fn(() => 'gnome_libsecret'),
      // A reversible stand-in: the tests check what is stored is not the plain text.
      encryptStringAsync: vi.fn(async (text: string) => Buffer.from(`enc:${text}`).reverse()),
      decryptStringAsync: vi.fn(async (data: Buffer) => ({
        result: Buffer.from(data).reverse().toString().slice('enc:'.length),
        shouldReEncrypt: false,
      })),
    },
  };
}

export type ElectronMock = ReturnType<typeof electronMock>;
