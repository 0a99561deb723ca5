/**
 * Before a lesson whose room has devices offline: a desktop notification, once per lesson, when
 * the teacher has notifications on (otherwise the tray's menu says it: trayState.ts); the window
 * says it in its notice either way.
 */
import type { ClassTrayState } from '../core/api/classTrayApi';
import type { Labels } from './mainSentences';
import type { Notice } from './notifications';
import { readinessSentence } from './tray/trayState';

export type ReadinessNotices = (state: ClassTrayState, text: Labels) => Notice | null;

export function readinessNotices(): ReadinessNotices {
  const told = new Set<string>();
  return (state, text) => {
    const { lesson } = state.readiness;
    if (lesson === null || told.has(lesson.key)) return null;
    if (!state.preferences.notifications.deviceChanges) return null;
    told.add(lesson.key);
    return { title: 'ClassTray', body: readinessSentence(lesson, state, text) };
  };
}
