// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { LessonView } from '../../src-main/core/api/classTrayApi';
import { classTrayState } from '../support/classTrayState';
import { FakeClassTray } from '../support/fakeClassTray';
import { renderApp } from './renderApp';

afterEach(cleanup);

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
  await rendered.user.click(screen.getByRole('button', { name: 'Settings' }));
  return rendered;
}

describe('the lesson in the header', () => {
  it('says the lesson and its end, and keeps the accesses after it on request', async () => {
    const fake = new FakeClassTray(classTrayState({ timetable: { now: maths } }));
    const { user } = await renderApp(fake);
    expect(screen.getByText('Maths 3B · until 10:50')).toBeTruthy();
    expect(screen.getByText('Accesses end at 10:50')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Keep accesses after this lesson' }));
    expect(fake.keepAccessesAfterLesson).toHaveBeenCalledWith({ key: maths.key });
    expect(screen.queryByRole('button', { name: 'Keep accesses after this lesson' })).toBeNull();
    expect(screen.getByText('Maths 3B · until 10:50')).toBeTruthy();
  });

  it('shows nothing between lessons', async () => {
    await renderApp(new FakeClassTray());
    expect(document.querySelector('.lesson-line')).toBeNull();
  });
});

describe('Settings → Timetable', () => {
  it('asks which classroom a new location is, then whether the bell ends accesses', async () => {
    const fake = new FakeClassTray(
      classTrayState({ timetable: { source: 'file', newPlaces: ['R12'] } }),
    );
    const { user } = await openSettings(fake);
    const question = screen.getByLabelText('Which classroom is “R12”?');
    await user.selectOptions(question, 'Room 12');
    await user.click(
      within(question.closest('div') as HTMLElement).getByRole('button', { name: 'Save' }),
    );
    expect(fake.mapTimetablePlace).toHaveBeenCalledWith({ place: 'R12', classroomId: 'room-12' });
    expect(screen.queryByLabelText('Which classroom is “R12”?')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Yes, end them' }));
    expect(fake.setEndAtBell).toHaveBeenCalledWith({ on: true });
    const bell = screen.getByRole<HTMLInputElement>('checkbox', {
      name: "End this room's accesses when the lesson ends",
    });
    expect(bell.checked).toBe(true);
  });

  it('saves a subscription address from a password field and says a failed update', async () => {
    const fake = new FakeClassTray(
      classTrayState({
        timetable: {
          source: 'subscription',
          subscription: { set: true, location: 'keychain' },
          problem: 'The timetable server failed (HTTP 500); ClassTray tries again later.',
        },
      }),
    );
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
    await user.click(screen.getByRole('button', { name: 'Refresh timetable' }));
    expect(fake.refreshTimetable).toHaveBeenCalledOnce();
  });

  it('saves a weekly table typed in', async () => {
    const fake = new FakeClassTray();
    const { user } = await openSettings(fake);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Lessons from' }), 'weekly');
    await user.click(screen.getByRole('button', { name: 'Add lesson' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Day' }), 'Tuesday');
    await user.click(screen.getByRole('button', { name: 'Save table' }));
    expect(fake.setTimetableSource).toHaveBeenCalledWith({
      kind: 'weekly',
      lessons: [{ weekday: 2, start: '08:00', end: '08:50', classroomId: 'lab-1' }],
    });
  });

  it('says the events left out in one sentence with plural forms, and a calendar too much to read with its part', async () => {
    const fake = new FakeClassTray(
      classTrayState({
        timetable: {
          source: 'subscription',
          reading: {
            skipped: { noStart: 1 },
            stopped: { limit: 'time', part: { kind: 'zone', tzid: 'Custom Zone' } },
          },
        },
      }),
    );
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
    const fake = new FakeClassTray(
      classTrayState({
        preferences: { language: 'es' },
        timetable: {
          source: 'file',
          reading: {
            skipped: { badTime: 2 },
            stopped: { limit: 'time', part: { kind: 'series', uid: 'maths@school' } },
          },
        },
      }),
    );
    await renderApp(fake);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Ajustes' }));
    expect(
      screen.getByText('No se pudieron leer 2 eventos: una fecha u hora ilegible.'),
    ).toBeTruthy();
    expect(screen.getByText(/se detuvo en el evento periódico «maths@school»/)).toBeTruthy();
  });
});
