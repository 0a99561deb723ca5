/** The demo school's classrooms, named in the language shown until the teacher renames them. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DemoSchool } from '../../src-main/core/account/sessions';
import { startDemoSchool } from '../../src-main/hosts/demoSchool';
import { SENTENCES } from '../../src-shared/i18n';
import { COMPLETE_LOCALES, SOURCE_LOCALE } from '../../src-shared/i18n/languages';
import { classroomName, DEMO_CLASSROOMS, targetNames } from '../../src-shared/scheduleTarget';

let school: DemoSchool;

beforeAll(async () => {
  school = await startDemoSchool(() => Date.parse('2026-01-05T09:00:00.000Z'));
});

afterAll(() => school.close());

const german = SENTENCES.de.header.demoClassrooms;

/** The demo's notebook as the window and the tray receive it: Room 12 open. */
const demoState = (nickname: (id: string) => string | undefined = () => undefined) => {
  const recent = school.notebook.recent.map(({ id, nickname: seeded }) => ({
    id,
    nickname: nickname(id) ?? seeded,
  }));
  const current = recent.find(({ id }) => id === 'room-12');
  return {
    classroom: { id: 'room-12', nickname: current?.nickname ?? null, recent },
    temporalAccesses: [],
  };
};

describe('the demo school', () => {
  it('seeds each classroom under the name the languages translate', () => {
    expect(school.notebook.current).toBe('room-12');
    expect(
      Object.fromEntries(school.notebook.recent.map(({ id, nickname }) => [id, nickname])),
    ).toEqual(DEMO_CLASSROOMS);
    expect(SENTENCES[SOURCE_LOCALE].header.demoClassrooms).toEqual(DEMO_CLASSROOMS);
  });

  it.each(COMPLETE_LOCALES.filter((locale) => locale !== SOURCE_LOCALE))(
    'has its classrooms named in %s, not in English',
    (locale) => {
      const names = SENTENCES[locale].header.demoClassrooms;
      for (const [id, english] of Object.entries(DEMO_CLASSROOMS)) {
        expect(names[id as keyof typeof DEMO_CLASSROOMS], id).not.toBe(english);
      }
    },
  );

  // "Room 12" stayed English in every language.
  it('names its classrooms in the language shown, the open one and the listed ones', () => {
    const state = demoState();
    expect(targetNames({ classroomId: 'room-12' }, state, german)).toEqual({
      classroom: 'Raum 12',
    });
    expect(targetNames({ classroomId: 'lab-1' }, state, german)).toEqual({
      classroom: 'Computerraum 1',
    });
    expect(state.classroom.recent.map((room) => classroomName(room, german))).toEqual([
      'Computerraum 1',
      'Raum 12',
      'Bibliothek',
      'Musikraum',
    ]);
  });

  it("keeps a teacher's own nickname as typed, and a room it does not know by its id", () => {
    const state = demoState((id) => (id === 'room-12' ? 'Mathe 7b' : undefined));
    expect(targetNames({ classroomId: 'room-12' }, state, german)).toEqual({
      classroom: 'Mathe 7b',
    });
    expect(classroomName({ id: 'b204' }, german)).toBe('b204');
    expect(classroomName({ id: 'b204', nickname: 'Room 12' }, german)).toBe('Room 12');
    // Only an own property: an id like "toString" is no demo classroom.
    expect(classroomName({ id: 'toString' }, german)).toBe('toString');
  });

  it('leaves the names alone outside the demo: a school may call a room "Room 12"', () => {
    const state = demoState();
    expect(targetNames({ classroomId: 'room-12' }, state)).toEqual({ classroom: 'Room 12' });
    expect(classroomName({ id: 'library', nickname: 'Library' }, null)).toBe('Library');
  });
});
