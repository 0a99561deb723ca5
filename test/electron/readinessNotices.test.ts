/**
 * Before a lesson whose room has devices offline: a notification once per lesson when the teacher
 * has notifications on, else a line in the tray's menu that opens the window.
 */
import { describe, expect, it } from 'vitest';
import type { ClassTrayState } from '../../src-main/core/api/classTrayApi';
import { labels } from '../../src-main/electron/mainSentences';
import { readinessNotices } from '../../src-main/electron/readinessNotices';
import { trayView } from '../../src-main/electron/tray/trayState';
import { roomReadiness } from '../../src-shared/readinessReport';
import { localTime, roomState } from './stateFixture';

const en = labels.en;

function beforeLesson(notifications: boolean, key = 'lesson-1'): ClassTrayState {
  const state = roomState();
  const devices = Array.from({ length: 18 }, (_, i) => ({
    remoteId: String(300 + i),
    alias: `LIB-PC${String(i + 1).padStart(2, '0')}`,
    online: i >= 2,
    status: 'enabled' as const,
    has2fa: true,
  }));
  return {
    ...state,
    preferences: { ...state.preferences, notifications: { deviceChanges: notifications } },
    readiness: {
      ...state.readiness,
      lesson: {
        key,
        start: localTime(10, 0),
        end: localTime(10, 45),
        room: roomReadiness('library', devices, () => undefined, localTime(9, 50)),
      },
    },
  };
}

describe('before a lesson with devices offline', () => {
  it('notifies once per lesson when notifications are on, and not in the menu', () => {
    const notices = readinessNotices();
    const state = beforeLesson(true);
    expect(notices(state, en)).toEqual({
      title: 'ClassTray',
      body: 'library (room ID) at 10:00: 2 of 18 devices offline',
    });
    expect(notices(state, en)).toBeNull();
    expect(notices(beforeLesson(true, 'lesson-2'), en)).not.toBeNull();
    const menu = trayView(state, en, false).menu;
    expect(menu.some((entry) => entry.kind === 'readiness')).toBe(false);
  });

  it('says it in the menu, under the lesson, when notifications are off', () => {
    const notices = readinessNotices();
    const state = beforeLesson(false);
    expect(notices(state, en)).toBeNull();
    const menu = trayView(state, en, false).menu;
    expect(menu.find((entry) => entry.kind === 'readiness')).toEqual({
      kind: 'readiness',
      label: 'library (room ID) at 10:00: 2 of 18 devices offline',
    });
  });

  it('says nothing without a lesson to warn of', () => {
    const state = roomState();
    expect(readinessNotices()(state, en)).toBeNull();
    expect(trayView(state, en, false).menu.some((entry) => entry.kind === 'readiness')).toBe(false);
  });
});
