// @vitest-environment happy-dom
import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LessonView } from '../../../../src-main/core/timetable/timetableView';
import type { StateOverrides } from '../../../support/classTrayState';
import { classTrayState } from '../../../support/classTrayState';
import type { Locale } from '../../../../src-shared/i18n/languages';
import { FakeClassTray } from '../../../support/fakeClassTray';
import { messageWithRefusal, refusal } from '../../../../src-shared/refusal';
import { renderApp } from '../../renderApp';

// The window's clock stands at Wednesday 7 January 2026, 15:00 here (only Date is faked, so
// user-event still runs): "today" and "another day" are then days of that clock, not the wall's.
beforeEach(() => {
  vi.useFakeTimers({ now: new Date(2026, 0, 7, 15, 0), toFake: ['Date'] });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const maths: LessonView = {
  key: 'maths@2026-01-05T09:05:00.000Z',
  title: 'Maths 3B',
  place: 'R12',
  classroomId: 'room-12',
  start: new Date(2026, 0, 5, 10, 0).toISOString(),
  end: new Date(2026, 0, 5, 10, 50).toISOString(),
  endsAccesses: true,
};

async function openSettings(fake: FakeClassTray) {
  const rendered = await renderApp(fake);
  await rendered.user.click(screen.getByRole('button', { name: /^(Settings|Ajustes)$/ }));
  return rendered;
}

/** The header's lesson sentence, its end included. */
const lessonNow = () => document.querySelector('.lesson-now')?.textContent;

/** Room 12 open, where the lesson is. */
const inRoom12 = { id: 'room-12', nickname: 'Room 12' };

/** The lab's window with this timetable, in English unless another language is given. */
const withTimetable = (timetable: NonNullable<StateOverrides['timetable']>, language?: Locale) =>
  new FakeClassTray(
    classTrayState({ timetable, ...(language === undefined ? {} : { preferences: { language } }) }),
  );

describe('the lesson in the header', () => {
  it('says the lesson, its room and its end in one line, and keeps the accesses after it on request', async () => {
    const fake = new FakeClassTray(
      classTrayState({
        classroom: inRoom12,
        timetable: { now: maths },
        // The bell's end, as the core schedules it: said by the lesson line, not the class line.
        scheduledEnds: { pending: [{ at: maths.end, target: { classroomId: 'room-12' } }] },
      }),
    );
    const { user } = await renderApp(fake);
    const line = document.querySelector<HTMLElement>('.lesson-line');
    expect(line?.textContent).toBe('Maths 3B in Room 12 · accesses end at 10:50');
    expect(screen.queryByRole('button', { name: /^Open / })).toBeNull();
    // Never twice: the class line offers neither the end nor its Cancel.
    expect(screen.queryByText(/Class ends at/)).toBeNull();
    expect(screen.queryByRole('button', { name: /^Cancel end at/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Keep accesses after this lesson' }));
    expect(fake.keepAccessesAfterLesson).toHaveBeenCalledWith({ key: maths.key });
    expect(screen.queryByRole('button', { name: 'Keep accesses after this lesson' })).toBeNull();
    expect(lessonNow()).toBe('Maths 3B in Room 12 · until 10:50');
    // Keep took itself away: the focus stays on the line it changed, not the page.
    expect(document.activeElement).toBe(line);
  });

  it('counts the last minutes down to the bell that ends the accesses', async () => {
    vi.setSystemTime(new Date(2026, 0, 5, 10, 46, 30));
    const fake = new FakeClassTray(
      classTrayState({ classroom: inRoom12, timetable: { now: maths } }),
    );
    await renderApp(fake);
    expect(lessonNow()).toBe('Maths 3B in Room 12 · accesses end in 4 min');
    cleanup();
    // Before the last five minutes, the time of the bell.
    vi.setSystemTime(new Date(2026, 0, 5, 10, 44, 59));
    await renderApp(fake);
    expect(lessonNow()).toBe('Maths 3B in Room 12 · accesses end at 10:50');
  });

  it("says so while another room is shown, never its bell as this room's, and opens the lesson's in one click", async () => {
    // Computer Lab 1 open (the teacher's own pick), the lesson in Room 12.
    const fake = withTimetable({ now: maths });
    const { user } = await renderApp(fake);
    const line = document.querySelector<HTMLElement>('.lesson-line');
    expect(line?.textContent).toBe(
      'Maths 3B in Room 12 · until 10:50This window shows Computer Lab 1.Open Room 12',
    );
    expect(screen.queryByText(/accesses end/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Keep accesses after this lesson' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Open Room 12' }));
    expect(fake.selectClassroom).toHaveBeenCalledExactlyOnceWith({ id: 'room-12' });
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Classroom' }).value).toBe(
      'room-12',
    );
    expect(screen.queryByRole('button', { name: 'Open Room 12' })).toBeNull();
    expect(screen.queryByText(/This window shows/)).toBeNull();
    expect(lessonNow()).toBe('Maths 3B in Room 12 · accesses end at 10:50');
    // The button took itself away: the focus stays on the line it changed, not the page.
    expect(document.activeElement).toBe(line);
  });

  it('names an untitled lesson by its room, and the room by its id when it has no nickname', async () => {
    const fake = new FakeClassTray(
      classTrayState({
        classroom: { recent: [{ id: 'lab-1', nickname: 'Computer Lab 1' }, { id: 'room-12' }] },
        timetable: { now: { ...maths, title: '' } },
      }),
    );
    await renderApp(fake);
    // The id is marked as one: never a bare id a teacher could take for the room's name.
    expect(lessonNow()).toBe('Lesson in room-12 (room ID) · until 10:50');
    expect(screen.getByRole('button', { name: 'Open room-12 (room ID)' })).toBeTruthy();
  });

  it('names a lesson under way in a place not mapped yet, and opens its question in Settings', async () => {
    const fake = withTimetable(
      {
        source: 'file',
        newPlaces: ['Aula', 'B204'],
        unmappedNow: { title: 'Mathe 7b', place: 'B204', end: '2026-01-05T09:50:00.000Z' },
      },
      'de',
    );
    await renderApp(fake);
    expect(
      screen.getByText('\u2068Mathe 7b\u2069 jetzt in \u2068B204\u2069: welcher Raum?'),
    ).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Raum wählen' }));
    // Settings opens at that place's question (not the first one), ready to answer.
    expect(document.activeElement).toBe(screen.getByLabelText('Welcher Raum ist „B204“?'));
  });

  it('says it in Spanish', async () => {
    const fake = withTimetable({ now: maths }, 'es');
    await renderApp(fake);
    expect(lessonNow()).toBe('Maths 3B en Room 12 · hasta las 10:50');
    expect(screen.getByText('Esta ventana muestra Computer Lab 1.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Abrir Room 12' })).toBeTruthy();
  });

  it('shows nothing between lessons', async () => {
    await renderApp(new FakeClassTray());
    expect(document.querySelector('.lesson-line')).toBeNull();
  });
});

describe('Settings → Timetable', () => {
  it('chooses a room only when its name or nickname is the place, whatever the case, spaces and punctuation', async () => {
    const fake = new FakeClassTray(
      classTrayState({
        classroom: {
          recent: [
            { id: 'lab-1', nickname: 'Computer Lab 1' },
            { id: 'room-12', nickname: 'Room 12' },
            { id: 'library' },
          ],
        },
        timetable: {
          source: 'file',
          newPlaces: ['computer-lab 1', 'ROOM12.', 'Library', 'LAB 1', 'R12', 'Lab'],
        },
      }),
    );
    const { user } = await openSettings(fake);
    const chosen = (place: string) =>
      screen.getByLabelText<HTMLSelectElement>(`Which classroom is “${place}”?`).selectedOptions[0]
        ?.textContent;
    expect(chosen('computer-lab 1')).toBe('Computer Lab 1');
    expect(chosen('ROOM12.')).toBe('Room 12');
    expect(chosen('Library')).toBe('library (room ID)');
    // By the id too: lab-1 is "LAB 1".
    expect(chosen('LAB 1')).toBe('Computer Lab 1');
    expect(chosen('R12')).toBe('Choose…');
    expect(chosen('Lab')).toBe('Choose…');
    const question = screen.getByLabelText('Which classroom is “ROOM12.”?');
    await user.click(
      within(question.closest('form') as HTMLElement).getByRole('button', { name: 'Save' }),
    );
    expect(fake.mapTimetablePlace).toHaveBeenCalledWith({
      place: 'ROOM12.',
      classroomId: 'room-12',
    });
    // "Not a ClassTray room" is an answer too.
    const r12 = screen.getByLabelText('Which classroom is “R12”?');
    await user.selectOptions(r12, 'Not a ClassTray room');
    await user.click(
      within(r12.closest('form') as HTMLElement).getByRole('button', { name: 'Save' }),
    );
    expect(fake.mapTimetablePlace).toHaveBeenLastCalledWith({ place: 'R12', classroomId: null });
  });

  it('says when the copy in use was downloaded, never as a bare time a lesson could have', async () => {
    const today = new Date();
    today.setHours(13, 44, 0, 0);
    const fake = withTimetable({
      source: 'subscription',
      subscription: { set: true, location: 'keychain' },
      savedAt: today.toISOString(),
      checkedAt: today.toISOString(),
    });
    await openSettings(fake);
    expect(screen.getByText('Timetable downloaded today at 13:44, checked at 13:44')).toBeTruthy();
    expect(screen.queryByText(/Timetable from/)).toBeNull();
  });

  it('says an imported copy of another day with its day, in Spanish too', async () => {
    const fake = withTimetable(
      { source: 'file', savedAt: new Date(2026, 0, 5, 13, 44).toISOString() },
      'es',
    );
    await openSettings(fake);
    expect(
      screen.getByText(
        `Horario importado el ${new Date(2026, 0, 5).toLocaleDateString('es', {
          weekday: 'short',
          day: 'numeric',
          month: 'short',
        })} a las 13:44`,
      ),
    ).toBeTruthy();
  });

  it('asks which classroom a new location is, then whether the bell ends accesses', async () => {
    const fake = withTimetable({ source: 'file', newPlaces: ['R12'] });
    const { user } = await openSettings(fake);
    const question = screen.getByLabelText<HTMLSelectElement>('Which classroom is “R12”?');
    // Nothing chosen (not the open Computer Lab 1): a hurried Save cannot map it.
    expect(question.selectedOptions[0]?.textContent).toBe('Choose…');
    const save = within(question.closest('form') as HTMLElement).getByRole<HTMLButtonElement>(
      'button',
      { name: 'Save' },
    );
    expect(save.disabled).toBe(true);
    await user.selectOptions(question, 'Room 12');
    expect(save.disabled).toBe(false);
    await user.click(
      within(question.closest('form') as HTMLElement).getByRole('button', { name: 'Save' }),
    );
    expect(fake.mapTimetablePlace).toHaveBeenCalledWith({ place: 'R12', classroomId: 'room-12' });
    expect(screen.queryByLabelText('Which classroom is “R12”?')).toBeNull();

    // Whose accesses: the mapped room's by name, while the window shows Computer Lab 1; the
    // question has the focus, the next thing to answer.
    const bellQuestion = screen.getByRole('group', {
      name: 'End the accesses in Room 12 when a lesson there ends?',
    });
    expect(document.activeElement).toBe(bellQuestion);
    await user.click(within(bellQuestion).getByRole('button', { name: 'Yes, end them' }));
    expect(fake.setEndAtBell).toHaveBeenCalledWith({ classroomId: 'room-12', on: true });
    const bell = screen.getByRole<HTMLInputElement>('checkbox', {
      name: 'End the accesses in \u2068Room 12\u2069 when a lesson there ends',
    });
    expect(bell.checked).toBe(true);
    // The question gone, the focus is on the answer it became, not on the page.
    expect(document.activeElement).toBe(bell);
  });

  it('asks each room on its own: a yes for one room never covers a room mapped later', async () => {
    const fake = withTimetable(
      {
        source: 'file',
        places: [
          { place: 'R12', classroomId: 'room-12' },
          { place: 'Sport', classroomId: null },
        ],
        bell: [{ classroomId: 'room-12', endsAccesses: true }],
        newPlaces: ['B204'],
      },
      'de',
    );
    await renderApp(fake);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Einstellungen' }));
    const yesForRoom12 = screen.getByRole<HTMLInputElement>('checkbox', {
      name: 'Zugänge in \u2068Room 12\u2069 beenden, wenn dort eine Stunde endet',
    });
    expect(yesForRoom12.checked).toBe(true);

    // B204 is another room, typed by its id (Enter saves): it is asked about on its own, named
    // after the place, and Room 12's switch still names Room 12 alone.
    const question = screen.getByLabelText<HTMLSelectElement>('Welcher Raum ist „B204“?');
    await user.selectOptions(question, 'Ein anderer Raum, nach seiner ID…');
    // The id field takes the focus: typing types the id.
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Raum-ID' }));
    await user.keyboard('music{Enter}');
    expect(fake.addClassroom).toHaveBeenLastCalledWith({ id: 'music', nickname: 'B204' });
    expect(fake.mapTimetablePlace).toHaveBeenCalledWith({ place: 'B204', classroomId: 'music' });
    const asked = screen.getByRole('group', {
      name: 'Zugänge in B204 beenden, wenn dort eine Stunde endet?',
    });
    expect(document.activeElement).toBe(asked);
    expect(fake.setEndAtBell).not.toHaveBeenCalled();
    expect(yesForRoom12.checked).toBe(true);

    await user.click(within(asked).getByRole('button', { name: 'Nein, behalten' }));
    expect(fake.setEndAtBell).toHaveBeenCalledWith({ classroomId: 'music', on: false });
    expect(
      screen.getByRole<HTMLInputElement>('checkbox', {
        name: 'Zugänge in \u2068B204\u2069 beenden, wenn dort eine Stunde endet',
      }).checked,
    ).toBe(false);
  });

  it('adds a room not in the list by its id, checked with the service, without leaving the question', async () => {
    const fake = withTimetable({ source: 'file', newPlaces: ['Library'] });
    const { user } = await openSettings(fake);
    const question = screen.getByLabelText<HTMLSelectElement>('Which classroom is “Library”?');
    const asked = question.closest('.timetable-question') as HTMLElement;
    await user.selectOptions(question, 'Another room, by its id…');
    const save = within(asked).getByRole<HTMLButtonElement>('button', { name: 'Save' });
    expect(save.disabled).toBe(true);
    // A mistyped id: the service does not know it, and the question stays with the refusal.
    fake.addClassroom.mockRejectedValueOnce(
      new Error(
        messageWithRefusal({
          message: 'The service has no classroom with the id "libary".',
          refusal: refusal('classroomUnknown', { id: 'libary' }),
        }),
      ),
    );
    await user.type(within(asked).getByRole('textbox', { name: 'Classroom id' }), 'libary');
    await user.click(save);
    expect(await within(asked).findByRole('alert')).toBeTruthy();
    expect(within(asked).getByRole('alert').textContent).toMatch(
      /no classroom with the id "libary"/,
    );
    expect(fake.mapTimetablePlace).not.toHaveBeenCalled();

    const field = within(asked).getByRole('textbox', { name: 'Classroom id' });
    await user.clear(field);
    await user.type(field, 'library');
    await user.click(save);
    expect(fake.addClassroom).toHaveBeenLastCalledWith({ id: 'library', nickname: 'Library' });
    expect(fake.mapTimetablePlace).toHaveBeenCalledWith({
      place: 'Library',
      classroomId: 'library',
    });
    expect(screen.queryByLabelText('Which classroom is “Library”?')).toBeNull();
    // Listed now, under the place's name, and the window still shows the room it showed.
    expect(fake.state.classroom.recent[0]).toEqual({ id: 'library', nickname: 'Library' });
    expect(fake.state.classroom.id).toBe('lab-1');
  });

  it('saves a subscription address from a password field and says a failed update', async () => {
    const fake = withTimetable({
      source: 'subscription',
      subscription: { set: true, location: 'keychain' },
      // Worded by its refusal in the window's language, not by the host's sentence.
      problem: {
        message: 'the host sentence',
        refusal: { code: 'timetableServerFailed', values: { status: 500 } },
      },
    });
    const { user } = await openSettings(fake);
    expect(screen.getByText(/Address saved in the system keychain\./)).toBeTruthy();
    expect(
      screen.getByText(
        'Timetable not updated: The timetable server failed (HTTP 500); ClassTray tries again later.',
      ),
    ).toBeTruthy();
    // Said in Settings (and the tray), never as the classroom's banner.
    expect(document.querySelector('.banner')).toBeNull();
    const address = screen.getByLabelText('Subscription address');
    expect(address.getAttribute('type')).toBe('password');
    await user.type(address, 'webcal://school.example/ical/t.ics?key=abc');
    await user.click(screen.getByRole('button', { name: 'Save and fetch' }));
    expect(fake.setTimetableSource).toHaveBeenCalledWith({
      kind: 'subscription',
      url: 'webcal://school.example/ical/t.ics?key=abc',
    });
    // Emptied, the field disables Save: the focus is back in the field, never on the page.
    expect(document.activeElement).toBe(address);
    await user.click(screen.getByRole('button', { name: 'Refresh timetable' }));
    expect(fake.refreshTimetable).toHaveBeenCalledOnce();
  });

  it('saves a weekly table typed in', async () => {
    const fake = new FakeClassTray();
    const { user } = await openSettings(fake);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Lessons from' }), 'weekly');
    await user.click(screen.getByRole('button', { name: 'Add lesson' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Day' }), 'Tuesday');
    // Typed in 24-hour form whatever the browser's locale, as the window writes times.
    await user.clear(screen.getByRole('textbox', { name: 'Start' }));
    await user.type(screen.getByRole('textbox', { name: 'Start' }), '9.05');
    await user.clear(screen.getByRole('textbox', { name: 'End' }));
    await user.type(screen.getByRole('textbox', { name: 'End' }), '1350');
    await user.click(screen.getByRole('button', { name: 'Save table' }));
    expect(fake.setTimetableSource).toHaveBeenCalledWith({
      kind: 'weekly',
      lessons: [{ weekday: 2, start: '09:05', end: '13:50', classroomId: 'lab-1' }],
    });
  });

  it('says how to type a time the weekly table cannot read, and saves nothing', async () => {
    const fake = new FakeClassTray();
    const { user } = await openSettings(fake);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Lessons from' }), 'weekly');
    await user.click(screen.getByRole('button', { name: 'Add lesson' }));
    await user.clear(screen.getByRole('textbox', { name: 'End' }));
    await user.type(screen.getByRole('textbox', { name: 'End' }), '25:00');
    await user.click(screen.getByRole('button', { name: 'Save table' }));
    expect(screen.getByRole('alert').textContent).toBe('Type a time as 10:50.');
    expect(fake.setTimetableSource).not.toHaveBeenCalled();
    // Kept as what went wrong: another language words it at once.
    await act(() => fake.updatePreferences({ language: 'es' }));
    expect((await screen.findByText('Escribe una hora como 10:50.')).getAttribute('role')).toBe(
      'alert',
    );
  });

  it('says the events left out in one sentence with plural forms, and a calendar too much to read with its part', async () => {
    const fake = withTimetable({
      source: 'subscription',
      reading: {
        skipped: { noStart: 1 },
        stopped: { limit: 'time', part: { kind: 'zone', tzid: 'Custom Zone' } },
      },
    });
    const { push } = await openSettings(fake);
    expect(screen.getByText('1 event could not be read: no start time.')).toBeTruthy();
    expect(
      screen.getByText(
        'The calendar is too large or too complex to read (it stopped at the time zone “Custom Zone”): the lessons already read stay in use.',
      ),
    ).toBeTruthy();

    const state = classTrayState({ timetable: { source: 'subscription' } });
    await push({
      type: 'timetable',
      timetable: {
        ...state.timetable,
        reading: {
          // A reason this version has no words for is said generally.
          skipped: { noStart: 2, badRule: 1, unknownReason: 1 } as never,
          stopped: { limit: 'memory', part: { kind: 'events', count: 100_000 } },
        },
      },
    });
    expect(
      screen.getByText(
        '4 events could not be read: no start time, a repeat rule that cannot be read, and something in them that cannot be read.',
      ),
    ).toBeTruthy();
    expect(
      screen.getByText(/^The calendar is too large or too complex to read \(100000 events\)/),
    ).toBeTruthy();
  });

  it('says them in Spanish', async () => {
    const fake = withTimetable(
      {
        source: 'file',
        reading: {
          skipped: { badTime: 2 },
          stopped: { limit: 'time', part: { kind: 'series', uid: 'maths@school' } },
        },
      },
      'es',
    );
    await renderApp(fake);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Ajustes' }));
    expect(
      screen.getByText('No se pudieron leer 2 eventos: una fecha u hora ilegible.'),
    ).toBeTruthy();
    expect(screen.getByText(/se detuvo en el evento periódico «maths@school»/)).toBeTruthy();
  });
});
