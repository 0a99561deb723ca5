/// <reference types="electron-vite/node" />
/**
 * The tray app's main process: wires the core to IPC, the tray, the popover window and the OS.
 * Everything with a decision in it lives in the modules it imports; this file only connects.
 */
import path from 'node:path';
import { app, dialog, globalShortcut, powerMonitor, session } from 'electron';
import Store from 'electron-store';
import { createClassTray, type ClassTray } from '../core/classTray';
import { createLogger } from '../core/logger';
import { PolicyReader, systemPolicySystem } from '../core/policy/policySources';
import { systemTimers } from '../core/classroom/refreshSchedule';
import { startDemoSchool } from '../hosts/demoSchool';
import { launchFlags } from '../hosts/launchFlags';
import type { ClassTrayState } from '../core/api/classTrayApi';
import { resolveDataDir } from '../core/settings/dataDir';
import { setAsideLines } from '../dataFolder/privateFolder';
import { keepDataFolderPrivate, takeDataFolderLock } from '../dataFolder/writerLock';
import type { LogFile } from '../hosts/logFile';
import { openLogFile, policySecrets } from '../hosts/logFile';
import { localeOf } from '../../src-shared/locale';
import { labels, missingSentenceLines } from './mainSentences';
import { pushChanges, registerIpc } from './ipc';
import { applyStartAtLogin, startedAtLogin } from './loginItem';
import { deviceNotice, scheduledEndNotices, showNotice } from './notifications';
import { readinessNotices } from './readinessNotices';
import { passwordClipboard } from './clipboardSecret';
import { installLastResort } from './lastResort';
import { startFailureText } from './startFailure';
import { closeBeforeQuit } from './quitting';
import { askBeforeQuit, type QuitQuestion } from './quitQuestion';
import { netFetch } from './netFetch';
import { createSecretFallback } from './secretFallback';
import { safeStorageCipher } from './studentCipher';
import {
  APP_ORIGIN,
  guardWebContents,
  hardenSession,
  registerAppScheme,
  serveRenderer,
} from './security';
import { followState } from './stateFollower';
import { electronSupport, type HostSupport } from './supportActions';
import { detectInstaller, systemInstallFacts } from './updates/installs';
import type { Updates } from './updates/updates';
import { loadAutoUpdater, startUpdates } from './updates/updates';
import { trayPresenter } from './tray/tray';
import { trayView, type TrayUpdate } from './tray/trayState';
import { followTaskbarLook } from './tray/taskbarLook';
import { hasShortcutsPortal, hasTrayWatcher } from './desktopBus';
import { findHome } from './desktopHome';
import { openHome, startShow } from './home';
import { enableShortcutsPortal, openShortcutKeeper } from './openShortcut';
import { runReadinessIfAsked } from '../morningCheck/appEntry';
import { avoidBlankWindow } from './linuxGpu';
import { exposeForDesktopTest } from './desktopTestHooks';
import type { OpenShortcutView } from '../core/api/installationView';
import type { Home } from './windowHome';
import startBuiltCalendarWorker from '../core/timetable/calendarWorker?nodeWorker';
import {
  isPinned,
  rememberSize,
  retryFailedLoad,
  savedWindowSize,
  setPinned,
  trackVisibility,
} from './window';

// First of all: `ClassTray --readiness …` is IT's check of the rooms, run and exited with its code
// (morningCheck/appEntry.ts): no window, no tray, no single-instance lock, nothing of the tray app.
const readinessOnly = runReadinessIfAsked(process.argv, app);

const APP_ID = 'app.classtray.desktop';
/**
 * The log IT reads (hosts/logFile.ts), in `app.getPath('logs')` once launch() has set the data
 * folder; until then, and if it cannot be opened, the lines go to the console only.
 */
let logFile: LogFile | undefined;
const log = createLogger({
  info: (line) => (logFile?.sink ?? console).info(line),
  warn: (line) => (logFile?.sink ?? console).warn(line),
  error: (line) => (logFile?.sink ?? console).error(line),
});
const warn = log.warn;

// First of all: an error nothing handled is logged with its stack, and decided (lastResort.ts).
installLastResort({
  process,
  log: log.child('main'),
  quitWithDialog: (error) => {
    const text = labels[localeOf('system', app.getLocale())];
    dialog.showErrorBox(text.stoppedTitle, `${text.stoppedBody}\n\n${String(error)}`);
    app.quit();
  },
});

// Before `ready`: the scheme's privileges and the guards on every web contents.
registerAppScheme();
guardWebContents();
// On Wayland, global keys come through the desktop portal only (openShortcut.ts).
enableShortcutsPortal(app.commandLine, process.env, process.platform);
// NVIDIA's driver under X11 leaves the window blank with Vulkan on (linuxGpu.ts).
avoidBlankWindow(app.commandLine, process.platform);

/** The AppImage's launcher adds --no-sandbox where the system refuses user namespaces. */
const sandboxOff = process.platform === 'linux' && process.argv.includes('--no-sandbox');
/** The command line as launched: --hidden says a start at login (loginItem.ts). */
const launchArgs = [...process.argv];

/** Asked to show the window (a second launch) before the tray exists: shown once it does. */
let showWindow: (() => void) | undefined;
let showWhenReady = false;

launch().catch(async (error: unknown) => {
  log.error('ClassTray could not start', error);
  // The dialog waits for `ready`: before it, Linux would only print the message on stderr.
  await app.whenReady();
  // The OS language: the settings, which name the teacher's, may be what failed.
  const locale = localeOf('system', app.getLocale());
  const text = labels[locale];
  dialog.showErrorBox(
    text.couldNotStart,
    startFailureText(error, { locale, text, dataDir: app.getPath('userData') }),
  );
  app.exit(1);
});

async function launch(): Promise<void> {
  if (readinessOnly) return;
  // Where data lives, before the single-instance lock (which Electron keeps in userData) and
  // `ready`; a bad --data-dir rejects here, so it gets the dialog and exit 1 like any other.
  app.setPath('userData', resolveDataDir({ argv: process.argv, env: process.env }));
  // Before Electron or the log writes there: a folder another user could reach is refused.
  const privateFolder = keepDataFolderPrivate(app.getPath('userData'));
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return;
  }
  // The first instance only writes the log. Electron keeps it under userData on Linux and
  // Windows (~/Library/Logs/ClassTray on macOS), so it is read after the data folder is set.
  logFile = openLogFile(app.getPath('logs'));
  for (const line of [privateFolder, logFile.privateFolder].flatMap(setAsideLines))
    log.warn(`[data] ${line}`);
  log.info(
    `ClassTray ${app.getVersion()} starting (Electron ${process.versions.electron ?? '?'}, ${process.platform} ${process.arch}).`,
  );
  // Sentences a language lacks are shown in English: said, never shipped silently.
  for (const line of missingSentenceLines()) log.warn(`[i18n] ${line}`);
  // Registered before the first await: a second launch during start-up is not lost, and
  // without a window-all-closed listener Electron would quit (a tray app runs windowless).
  app.on('second-instance', () => {
    if (showWindow) showWindow();
    else showWhenReady = true;
  });
  app.on('window-all-closed', () => undefined);
  // Start-up runs until its first await; beside the listeners above, before that await, the quit
  // guard: a quit or a logoff during start-up waits for it, then closes what it started.
  const startUp = start(logFile);
  closeBeforeQuit(
    app,
    async () => {
      const close = await startUp.catch(() => undefined);
      await close?.();
    },
    warn,
  );
  await startUp;
}

/** Starts the tray app; resolves with what closes it before a quit. */
async function start(logFile: LogFile): Promise<() => Promise<void>> {
  await app.whenReady();
  app.dock?.hide();
  // Windows shows a toast only for an AppUserModelId with a Start-menu shortcut: the installer
  // makes one for APP_ID; unpackaged, Electron's docs pin electron.exe and use its path.
  if (process.platform === 'win32') {
    app.setAppUserModelId(app.isPackaged ? APP_ID : process.execPath);
  }

  const outDir = import.meta.dirname;
  const assetsDir = app.isPackaged
    ? path.join(process.resourcesPath, 'assets')
    : path.join(app.getAppPath(), 'assets');
  hardenSession(session.defaultSession);
  serveRenderer(path.join(outDir, '..', 'renderer'));

  const dataDir = app.getPath('userData');
  // The preview on the same folder would overwrite what this app saves, and the other way round.
  const lock = takeDataFolderLock(dataDir, 'the ClassTray tray app');
  // One reader for the app's life: it keeps each source's last good policy.
  const policyReader = new PolicyReader(systemPolicySystem(), log.child('policy').warn);
  // Asked of the session bus while the core starts: bounded, and never holds up the process.
  const trayWatcher = process.platform === 'linux' ? hasTrayWatcher() : Promise.resolve(null);
  const classTray = await createClassTray({
    dataDir,
    createSettingsBackend: ({ cwd, configName, configFileMode }) =>
      new Store({ cwd, name: configName, configFileMode }),
    // Lazy and time-boxed: a keychain prompt holds up the tray 5 s at most, never ends the app.
    secretFallback: createSecretFallback(
      () => new Store({ cwd: dataDir, name: 'secrets', configFileMode: 0o600 }),
    ),
    // students.json encrypted with the OS's key where it offers one (not Linux's basic_text).
    studentCipher: safeStorageCipher(),
    // Chromium's network stack: the system proxy and PAC, the OS certificate store.
    fetch: netFetch,
    demoSchool: () => startDemoSchool(),
    policy: policyReader,
    log: log.child('core'),
    // The calendar reader's thread, built by electron-vite as a file of its own in out/main.
    startCalendarWorker: startBuiltCalendarWorker,
    // --service-url and --classroom: the account of this run, saved once the service confirms it.
    ...launchFlags(process.argv),
  });
  // A copied password is cleared after the teacher's delay and on quit, if still on the clipboard.
  const passwords = passwordClipboard({ warn });
  const support = electronSupport(classTray, logFile, log.child('support'));
  registerIpc(classTray, log.child('ipc'), passwords, support);
  // Before the window home exists: its own 'before-quit' listener reads whether this one
  // stopped the quit (windowHome.ts).
  const quitQuestion = askBeforeQuit({
    app,
    classTray,
    text: (current) => {
      const locale = localeOf(current.preferences.language, app.getLocale());
      return { labels: labels[locale], locale };
    },
    ask: (box) => dialog.showMessageBox(box),
    log: log.child('quit'),
  });

  const windowSizeFile = path.join(dataDir, 'window-size.json');
  const noteSeen = (await classTray.getState()).preferences.homeNoteSeen;
  // From here to the 'before-load' listener nothing awaits: a window home emits it next.
  // The tray's icons follow the taskbar's look as it changes.
  const look = followTaskbarLook(() => redraw());
  const { home, popover } = openHome(
    findHome({ platform: process.platform, env: process.env, trayWatcher: await trayWatcher }),
    {
      assetsDir,
      look: look(),
      url: `${APP_ORIGIN}/index.html`,
      preloadPath: path.join(outDir, '..', 'preload', 'index.cjs'),
      devTools: !app.isPackaged,
      size: savedWindowSize(windowSizeFile, (message) => log.child('home').warn(message)),
    },
    log.child('home'),
  );
  pushChanges(classTray, () => popover.window?.webContents);
  const atLogin = startedAtLogin(launchArgs, process.platform);
  const show = startShow({ home, atLogin, noteSeen });
  log.info(
    `Started ${atLogin ? 'at login' : 'by hand'}: ${show === 'none' ? 'the tray only' : `the window (${show})`}.`,
  );

  let updates: Updates | undefined;
  let openShortcut: OpenShortcutView | undefined;
  const showInstallation = (): void =>
    classTray.setInstallation({
      updates: updates?.status.by ?? 'none',
      sandboxOff,
      home,
      ...(openShortcut === undefined ? {} : { openShortcut }),
    });
  showInstallation();
  detectInstaller(systemInstallFacts(app.isPackaged, app.getName()))
    .then((installer) => {
      updates = startUpdates({
        installer,
        loadUpdater: loadAutoUpdater,
        // Read anew at each check and each policy change (followPolicy below).
        policy: () => classTray.schoolPolicy(),
        scheduledEndsSettled: () => classTray.scheduledEndsSettled(),
        timers: systemTimers,
        log: log.child('updates'),
        onChange: () => {
          showInstallation();
          redraw();
        },
      });
      showInstallation();
    })
    .catch((error: unknown) => log.error('Updates could not start', error));
  const trayUpdate = (): TrayUpdate => {
    if (updates?.status.ready != null) return 'ready';
    return updates?.status.failed === true ? 'failed' : null;
  };

  let state: ClassTrayState | undefined;
  let present: ((state: ClassTrayState) => void) | undefined;
  let windowVisible = false;
  // Shown for its note (the first start in this place): closing it means the note was read.
  let noteShown = show === 'window' && home !== 'window';
  const setVisible = (visible: boolean): void => {
    windowVisible = visible;
    classTray.setWindowVisible(visible);
    if (!visible && noteShown) {
      noteShown = false;
      classTray
        .updatePreferences({ homeNoteSeen: home })
        .catch((error: unknown) => warn(`The note could not be marked read: ${String(error)}`));
    }
  };
  const textFor = (current: ClassTrayState) =>
    labels[localeOf(current.preferences.language, app.getLocale())];
  // 'before-load': the tray exists, the page is not loaded yet. menubar's 'ready' and
  // 'after-create-window' wait for the page, and never come when it fails to load, while the
  // menu's Open and Quit must work from the start. The tray is clickable meanwhile, and a show
  // missed here would leave the core polling as if hidden. A window made again after a close is
  // not pinned, so the menu is drawn again too.
  popover.on('before-load', () => {
    if (!present) {
      const draw = trayPresenter(
        popover.tray,
        assetsDir,
        trayHandlers(classTray, popover, redraw, () => updates, support, quitQuestion),
        look,
      );
      present = (current) =>
        draw(
          trayView(
            current,
            textFor(current),
            popover.window ? isPinned(popover.window) : false,
            trayUpdate(),
          ),
        );
    }
    const window = popover.window;
    if (window) {
      trackVisibility(window, setVisible);
      retryFailedLoad(window, warn);
      rememberSize(window, windowSizeFile, warn);
    }
    redraw();
    if (!showWindow) {
      showWindow = () => {
        popover
          .showWindow()
          .catch((error: unknown) => warn(`Could not show the window: ${String(error)}`));
      };
      if (showWhenReady || show === 'window') showWindow();
      else if (show === 'minimized') {
        // A window home at login: its taskbar entry only, never in front of the teacher.
        popover.window?.showInactive();
        popover.window?.minimize();
      }
    }
  });
  // The shortcut opens the window, or closes it when it is in front.
  const toggleWindow = (): void => {
    if (windowVisible && popover.window?.isFocused() === true) popover.hideWindow();
    else showWindow?.();
  };
  const shortcutKeeper = openShortcutKeeper(
    globalShortcut,
    { platform: process.platform, env: process.env, portal: () => hasShortcutsPortal() },
    toggleWindow,
    log.child('shortcut'),
  );
  // The smoke test's reach into main (--desktop-test, development runs only).
  exposeForDesktopTest({ argv: launchArgs, packaged: app.isPackaged }, popover, toggleWindow);
  let shortcutAsked: string | undefined;
  popover.on('after-close', () => setVisible(false));
  function redraw(): void {
    if (state && present) present(state);
  }

  let startAtLogin: boolean | undefined;
  /** Between 'suspend' and 'resume': the notices of the ends run then wait for the wake. */
  let asleep = false;
  const toldOnWake: (() => void)[] = [];
  const scheduledEnds = scheduledEndNotices();
  const readiness = readinessNotices();
  followState(
    classTray,
    (current, before, changes) => {
      state = current;
      // The policy's addresses and names never reach the file, whatever line carries them.
      logFile.redact(policySecrets(current.schoolPolicy));
      // A policy read again comes as a change too: the update keys apply at once.
      updates?.followPolicy();
      redraw();
      const notice = deviceNotice(changes, before, windowVisible, textFor(current));
      if (notice) showNotice(notice, warn);
      for (const ran of scheduledEnds(current, windowVisible, textFor(current))) {
        // A click shows the window, where the outcome of each access is.
        const show = () =>
          showNotice(ran, warn, () => {
            popover
              .showWindow()
              .catch((error: unknown) => warn(`Could not show the window: ${String(error)}`));
          });
        // An end run as the computer goes to sleep is told when it wakes, not to a closed lid.
        if (asleep) toldOnWake.push(show);
        else show();
      }
      const ready = readiness(current, textFor(current));
      // A click shows the window, whose notice opens the room's readiness.
      if (ready) {
        showNotice(ready, warn, () => {
          popover
            .showWindow()
            .catch((error: unknown) => warn(`Could not show the window: ${String(error)}`));
        });
      }
      if (current.preferences.openShortcut !== shortcutAsked) {
        shortcutAsked = current.preferences.openShortcut;
        shortcutKeeper(shortcutAsked)
          .then((view) => {
            openShortcut = view;
            showInstallation();
          })
          .catch((error: unknown) => warn(`The shortcut could not be set: ${String(error)}`));
      }
      if (current.preferences.startAtLogin !== startAtLogin) {
        startAtLogin = current.preferences.startAtLogin;
        applyStartAtLogin(startAtLogin);
      }
    },
    warn,
  );

  // 'suspend' is a notice, not a delay: the core sends what the sleep rule ends at once
  // (scheduledEnds/endTimer.ts) and the system may sleep before any answer comes.
  powerMonitor.on('suspend', () => {
    asleep = true;
    classTray.suspend();
  });
  powerMonitor.on('resume', () => {
    asleep = false;
    for (const show of toldOnWake.splice(0)) show();
    classTray.resume();
  });
  return async () => {
    updates?.stop();
    try {
      await Promise.all([passwords.clearNow(), classTray.close()]);
    } finally {
      lock.release();
    }
  };
}

function trayHandlers(
  classTray: ClassTray,
  popover: Home,
  redraw: () => void,
  updates: () => Updates | undefined,
  support: HostSupport,
  quitQuestion: QuitQuestion,
): Parameters<typeof trayPresenter>[2] {
  const run = (action: Promise<unknown>): void => {
    action.catch((error: unknown) => warn(`Tray action failed: ${String(error)}`));
  };
  return {
    open: () => run(popover.showWindow()),
    selectClassroom: (id) => run(classTray.selectClassroom({ id })),
    refresh: () => run(classTray.refresh()),
    setMode: (mode) => run(classTray.setMode({ mode })),
    setPinned: (pinned) => {
      if (popover.window) setPinned(popover.window, pinned);
      redraw();
    },
    setStartAtLogin: (enabled) => run(classTray.updatePreferences({ startAtLogin: enabled })),
    restartToUpdate: () => {
      // ClassTray starts again at once and still tracks every access: nothing to ask.
      if (updates()?.status.ready != null) quitQuestion.letQuit();
      run(updates()?.restart() ?? Promise.resolve());
    },
    openLogFolder: () => run(support.openLogFolder()),
    quit: () => app.quit(),
  };
}
