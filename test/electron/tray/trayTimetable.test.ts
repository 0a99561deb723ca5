import { describe, expect, it } from 'vitest';
import type { FailureShown } from '../../../src-shared/refusal';
import type { ClassTrayState } from '../../../src-main/core/api/classTrayApi';
import type { LessonView } from '../../../src-main/core/timetable/timetableView';
import { labels } from '../../../src-main/electron/mainSentences';
import { trayView } from '../../../src-main/electron/tray/trayState';
import { localTime, roomState } from '../stateFixture';

const lesson = (classroomId: string, start: string, end: string): LessonView => ({
  key: `${classroomId}@${start}`,
  title: 'Maths 3B',
  place: 'R12',
  classroomId,
  start,
  end,
  endsAccesses: false,
});

const withLessons = (
  now: LessonView | null,
  next: LessonView | null,
  problem: FailureShown | null = null,
): ClassTrayState => {
  const state = roomState();
  return { ...state, timetable: { ...state.timetable, source: 'file', now, next, problem } };
};

describe('tray state: the timetable', () => {
  const now = lesson('room-12', localTime(10, 0), localTime(10, 50));
  const next = lesson('library', localTime(11, 5), localTime(11, 55));

  it('says now and next in the tooltip and in one menu line under Open, by nickname or id', () => {
    const view = trayView(withLessons(now, next), labels.en, false);
    const line = 'Now: Room 12 until 10:50 · Next: library (room ID) at 11:05';
    expect(view.tooltip).toBe(`ClassTray: Room 12, 18 of 24 online · ${line}`);
    expect(view.menu.slice(0, 2)).toEqual([
      { kind: 'open', label: 'Open ClassTray' },
      { kind: 'timetable', label: line },
    ]);
  });

  it('says either part alone, and nothing without lessons', () => {
    expect(trayView(withLessons(null, next), labels.en, false).tooltip).toBe(
      'ClassTray: Room 12, 18 of 24 online · Next: library (room ID) at 11:05',
    );
    const none = trayView(withLessons(null, null), labels.en, false);
    expect(none.tooltip).toBe('ClassTray: Room 12, 18 of 24 online');
    expect(none.menu.some((entry) => entry.kind === 'timetable')).toBe(false);
  });

  it('says a failed update in one menu line, never as the classroom state', () => {
    const view = trayView(
      withLessons(null, next, { message: 'The timetable server failed (HTTP 500).' }),
      labels.en,
      false,
    );
    expect(view.menu[1]).toEqual({
      kind: 'timetable',
      label: 'Timetable not updated: see Settings',
    });
    expect(view.icon).toBe('devices-offline');
  });

  it('says a calendar too large to read as a failed update', () => {
    const state = withLessons(null, next);
    const stopped: ClassTrayState = {
      ...state,
      timetable: {
        ...state.timetable,
        reading: {
          skipped: {},
          stopped: { limit: 'time', part: { kind: 'zone', tzid: 'Custom Zone' } },
        },
      },
    };
    expect(trayView(stopped, labels.en, false).menu[1]).toEqual({
      kind: 'timetable',
      label: 'Timetable not updated: see Settings',
    });
  });

  it('speaks Spanish and stays within the Windows tooltip limit', () => {
    const long = withLessons(now, next);
    const state: ClassTrayState = {
      ...long,
      classroom: { ...long.classroom, nickname: 'N'.repeat(60) },
    };
    const tooltip = trayView(state, labels.es, false).tooltip;
    expect(tooltip.length).toBeLessThanOrEqual(127);
    expect(tooltip).toContain('Ahora: ');
    expect(trayView(withLessons(null, next), labels.es, false).tooltip).toBe(
      'ClassTray: Aula 12, 18 de 24 en línea · Después: library (id del aula) a las 11:05',
    );
  });
});
