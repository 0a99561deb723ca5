/**
 * What the tray shows for a state: which icon, the tooltip and the context menu as plain data.
 * Pure (no electron), so every state is tested directly; tray.ts turns the result into a Menu.
 */
import type { ClassTrayState } from '../core/classTrayApi';
import type { Mode } from '../core/settings';
import type { Labels } from './labels';

/** ok: all online. devices-offline: some device is offline. problem: no fresh answer. idle: nothing to watch yet. */
export type TrayIcon = 'ok' | 'devices-offline' | 'problem' | 'idle';

export const TRAY_ICONS = [
  'ok',
  'devices-offline',
  'problem',
  'idle',
] as const satisfies readonly TrayIcon[];

export type TrayMenuEntry =
  | { kind: 'open'; label: string }
  | { kind: 'separator' }
  | { kind: 'heading'; label: string }
  | { kind: 'classroom'; id: string; label: string; checked: boolean }
  | { kind: 'refresh'; label: string; enabled: boolean }
  | { kind: 'mode'; mode: Mode; label: string; checked: boolean; enabled: boolean }
  | { kind: 'pinned'; label: string; checked: boolean }
  | { kind: 'start-at-login'; label: string; checked: boolean }
  | { kind: 'quit'; label: string };

export interface TrayView {
  icon: TrayIcon;
  tooltip: string;
  menu: TrayMenuEntry[];
}

/** Windows cuts tooltips at 127 characters; a long nickname must not push the counts out. */
const MAX_NAME = 40;

export function trayView(state: ClassTrayState, text: Labels, pinned: boolean): TrayView {
  return {
    icon: trayIcon(state),
    tooltip: tooltip(state, text),
    menu: trayMenu(state, text, pinned),
  };
}

export function trayIcon({ connection, classroom }: ClassTrayState): TrayIcon {
  switch (connection.status) {
    case 'connecting':
    case 'no-classroom':
      return 'idle';
    case 'offline':
    case 'unauthorized':
    case 'classroom-not-found':
      return 'problem';
    case 'stale':
      // Stale from the disk cache at start-up is not a failure; stale after a failed refresh is.
      if (connection.problem !== null) return 'problem';
      break;
    case 'slow':
    case 'ok':
      break;
  }
  return classroom.devices.some((device) => device.online === false) ? 'devices-offline' : 'ok';
}

function tooltip(state: ClassTrayState, text: Labels): string {
  const { connection, classroom, account } = state;
  if (connection.status === 'no-classroom' || classroom.id === null) {
    return `ClassTray: ${text.noClassroom}`;
  }
  const name = shorten(classroom.nickname ?? classroom.id);
  const counts = text.online(
    classroom.devices.filter((device) => device.online === true).length,
    classroom.devices.length,
  );
  const detail = ((): string => {
    switch (connection.status) {
      case 'connecting':
        return text.connecting;
      case 'offline':
        return text.unreachable;
      case 'unauthorized':
        return account.token.set ? text.tokenRejected : text.tokenMissing;
      case 'classroom-not-found':
        return text.classroomNotFound;
      case 'stale':
        return `${counts} (${text.lastKnown})`;
      case 'slow':
        return `${counts} (${text.slow})`;
      case 'ok':
        return counts;
    }
  })();
  return `ClassTray: ${name}, ${detail}`;
}

function trayMenu(state: ClassTrayState, text: Labels, pinned: boolean): TrayMenuEntry[] {
  const { classroom, account, preferences, connection } = state;
  const recent: TrayMenuEntry[] =
    classroom.recent.length === 0
      ? []
      : [
          { kind: 'heading', label: text.recentClassrooms },
          ...classroom.recent.map((room): TrayMenuEntry => ({
            kind: 'classroom',
            id: room.id,
            label: shorten(room.nickname ?? room.id),
            checked: room.id === classroom.id,
          })),
          { kind: 'separator' },
        ];
  return [
    { kind: 'open', label: text.open },
    { kind: 'separator' },
    ...recent,
    { kind: 'refresh', label: text.refreshNow, enabled: connection.status !== 'no-classroom' },
    { kind: 'separator' },
    {
      kind: 'mode',
      mode: 'demo',
      label: text.demoData,
      checked: account.mode === 'demo',
      enabled: true,
    },
    {
      kind: 'mode',
      mode: 'service',
      label: text.myAccount,
      checked: account.mode === 'service',
      // Without a service address there is no account to switch to; the window sets one up.
      enabled: account.serviceUrl !== null,
    },
    { kind: 'separator' },
    { kind: 'pinned', label: text.keepOpen, checked: pinned },
    { kind: 'start-at-login', label: text.startAtLogin, checked: preferences.startAtLogin },
    { kind: 'separator' },
    { kind: 'quit', label: text.quit },
  ];
}

/**
 * The image file for an icon. macOS: the template image (drawn by the system to suit the menu
 * bar) while nothing needs attention, the coloured glyph when something does. Windows: the .ico
 * (one file holds every DPI). Linux: 32 px art, which indicator panels scale to their size.
 */
export function trayIconFile(icon: TrayIcon, platform: NodeJS.Platform): string {
  if (platform === 'darwin') {
    return icon === 'ok' || icon === 'idle' ? 'trayTemplate.png' : `tray-${icon}.png`;
  }
  if (platform === 'win32') return `tray-${icon}.ico`;
  return `tray-${icon}-32.png`;
}

function shorten(name: string): string {
  return name.length <= MAX_NAME ? name : `${name.slice(0, MAX_NAME - 1)}…`;
}
