import { Menu, type MenuItemConstructorOptions } from 'electron';
import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { labels } from '../../../src-main/electron/mainSentences';
import { menubar } from 'menubar';
import {
  createPopover,
  menuTemplate,
  trayPresenter,
  type TrayHandlers,
} from '../../../src-main/electron/tray/tray';
import { trayView } from '../../../src-main/electron/tray/trayState';
import { allOnline, localTime, roomEnd, roomState } from '../stateFixture';
import { withPlatform } from '../../support/withPlatform';

vi.mock('electron', async () => (await import('../electronMock')).electronMock());
// menubar is CommonJS and would require the real electron module.
vi.mock('menubar', () => ({ menubar: vi.fn() }));

const handlers = (): TrayHandlers & Record<string, ReturnType<typeof vi.fn>> => ({
  open: vi.fn(),
  selectClassroom: vi.fn(),
  refresh: vi.fn(),
  setMode: vi.fn(),
  setPinned: vi.fn(),
  setStartAtLogin: vi.fn(),
  restartToUpdate: vi.fn(),
  openLogFolder: vi.fn(),
  quit: vi.fn(),
});

const fakeTray = () =>
  Object.assign(new EventEmitter(), {
    setImage: vi.fn(),
    setToolTip: vi.fn(),
    setContextMenu: vi.fn(),
    popUpContextMenu: vi.fn(),
  });

const darkTaskbar = () => ({ look: 'dark' as const, linuxSize: 24 });

describe('tray', () => {
  it('anchors a preloaded, hardened popover with the app:// page to the tray icon', () => {
    const made = fakeTray();
    vi.mocked(menubar).mockReturnValue(new EventEmitter() as never);
    withPlatform('linux', () => {
      createPopover(made as never, {
        url: 'app://classtray/index.html',
        preloadPath: '/p.cjs',
        devTools: false,
        size: { width: 500, height: 700 },
      });
    });
    expect(vi.mocked(menubar).mock.calls[0]?.[0]).toMatchObject({
      index: 'app://classtray/index.html',
      tray: made,
      preloadWindow: true,
      showDockIcon: false,
      browserWindow: {
        width: 500,
        height: 700,
        frame: false,
        skipTaskbar: true,
        webPreferences: { preload: '/p.cjs', sandbox: true, contextIsolation: true },
      },
    });
  });

  it('turns each menu entry into an item that runs its handler', () => {
    const on = handlers();
    const serviceMode = roomState({
      account: { ...roomState().account, mode: 'service', serviceUrl: 'https://s.example' },
    });
    const template = menuTemplate(
      trayView(serviceMode, labels.en, false, 'ready').menu,
      on,
      vi.fn(),
    );
    const click = (label: string, checked = false): void => {
      const item = template.find((entry) => entry.label === label);
      item?.click?.({ checked } as never, undefined, undefined as never);
    };
    click('Open ClassTray');
    click('library');
    click('Refresh now');
    click('Demo data', true);
    click('Keep window open', true);
    click('Start at login', true);
    click('Restart to update');
    click('Open log folder');
    click('Quit ClassTray');
    expect(on.open).toHaveBeenCalled();
    expect(on.selectClassroom).toHaveBeenCalledWith('library');
    expect(on.refresh).toHaveBeenCalled();
    expect(on.setMode).toHaveBeenCalledWith('demo');
    expect(on.setPinned).toHaveBeenCalledWith(true);
    expect(on.setStartAtLogin).toHaveBeenCalledWith(true);
    expect(on.restartToUpdate).toHaveBeenCalled();
    expect(on.openLogFolder).toHaveBeenCalledOnce();
    expect(on.quit).toHaveBeenCalled();
    expect(template.find((entry) => entry.label === 'Room 12')).toMatchObject({
      type: 'radio',
      checked: true,
    });
    expect(
      menuTemplate(trayView(roomState(), labels.en, false).menu, on, vi.fn()).find(
        (entry) => entry.label === 'My account',
      ),
    ).toMatchObject({ enabled: false });
  });

  it('draws the next scheduled end under Open, and opens the window from it', () => {
    const on = handlers();
    const scheduled = roomState({
      scheduledEnds: { pending: [roomEnd(localTime(10, 50))], ran: [] },
    });
    const template = menuTemplate(trayView(scheduled, labels.en, false).menu, on, vi.fn());
    const line = template[1];
    expect(line).toMatchObject({ label: 'Next end: 10:50, Room 12 (all accesses)' });
    expect(line?.type).toBeUndefined();
    line?.click?.({} as never, undefined, undefined as never);
    expect(on.open).toHaveBeenCalledTimes(1);
  });

  /** The template last drawn on the tray, and a click as Electron delivers it (item flipped). */
  const lastMenu = () =>
    vi.mocked(Menu.buildFromTemplate).mock.results.at(-1)?.value as {
      template: MenuItemConstructorOptions[];
    };
  const clickFlipped = (label: string): void => {
    const item = lastMenu().template.find((entry) => entry.label === label);
    const flipped = { checked: item?.type === 'radio' ? true : !item?.checked };
    item?.click?.(flipped as never, undefined, undefined as never);
  };
  const checkedIn = (label: string) =>
    lastMenu().template.find((entry) => entry.label === label)?.checked;

  /** The room's tray drawn once in English, and the handlers its menu calls. */
  const roomMenuShown = () => {
    const tray = fakeTray();
    const on = handlers();
    trayPresenter(
      tray as never,
      '/assets',
      on,
      darkTaskbar,
    )(trayView(roomState(), labels.en, false));
    return { tray, on };
  };

  it('after a checkbox click, acts on the state and draws the checkmark from it again', () => {
    withPlatform('linux', () => {
      const { tray, on } = roomMenuShown();
      clickFlipped('Start at login');
      expect(on.setStartAtLogin).toHaveBeenCalledWith(true);
      // Until the state says so, the checkmark stays as the state has it.
      expect(tray.setContextMenu).toHaveBeenCalledTimes(2);
      expect(checkedIn('Start at login')).toBe(false);
    });
  });

  it('does nothing for the radio already selected, and keeps the checkmarks of the state', () => {
    withPlatform('linux', () => {
      const { tray, on } = roomMenuShown();
      clickFlipped('Room 12');
      clickFlipped('Demo data');
      expect(on.selectClassroom).not.toHaveBeenCalled();
      expect(on.setMode).not.toHaveBeenCalled();
      clickFlipped('library');
      expect(on.selectClassroom).toHaveBeenCalledWith('library');
      expect(tray.setContextMenu).toHaveBeenCalledTimes(4);
      expect([checkedIn('Room 12'), checkedIn('library')]).toEqual([true, false]);
    });
  });

  it('always sets the context menu on Linux, with the icon and tooltip of the state', () => {
    withPlatform('linux', () => {
      const tray = fakeTray();
      const present = trayPresenter(tray as never, '/assets', handlers(), darkTaskbar);
      present(trayView(roomState(), labels.en, false));
      expect(tray.setImage).toHaveBeenCalledWith('/assets/tray-devices-offline-dark-24.png');
      expect(tray.setToolTip).toHaveBeenCalledWith('ClassTray: Room 12, 18 of 24 online');
      expect(tray.setContextMenu).toHaveBeenCalledTimes(1);
      present(trayView(roomState(), labels.en, false));
      expect(tray.setContextMenu).toHaveBeenCalledTimes(1);
      present(trayView(allOnline(roomState()), labels.en, false));
      expect(tray.setImage).toHaveBeenLastCalledWith('/assets/tray-ok-dark-24.png');
      expect(tray.setContextMenu).toHaveBeenCalledTimes(2);
    });
  });

  it('on macOS keeps the left click for the window and pops the menu on right click', () => {
    withPlatform('darwin', () => {
      const tray = fakeTray();
      const present = trayPresenter(tray as never, '/assets', handlers(), darkTaskbar);
      present(trayView(roomState(), labels.en, false));
      expect(tray.setContextMenu).not.toHaveBeenCalled();
      tray.emit('right-click');
      expect(tray.popUpContextMenu).toHaveBeenCalledWith(
        vi.mocked(Menu.buildFromTemplate).mock.results.at(-1)?.value,
      );
    });
  });
});
