import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ClassTrayState } from '../../../src-main/core/api/classTrayApi';
import type { ScheduledEnd } from '../../../src-main/core/scheduledEnds/scheduledEndSettings';
import type { ScheduledEndRunView } from '../../../src-main/core/scheduledEnds/scheduledEndsView';
import { labels } from '../../../src-main/electron/mainSentences';
import { TRAY_LOOKS, TRAY_SIZES } from '../../../src-main/electron/tray/trayLook';
import {
  TRAY_ICONS,
  trayIconFile,
  trayView,
  type TrayUpdate,
} from '../../../src-main/electron/tray/trayState';
import { allOnline, anaAccess, device, localTime, roomEnd, roomState, run } from '../stateFixture';

const en = labels.en;
const problem = { kind: 'unreachable', detail: 'connect ECONNREFUSED' } as never;
const connection = (status: string, withProblem = false) => ({
  status: status as never,
  lastSuccessAt: null,
  problem: withProblem ? problem : null,
  nextAttemptAt: null,
});

describe('tray state', () => {
  it('shows all fine with the count in the tooltip', () => {
    const view = trayView(allOnline(roomState()), en, false);
    expect(view.icon).toBe('ok');
    expect(view.tooltip).toBe('ClassTray: Room 12, 24 of 24 online');
  });

  it('shows devices offline: "ClassTray: Room 12, 18 of 24 online"', () => {
    const view = trayView(roomState(), en, false);
    expect(view.icon).toBe('devices-offline');
    expect(view.tooltip).toBe('ClassTray: Room 12, 18 of 24 online');
  });

  it('shows a problem when the service is unreachable, the token rejected or the classroom gone', () => {
    const cases = [
      [roomState({ connection: connection('offline', true) }), 'Room 12, service unreachable'],
      [roomState({ connection: connection('unauthorized', true) }), 'Room 12, no API token saved'],
      [
        roomState({
          connection: connection('unauthorized', true),
          account: {
            ...roomState().account,
            token: { set: true, location: 'keychain', note: null, keychainWaiting: false },
          },
        }),
        'Room 12, token rejected',
      ],
      [
        roomState({ connection: connection('classroom-not-found') }),
        'Room 12, classroom not found',
      ],
      [
        roomState({ connection: connection('stale', true) }),
        'Room 12, 18 of 24 online (last known)',
      ],
    ] as const;
    for (const [state, tooltip] of cases) {
      const view = trayView(state, en, false);
      expect(view.icon).toBe('problem');
      expect(view.tooltip).toBe(`ClassTray: ${tooltip}`);
    }
  });

  it('stays calm while connecting, without a classroom, or stale from the cache', () => {
    expect(trayView(roomState({ connection: connection('connecting') }), en, false)).toMatchObject({
      icon: 'idle',
      tooltip: 'ClassTray: Room 12, connecting…',
    });
    const none = roomState({
      connection: connection('no-classroom'),
      classroom: { id: null, nickname: null, recent: [], devices: [], activity: {} },
    });
    expect(trayView(none, en, false)).toMatchObject({
      icon: 'idle',
      tooltip: 'ClassTray: no classroom chosen',
    });
    expect(
      trayView(allOnline(roomState({ connection: connection('stale') })), en, false).icon,
    ).toBe('ok');
  });

  it('says the service is slow while a refresh runs long, with the last known counts', () => {
    expect(trayView(roomState({ connection: connection('slow') }), en, false)).toMatchObject({
      icon: 'devices-offline',
      tooltip: 'ClassTray: Room 12, 18 of 24 online (service slow to answer)',
    });
  });

  it('keeps the tooltip within Windows limits for a long nickname', () => {
    const state = roomState();
    const long = { ...state, classroom: { ...state.classroom, nickname: 'N'.repeat(200) } };
    expect(trayView(long, en, false).tooltip.length).toBeLessThan(128);
  });

  it('builds the context menu: open, recent classrooms, refresh, mode, pin, login, log folder, quit', () => {
    const { menu } = trayView(roomState(), en, true);
    expect(menu.filter((entry) => entry.kind !== 'separator')).toEqual([
      { kind: 'open', label: 'Open ClassTray' },
      { kind: 'heading', label: 'Recent classrooms' },
      { kind: 'classroom', id: 'room-12', label: 'Room 12', checked: true },
      { kind: 'classroom', id: 'library', label: 'library', checked: false },
      { kind: 'refresh', label: 'Refresh now', enabled: true },
      { kind: 'mode', mode: 'demo', label: 'Demo data', checked: true, enabled: true },
      { kind: 'mode', mode: 'service', label: 'My account', checked: false, enabled: false },
      { kind: 'pinned', label: 'Keep window open', checked: true },
      { kind: 'start-at-login', label: 'Start at login', checked: false, enabled: true },
      { kind: 'open-log-folder', label: 'Open log folder' },
      { kind: 'quit', label: 'Quit ClassTray' },
    ]);
  });

  it('greys out what the school locked: start at login, and demo data when only the service is allowed', () => {
    const state = roomState();
    const locked = (mode: 'demo' | 'service') =>
      trayView(
        {
          ...state,
          account: {
            ...state.account,
            mode,
            serviceUrl: 'https://s.example',
            setBySchool: ['DemoDataAllowed', 'StartAtLogin'],
          },
        },
        en,
        false,
      ).menu.filter((entry) => entry.kind === 'mode' || entry.kind === 'start-at-login');
    expect(locked('service').map((entry) => 'enabled' in entry && entry.enabled)).toEqual([
      false,
      true,
      false,
    ]);
    // Already on the demo (before a service URL came): the teacher may still leave it.
    expect(locked('demo').map((entry) => 'enabled' in entry && entry.enabled)).toEqual([
      true,
      true,
      false,
    ]);
  });

  it('offers Restart to update, just above Quit, once an update was downloaded', () => {
    const kinds = (update: TrayUpdate) =>
      trayView(roomState(), en, false, update)
        .menu.slice(-3)
        .map((entry) => ('label' in entry ? entry.label : entry.kind));
    expect(kinds(null)).toEqual(['Open log folder', 'separator', 'Quit ClassTray']);
    expect(kinds('ready')).toEqual(['separator', 'Restart to update', 'Quit ClassTray']);
    expect(trayView(roomState(), labels.es, false, 'ready').menu.at(-2)).toEqual({
      kind: 'restart-to-update',
      label: 'Reiniciar para actualizar',
    });
  });

  it('says a failed update in one line above Quit, in either language', () => {
    expect(trayView(roomState(), en, false, 'failed').menu.slice(-2)).toEqual([
      { kind: 'update-failed', label: 'Update failed; trying again tomorrow' },
      { kind: 'quit', label: 'Quit ClassTray' },
    ]);
    expect(trayView(roomState(), labels.es, false, 'failed').menu.at(-2)).toEqual({
      kind: 'update-failed',
      label: 'La actualización falló; se reintentará mañana',
    });
  });

  it('speaks Spanish when the settings or the system say so', () => {
    expect(trayView(roomState(), labels.es, false).tooltip).toBe(
      'ClassTray: Aula 12, 18 de 24 en línea',
    );
  });

  it('picks a template image on macOS while fine, colour when something needs attention', () => {
    expect(trayIconFile('ok', 'darwin')).toBe('trayTemplate.png');
    expect(trayIconFile('idle', 'darwin', 'light')).toBe('trayTemplate.png');
    expect(trayIconFile('problem', 'darwin')).toBe('tray-problem.png');
  });

  it("picks the taskbar's look on Windows (one .ico, every size) and the panel's size on Linux", () => {
    expect(trayIconFile('devices-offline', 'win32', 'light')).toBe(
      'tray-devices-offline-light.ico',
    );
    expect(trayIconFile('ok', 'win32', 'contrast-dark')).toBe('tray-ok-contrast-dark.ico');
    expect(trayIconFile('ok', 'linux', 'dark', 48)).toBe('tray-ok-dark-48.png');
  });

  it('has every icon file it names in assets/, with its high-DPI variant', () => {
    const assets = path.join(import.meta.dirname, '..', '..', '..', 'assets');
    const names = new Set<string>();
    for (const icon of TRAY_ICONS) {
      names.add(trayIconFile(icon, 'darwin'));
      for (const look of TRAY_LOOKS) {
        names.add(trayIconFile(icon, 'win32', look));
        for (const size of TRAY_SIZES) names.add(trayIconFile(icon, 'linux', look, size));
      }
    }
    for (const file of names) {
      expect(fs.existsSync(path.join(assets, file)), file).toBe(true);
      if (file.endsWith('.png') && !/-\d+\.png$/.test(file)) {
        expect(fs.existsSync(path.join(assets, file.replace('.png', '@2x.png'))), file).toBe(true);
      }
    }
  });
});

describe('tray state: the next scheduled end', () => {
  const at = localTime(10, 50);
  const withEnds = (pending: ScheduledEnd[], ran: ScheduledEndRunView[] = []) =>
    roomState({ scheduledEnds: { pending, ran }, temporalAccesses: [anaAccess] });
  const nextEnd = (state: ClassTrayState, text = en) =>
    trayView(state, text, false).menu.find((entry) => entry.kind === 'scheduled-end');

  it('shows no line and no time while no end is scheduled', () => {
    const view = trayView(withEnds([]), en, false);
    expect(view.menu.some((entry) => entry.kind === 'scheduled-end')).toBe(false);
    expect(view.tooltip).toBe('ClassTray: Room 12, 18 of 24 online');
  });

  it("names a classroom's end by its nickname, in the tooltip too, right under Open", () => {
    const view = trayView(withEnds([roomEnd(at)]), en, false);
    expect(view.tooltip).toBe('ClassTray: Room 12, 18 of 24 online · ends 10:50');
    expect(view.menu.slice(0, 3)).toEqual([
      { kind: 'open', label: 'Open ClassTray' },
      { kind: 'scheduled-end', label: 'Next end: 10:50, Room 12 (all accesses)' },
      { kind: 'separator' },
    ]);
    // A recent classroom that is not open, and one ClassTray knows only by its id.
    expect(nextEnd(withEnds([{ at, target: { classroomId: 'library' } }]))?.label).toBe(
      'Next end: 10:50, library (room ID) (all accesses)',
    );
    expect(nextEnd(withEnds([{ at, target: { classroomId: 'gym' } }]))?.label).toBe(
      'Next end: 10:50, gym (room ID) (all accesses)',
    );
  });

  it('shows "Art & Music" in the menu as written (& doubled, else a mnemonic), plain in the tooltip', () => {
    const state = withEnds([roomEnd(at)]);
    const art = {
      ...state,
      classroom: {
        ...state.classroom,
        nickname: 'Art & Music',
        recent: [{ id: 'room-12', nickname: 'Art & Music' }],
      },
    };
    const view = trayView(art, en, false);
    expect(view.tooltip).toBe('ClassTray: Art & Music, 18 of 24 online · ends 10:50');
    expect(view.menu.filter((entry) => 'label' in entry && entry.label.includes('&'))).toEqual([
      { kind: 'scheduled-end', label: 'Next end: 10:50, Art && Music (all accesses)' },
      { kind: 'classroom', id: 'room-12', label: 'Art && Music', checked: true },
    ]);
  });

  it("names an access's end by its student and device, else by what is known", () => {
    const end = (token: string): ScheduledEnd => ({ at, target: { token } });
    expect(nextEnd(withEnds([end(anaAccess.token.toUpperCase())]))?.label).toBe(
      'Next end: 10:50, Ana on R12-PC03',
    );
    const unnamed = {
      ...withEnds([end(anaAccess.token)]),
      temporalAccesses: [{ ...anaAccess, studentName: null }],
    };
    expect(nextEnd(unnamed)?.label).toBe('Next end: 10:50, R12-PC03');
    expect(nextEnd(withEnds([end('ffffeeee-0000-4000-8000-000000000009')]))?.label).toBe(
      'Next end: 10:50, access ffffeeee…',
    );
  });

  it('says how many more ends wait after the next one', () => {
    const state = withEnds([
      roomEnd(at),
      { at: localTime(11, 40), target: { token: anaAccess.token } },
      { at: localTime(12, 30), target: { classroomId: 'library' } },
    ]);
    expect(nextEnd(state)?.label).toBe('Next end: 10:50, Room 12 (all accesses), and 2 more');
    expect(trayView(state, en, false).tooltip).toBe(
      'ClassTray: Room 12, 18 of 24 online · ends 10:50',
    );
  });

  it('says an end past its time is being retried while its last run failed', () => {
    const end = roomEnd(at);
    const retrying = withEnds([end], [run(end, { ended: 2, failedCount: 1 })]);
    expect(nextEnd(retrying)?.label).toBe('End due 10:50 is being retried: Room 12 (all accesses)');
    expect(trayView(retrying, en, false).tooltip).toBe(
      'ClassTray: Room 12, 18 of 24 online · end due 10:50 retrying',
    );
    // A run of another end (or of this target at another time) says nothing about this one.
    const other = withEnds([end], [run(roomEnd(localTime(9, 0)), { failedCount: 1 })]);
    expect(nextEnd(other)?.label).toBe('Next end: 10:50, Room 12 (all accesses)');
  });

  it('speaks Spanish, with the time as the window shows it', () => {
    const state = withEnds([roomEnd(localTime(8, 5)), roomEnd(at)]);
    expect(nextEnd(state, labels.es)?.label).toBe(
      'Próximo fin: 08:05, Aula 12 (todos los accesos), y 1 más',
    );
    expect(trayView(state, labels.es, false).tooltip).toBe(
      'ClassTray: Aula 12, 18 de 24 en línea · fin 08:05',
    );
  });

  it('keeps the longest tooltip within Windows limits, the name giving way', () => {
    const end = roomEnd(at);
    const state = withEnds([end], [run(end, { failedCount: 1 })]);
    const worst: ClassTrayState = {
      ...state,
      connection: { ...state.connection, status: 'slow' },
      classroom: {
        ...state.classroom,
        nickname: 'N'.repeat(60),
        devices: Array.from({ length: 500 }, (_, index) => device(index + 1, true)),
      },
    };
    const tooltip = trayView(worst, labels.es, false).tooltip;
    expect(tooltip.length).toBeLessThanOrEqual(127);
    expect(tooltip).toMatch(
      /^ClassTray: N+…, 500 de 500 en línea \(el servicio tarda en responder\) · fin de las 10:50 reintentando$/,
    );
  });
});
