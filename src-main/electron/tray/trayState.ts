/**
 * What the tray shows for a state: which icon, the tooltip and the context menu as plain data.
 * Pure (no electron), so every state is tested directly; tray.ts turns the result into a Menu.
 */
import type { ClassTrayState } from '../../core/api/classTrayApi';
import type { Mode } from '../../core/account/accountSettings';
import type { ScheduledEnd, ScheduleTarget } from '../../core/scheduledEnds/scheduledEndSettings';
import { scheduledEndKey, targetNames, type TargetNames } from '../../../src-shared/scheduleTarget';
import type { Labels } from '../mainSentences';
import type { TrayLook } from './trayLook';

/** ok: all online. devices-offline: some device is offline. problem: no fresh answer. idle: nothing to watch yet. */
export type TrayIcon = 'ok' | 'devices-offline' | 'problem' | 'idle';

export const TRAY_ICONS = [
  'ok',
  'devices-offline',
  'problem',
  'idle',
] as const satisfies readonly TrayIcon[];

export type TrayMenuEntry =
  /** `keys`: the shortcut that opens the window, while the OS holds it for ClassTray. */
  | { kind: 'open'; label: string; keys?: string }
  /** The next scheduled end; a click opens the window, where it is changed or cancelled. */
  | { kind: 'scheduled-end'; label: string }
  /** The lesson now and next, or that the timetable could not be updated; a click opens the window. */
  | { kind: 'timetable'; label: string }
  /** The next lesson's room has devices offline (when notifications are off); opens the window. */
  | { kind: 'readiness'; label: string }
  | { kind: 'separator' }
  | { kind: 'heading'; label: string }
  | { kind: 'classroom'; id: string; label: string; checked: boolean }
  | { kind: 'refresh'; label: string; enabled: boolean }
  | { kind: 'mode'; mode: Mode; label: string; checked: boolean; enabled: boolean }
  | { kind: 'pinned'; label: string; checked: boolean }
  | { kind: 'start-at-login'; label: string; checked: boolean; enabled: boolean }
  /** An update was downloaded: a click restarts into it (once no scheduled end is running). */
  | { kind: 'restart-to-update'; label: string }
  /** The last update check or download failed (the log says why): a line, not a button. */
  | { kind: 'update-failed'; label: string }
  /** Opens the folder of the log IT and support read (the update failure's reason is there). */
  | { kind: 'open-log-folder'; label: string }
  | { kind: 'quit'; label: string };

export interface TrayView {
  icon: TrayIcon;
  tooltip: string;
  menu: TrayMenuEntry[];
}

/** Windows cuts tooltips at 127 characters; a long nickname must not push the counts out. */
const MAX_NAME = 40;
const MAX_TOOLTIP = 127;

/** What the tray says of updates: a version to restart into, a failure, or nothing. */
export type TrayUpdate = 'ready' | 'failed' | null;

export function trayView(
  state: ClassTrayState,
  text: Labels,
  pinned: boolean,
  update: TrayUpdate = null,
): TrayView {
  return {
    icon: trayIcon(state),
    tooltip: tooltip(state, text),
    menu: trayMenu(state, text, pinned, update),
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
  const next = state.scheduledEnds.pending[0];
  const end =
    next === undefined
      ? ''
      : ` · ${isRetrying(next, state) ? text.endRetryingTooltip(next.at) : text.endsTooltip(next.at)}`;
  const { connection, classroom, account } = state;
  if (connection.status === 'no-classroom' || classroom.id === null) {
    return `ClassTray: ${text.noClassroom}${end}`;
  }
  const name = shorten(roomLabel(classroom.id, state, text));
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
  const lessons = lessonsLine(state, text);
  const build = (shown: string): string =>
    `ClassTray: ${shown}, ${detail}${end}${lessons === null ? '' : ` · ${lessons}`}`;
  // The name gives way to whatever else a language needs to say, down to a few letters; past
  // that the end of the line is cut.
  const over = build(name).length - MAX_TOOLTIP;
  const shown = over > 0 ? build(shorten(name, Math.max(8, name.length - over))) : build(name);
  return shorten(shown, MAX_TOOLTIP);
}

/** "Now: Room 12 until 10:50 · Next: Lab 1 at 11:05", either part alone, or null. */
function lessonsLine(state: ClassTrayState, text: Labels): string | null {
  const { now, next } = state.timetable;
  const room = (classroomId: string) => shorten(roomLabel(classroomId, state, text));
  const parts = [
    now === null ? null : text.nowLesson(room(now.classroomId), now.end),
    next === null ? null : text.nextLesson(room(next.classroomId), next.start),
  ].filter((part) => part !== null);
  return parts.length === 0 ? null : parts.join(' · ');
}

/**
 * "Library at 10:00: 2 of 24 devices offline", before a lesson whose room has devices offline:
 * in the menu when notifications are off (with them on, a notification said it: readinessNotices).
 */
function readinessLine(state: ClassTrayState, text: Labels): string | null {
  const { lesson } = state.readiness;
  if (lesson === null || state.preferences.notifications.deviceChanges) return null;
  return readinessSentence(lesson, state, text);
}

export function readinessSentence(
  lesson: NonNullable<ClassTrayState['readiness']['lesson']>,
  state: ClassTrayState,
  text: Labels,
): string {
  const room = shorten(roomLabel(lesson.room.classroomId, state, text));
  return text.readinessNotice(room, lesson.start, lesson.room.offline, lesson.room.total);
}

/**
 * A classroom as the window names it: its nickname (in the demo, a demo room in the tray's
 * language), else its id marked as one.
 */
export function roomLabel(classroomId: string, state: ClassTrayState, text: Labels): string {
  const demoNames = state.account.mode === 'demo' ? text.demoClassrooms : null;
  const names = targetNames({ classroomId }, state, demoNames);
  const name = 'classroom' in names ? names.classroom : classroomId;
  return name === classroomId ? text.roomById(classroomId) : name;
}

/**
 * The next end as a menu line: its time and target, "and 2 more" when others wait; one past its
 * time that failed is being retried and says so.
 */
function nextEndLabel(state: ClassTrayState, text: Labels): string | null {
  const [next, ...others] = state.scheduledEnds.pending;
  if (next === undefined) return null;
  const target = scheduleTargetName(next.target, state, text);
  const line = isRetrying(next, state)
    ? text.nextEndRetrying(next.at, target)
    : text.nextEnd(next.at, target);
  return others.length === 0 ? line : `${line}, ${text.andMore(others.length)}`;
}

/** Whether the latest run of this end failed: it is still pending because it is being retried. */
function isRetrying(end: ScheduledEnd, { scheduledEnds }: ClassTrayState): boolean {
  const key = scheduledEndKey(end);
  return (
    scheduledEnds.ran.find(({ scheduled }) => scheduledEndKey(scheduled) === key)?.retrying ?? false
  );
}

/**
 * A scheduled end's target as the teacher named it: the classroom's nickname (all its accesses),
 * or the access's student and device; a short token when ClassTray knows neither.
 */
export function scheduleTargetName(
  target: ScheduleTarget,
  state: ClassTrayState,
  text: Labels,
): string {
  if ('classroomId' in target) {
    return text.classroomTarget(shorten(roomLabel(target.classroomId, state, text)));
  }
  const names = targetNames(target, state) as Extract<TargetNames, { token: string }>;
  const student = names.student === null ? null : shorten(names.student);
  const device = names.device === null ? null : shorten(names.device);
  if (student !== null && device !== null) return text.accessTarget(student, device);
  return student ?? device ?? text.accessToken(`${names.token.slice(0, 8)}…`);
}

/**
 * A menu label shows `&` as itself: Electron reads a single `&` as a mnemonic on every platform
 * ("Art & Music" would show "Art  Music"), and `&&` as the character.
 */
const menuLabel = (text: string): string => text.replaceAll('&', '&&');

function trayMenu(
  state: ClassTrayState,
  text: Labels,
  pinned: boolean,
  update: TrayUpdate,
): TrayMenuEntry[] {
  return menuEntries(state, text, pinned, update).map((entry) =>
    'label' in entry ? { ...entry, label: menuLabel(entry.label) } : entry,
  );
}

function menuEntries(
  state: ClassTrayState,
  text: Labels,
  pinned: boolean,
  update: TrayUpdate,
): TrayMenuEntry[] {
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
  const nextEnd = nextEndLabel(state, text);
  const { problem, reading } = state.timetable;
  const lessons =
    problem === null && reading.stopped === null ? lessonsLine(state, text) : text.timetableFailed;
  const readiness = readinessLine(state, text);
  const shortcut = state.installation.openShortcut;
  return [
    {
      kind: 'open',
      label: text.open,
      ...(shortcut?.status === 'registered' ? { keys: shortcut.accelerator } : {}),
    },
    ...(lessons === null ? [] : [{ kind: 'timetable', label: lessons } as const]),
    ...(readiness === null ? [] : [{ kind: 'readiness', label: readiness } as const]),
    ...(nextEnd === null ? [] : [{ kind: 'scheduled-end', label: nextEnd } as const]),
    { kind: 'separator' },
    ...recent,
    { kind: 'refresh', label: text.refreshNow, enabled: connection.status !== 'no-classroom' },
    { kind: 'separator' },
    {
      kind: 'mode',
      mode: 'demo',
      label: text.demoData,
      checked: account.mode === 'demo',
      // The school may keep the service only: the core would refuse the switch.
      enabled: account.mode === 'demo' || !account.setBySchool.includes('DemoDataAllowed'),
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
    {
      kind: 'start-at-login',
      label: text.startAtLogin,
      checked: preferences.startAtLogin,
      enabled: !account.setBySchool.includes('StartAtLogin'),
    },
    // Where IT and support read why (an update that failed, a policy entry ignored).
    { kind: 'open-log-folder', label: text.openLogFolder },
    { kind: 'separator' },
    ...(update === 'ready'
      ? [{ kind: 'restart-to-update' as const, label: text.restartToUpdate }]
      : []),
    ...(update === 'failed' ? [{ kind: 'update-failed' as const, label: text.updateFailed }] : []),
    { kind: 'quit', label: text.quit },
  ];
}

/**
 * The image file for an icon. macOS: the template image (drawn by the system to suit the menu
 * bar) while nothing needs attention, the coloured glyph when something does. Windows: the .ico
 * for the taskbar's look (one file holds every size from 16 to 48 px). Linux: the PNG for the
 * taskbar's look at the panel's size (trayLook.ts).
 */
export function trayIconFile(
  icon: TrayIcon,
  platform: NodeJS.Platform,
  look: TrayLook = 'dark',
  linuxSize = 24,
): string {
  if (platform === 'darwin') {
    return icon === 'ok' || icon === 'idle' ? 'trayTemplate.png' : `tray-${icon}.png`;
  }
  if (platform === 'win32') return `tray-${icon}-${look}.ico`;
  return `tray-${icon}-${look}-${linuxSize}.png`;
}

function shorten(name: string, max = MAX_NAME): string {
  return name.length <= max ? name : `${name.slice(0, max - 1)}…`;
}
