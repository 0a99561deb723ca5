// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EndedAccessView, TrackedAccessView } from '../../src-main/core/accesses/accessView';
import type { ScheduledEndRunView } from '../../src-main/core/scheduledEnds/scheduledEndsView';
import { SENTENCES } from '../../src-shared/i18n';
import { messageWithRefusal } from '../../src-shared/refusal';
import { isolated } from '../../src-renderer/views/bidi';
import { FakeClassTray } from '../support/fakeClassTray';
import type { StateOverrides } from '../support/classTrayState';
import {
  ANA,
  classTrayState,
  endAnswer,
  failedEnd,
  trackedAccess,
} from '../support/classTrayState';
import { openAccessCards, renderApp, rowOf } from './renderApp';

// The window's clock is Madrid's, an hour ahead of UTC in January, so a local time and its
// instant differ; only Date is faked ("now" is 10:30 there), and user-event still runs.
const zone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'Europe/Madrid';
});
afterAll(() => {
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-01-05T09:30:15Z'), toFake: ['Date'] });
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** Luis here is on LAB-PC03, an online device (the shared LUIS is on LAB-PC02, offline). */
const LUIS = trackedAccess({
  token: '22222222-2222-4222-8222-222222222222',
  remoteId: '100000003',
  deviceAlias: 'LAB-PC03',
  studentName: 'Luis',
});
/** 10:50 today in Madrid, as the core is sent it. */
const AT_10_50 = '2026-01-05T09:50:00.000Z';

const lab = (overrides: StateOverrides = {}) =>
  new FakeClassTray(classTrayState({ temporalAccesses: [ANA, LUIS], ...overrides }));

/** A running access in Room 12, not the classroom the window opens on (Computer Lab 1). */
const accessInRoom12 = (studentName: string, deviceAlias: string) =>
  trackedAccess({
    token: '33333333-3333-4333-8333-333333333333',
    classroomId: 'room-12',
    deviceAlias,
    studentName,
  });

/** A button of the device row, by its whole accessible name. */
const rowButton = (device: string, name: string) =>
  within(rowOf(device)).getByRole('button', { name });

const cardList = () => {
  openAccessCards();
  return screen.getByRole('list', { name: 'In this classroom' });
};

/** Types a time into the open form's field, as a time field reports it. */
const typeTime = (label: string, time: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value: time } });

/** Renders the lab, opens End at… on Ana's row (LAB-PC01), types `time` and presses Schedule. */
async function scheduleFromAnasRow(fake: FakeClassTray, time: string) {
  const { user } = await renderApp(fake);
  await user.click(rowButton('LAB-PC01', 'End at… for LAB-PC01'));
  typeTime('End at', time);
  await user.click(screen.getByRole('button', { name: 'Schedule' }));
  return user;
}

describe('scheduling an end', () => {
  it('sends the typed local time today as an instant from a device row, then shows it pending', async () => {
    const fake = lab();
    const { user } = await renderApp(fake);
    await user.click(rowButton('LAB-PC01', 'End at… for LAB-PC01'));
    const field = screen.getByLabelText('End at');
    expect(document.activeElement).toBe(field);
    typeTime('End at', '10:50');
    await user.click(screen.getByRole('button', { name: 'Schedule' }));
    expect(fake.scheduleEnd).toHaveBeenCalledExactlyOnceWith({
      target: { token: ANA.token },
      at: AT_10_50,
    });
    // On the row a clock and the time, the sentence its name.
    const pending = within(rowOf('LAB-PC01')).getByRole('img', { name: 'Ends at 10:50' });
    expect(pending.textContent).toBe('10:50');
    expect(document.activeElement).toBe(pending);
    // The card of the same access says so too, the time isolated in the sentence.
    expect(within(cardList()).getByText(`Ends at ${isolated('10:50')}`)).toBeTruthy();
  });

  it('refuses a time already past today in words, without asking the core or rolling to tomorrow', async () => {
    const fake = lab();
    const user = await scheduleFromAnasRow(fake, '10:30');
    expect(fake.scheduleEnd).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe(
      `${isolated('10:30')} has already passed today: choose a later time.`,
    );
    expect(screen.getByLabelText('End at').getAttribute('aria-invalid')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Schedule' }));
    expect(fake.scheduleEnd).not.toHaveBeenCalled();
  });

  it("starts at the next 5-minute mark in the window's 24-hour clock; +5 and +10 min count from now", async () => {
    const fake = lab();
    const { user } = await renderApp(fake);
    await user.click(screen.getByRole('button', { name: 'End class at…' }));
    // 10:30:15 in Madrid: the next mark is 10:35, written as the window writes times.
    const field = screen.getByLabelText<HTMLInputElement>('End class at');
    expect(field.value).toBe('10:35');
    // From the present minute, not from the prefilled mark (that would be 10:45).
    await user.click(screen.getByRole('button', { name: '+10 min' }));
    expect(field.value).toBe('10:40');
    // Pressed again, they add on.
    await user.click(screen.getByRole('button', { name: '+10 min' }));
    await user.click(screen.getByRole('button', { name: '+5 min' }));
    expect(field.value).toBe('10:55');
    // A time typed by hand is not added to: +5 is five minutes from now again.
    typeTime('End class at', '11:20');
    await user.click(screen.getByRole('button', { name: '+5 min' }));
    expect(field.value).toBe('10:35');
    await user.click(screen.getByRole('button', { name: '+10 min' }));
    expect(field.value).toBe('10:45');
    vi.setSystemTime(new Date('2026-01-05T09:30:59Z'));
    await user.click(screen.getByRole('button', { name: '+5 min' }));
    expect(field.value).toBe('10:50');
    await user.click(screen.getByRole('button', { name: 'Schedule' }));
    expect(fake.scheduleEnd).toHaveBeenCalledExactlyOnceWith({
      target: { classroomId: 'lab-1' },
      at: AT_10_50,
    });
  });

  it('takes a time typed in the 24-hour clock of the window, never AM or PM', async () => {
    const fake = lab();
    const { user } = await renderApp(fake);
    await user.click(rowButton('LAB-PC01', 'End at… for LAB-PC01'));
    typeTime('End at', '10.50');
    await user.keyboard('{Enter}');
    expect(fake.scheduleEnd).toHaveBeenCalledExactlyOnceWith({
      target: { token: ANA.token },
      at: AT_10_50,
    });
  });

  it('rewords a refused time when the language changes, as it keeps what was wrong, not its words', async () => {
    const fake = lab();
    await scheduleFromAnasRow(fake, '10:30');
    await act(() => fake.updatePreferences({ language: 'de' }));
    // German's sentences arrive as their own chunk, after the preference: waited for, not assumed.
    const german = SENTENCES.de.schedule.passed.replace('{{time}}', isolated('10:30'));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(german));
  });

  it("asks for a time in the window's format when the field holds none", async () => {
    const fake = lab();
    await scheduleFromAnasRow(fake, '12:50 AM');
    expect(fake.scheduleEnd).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe('Type a time as 10:50.');
  });

  it("shows the core's refusal the way the window shows a failed action", async () => {
    const fake = lab();
    fake.scheduleEnd.mockRejectedValueOnce(new Error('This temporal access has already ended.'));
    await scheduleFromAnasRow(fake, '10:50');
    expect(screen.getByRole('alert').textContent).toBe(
      'That did not work: This temporal access has already ended.',
    );
    // The form stays, to try another time.
    expect(screen.getByLabelText('End at')).toBeTruthy();
  });

  it('closes with Cancel or Escape, sending nothing, and gives the focus back', async () => {
    const fake = lab();
    const { user } = await renderApp(fake);
    const open = () => rowButton('LAB-PC03', 'End at… for LAB-PC03');
    await user.click(open());
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(document.activeElement).toBe(open());
    await user.click(open());
    await user.keyboard('{Escape}');
    expect(screen.queryByLabelText('End at')).toBeNull();
    expect(document.activeElement).toBe(open());
    expect(fake.scheduleEnd).not.toHaveBeenCalled();
  });

  it("keeps the arrow keys in a row's time field, not the device list's", async () => {
    const { user } = await renderApp(lab());
    await user.click(rowButton('LAB-PC01', 'End at… for LAB-PC01'));
    const field = screen.getByLabelText('End at');
    await user.keyboard('{ArrowDown}{ArrowRight}{End}');
    expect(document.activeElement).toBe(field);
  });

  it('schedules from the access card as well', async () => {
    const fake = lab();
    const { user } = await renderApp(fake);
    await user.click(within(cardList()).getByRole('button', { name: 'End at… for LAB-PC03' }));
    typeTime('End at', '10:50');
    await user.click(screen.getByRole('button', { name: 'Schedule' }));
    expect(fake.scheduleEnd).toHaveBeenCalledExactlyOnceWith({
      target: { token: LUIS.token },
      at: AT_10_50,
    });
  });

  it('is not offered for an access that has ended', async () => {
    const ended: TrackedAccessView = {
      ...ANA,
      state: { kind: 'already-ended', learnedAt: new Date().toISOString() },
    };
    await renderApp(lab({ temporalAccesses: [ended] }));
    expect(screen.queryByRole('button', { name: /^End at…/ })).toBeNull();
  });
});

describe('a pending end', () => {
  it('is shown on the row and the card, and cancelled by a button that names it', async () => {
    const fake = lab({
      scheduledEnds: { pending: [{ at: AT_10_50, target: { token: ANA.token } }] },
    });
    const { user } = await renderApp(fake);
    expect(within(rowOf('LAB-PC01')).getByRole('img', { name: 'Ends at 10:50' })).toBeTruthy();
    expect(within(cardList()).getByText(`Ends at ${isolated('10:50')}`)).toBeTruthy();
    // Luis's access has none.
    expect(within(rowOf('LAB-PC03')).queryByText(/Ends at/)).toBeNull();
    await user.click(rowButton('LAB-PC01', 'Cancel end at 10:50 for LAB-PC01'));
    expect(fake.cancelScheduledEnd).toHaveBeenCalledExactlyOnceWith({
      target: { token: ANA.token },
    });
    expect(screen.queryByText(`Ends at ${isolated('10:50')}`)).toBeNull();
    expect(screen.queryByRole('img', { name: 'Ends at 10:50' })).toBeNull();
    expect(document.activeElement).toBe(rowButton('LAB-PC01', 'End at… for LAB-PC01'));
  });
});

/** In the open class form, schedules 10:50: the core is asked once, and the class shows it pending. */
async function scheduleClassEndAt1050(fake: FakeClassTray, user: UserEvent) {
  typeTime('End class at', '10:50');
  await user.click(screen.getByRole('button', { name: 'Schedule' }));
  expect(fake.scheduleEnd).toHaveBeenCalledExactlyOnceWith({
    target: { classroomId: 'lab-1' },
    at: AT_10_50,
  });
  expect(screen.getByText(`Class ends at ${isolated('10:50')}`)).toBeTruthy();
}

describe("the class's end", () => {
  it('is scheduled beside End all, shown pending and cancelled', async () => {
    const fake = lab();
    const { user } = await renderApp(fake);
    await user.click(screen.getByRole('button', { name: 'End class at…' }));
    expect(screen.getByRole('form', { name: 'Schedule the end of the class' })).toBeTruthy();
    await scheduleClassEndAt1050(fake, user);
    // The accesses' own ends are theirs: none is pending.
    expect(within(rowOf('LAB-PC01')).queryByText(/Ends at/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Cancel end at 10:50 of the class' }));
    expect(fake.cancelScheduledEnd).toHaveBeenCalledExactlyOnceWith({
      target: { classroomId: 'lab-1' },
    });
    expect(screen.getByRole('button', { name: 'End class at…' })).toBeTruthy();
  });

  it('is offered before the first access, which it will end too', async () => {
    const fake = lab({ temporalAccesses: [] });
    const { user } = await renderApp(fake);
    expect(screen.queryByRole('button', { name: 'End all accesses in this classroom' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'End class at…' }));
    await scheduleClassEndAt1050(fake, user);
  });

  it("is not offered for another classroom's pending end", async () => {
    await renderApp(
      lab({ scheduledEnds: { pending: [{ at: AT_10_50, target: { classroomId: 'room-12' } }] } }),
    );
    expect(screen.queryByText(/Class ends at/)).toBeNull();
    expect(screen.getByRole('button', { name: 'End class at…' })).toBeTruthy();
  });
});

/** A run of the end at 10:50, with `ended` as the core reports each access. */
function run(overrides: Partial<ScheduledEndRunView> = {}): ScheduledEndRunView {
  return {
    scheduled: { at: AT_10_50, target: { classroomId: 'lab-1' } },
    ranAt: '2026-01-05T09:50:01.000Z',
    lateMinutes: 0,
    ended: [],
    retrying: false,
    ...overrides,
  };
}

const ended = (token: string): EndedAccessView => ({
  token,
  result: {
    kind: 'invalidated',
    sessionExpiresAt: AT_10_50,
    learnedAt: AT_10_50,
    warnNo2fa: false,
  },
});
const failed = (token: string): EndedAccessView => ({ token, result: failedEnd('network') });
const over = (token: string, kind: 'already-ended' | 'unknown'): EndedAccessView => ({
  token,
  result: endAnswer(kind),
});

describe('run reports', () => {
  // Each run as the core reports it, and the sentences the window shows for them, newest first.
  it.each<{ name: string; ran: ScheduledEndRunView[]; reports: string[] }>([
    {
      name: 'says what each run ended, newest first, naming the classroom or the student and device',
      ran: [
        run({ ended: [ended('a'), ended('b'), ended('c')] }),
        run({
          scheduled: { at: AT_10_50, target: { token: ANA.token } },
          ended: [ended(ANA.token)],
        }),
        run({ scheduled: { at: AT_10_50, target: { classroomId: 'room-12' } } }),
      ],
      reports: [
        'Scheduled end at 10:50 for Computer Lab 1 ended 3 accesses.',
        'Scheduled end at 10:50 for Ana on LAB-PC01 ended 1 access.',
        'Scheduled end at 10:50 for Room 12: no access was running.',
      ],
    },
    {
      name: 'says a run was late because the computer slept or ClassTray was closed',
      ran: [run({ lateMinutes: 12, ended: [ended('a')] })],
      reports: [
        'Scheduled end at 10:50 for Computer Lab 1 ended 1 access. It ran late by 12 minutes (the computer was asleep or ClassTray was closed).',
      ],
    },
    {
      name: 'says a run ended early, as the computer went to sleep',
      // Asleep at 10:42, eight minutes before the end.
      ran: [
        run({
          atSleep: true,
          ranAt: new Date(Date.parse(AT_10_50) - 8 * 60_000).toISOString(),
          ended: [ended('a'), ended('b')],
        }),
      ],
      reports: [
        'Scheduled end at 10:50 for Computer Lab 1 ended 2 accesses. It ran early, at 10:42, when the computer went to sleep.',
      ],
    },
    {
      name: 'says how many could not be ended and that they are being retried',
      ran: [
        run({ ended: [ended('a'), failed('b'), failed('c')], retrying: true }),
        run({
          scheduled: { at: AT_10_50, target: { token: 'ffffffff-ffff' } },
          ended: [failed('f')],
        }),
      ],
      reports: [
        'Scheduled end at 10:50 for Computer Lab 1 ended 1 access. Could not end 2 accesses: retrying.',
        'Scheduled end at 10:50 for Token ffffffff…: no access ended. Could not end 1 access.',
      ],
    },
    {
      name: 'counts as ended only what it ended, and says what was over already',
      ran: [
        run({ ended: [ended('a'), over('b', 'already-ended'), over('c', 'already-ended')] }),
        run({ ended: [over('d', 'unknown')], ranAt: '2026-01-05T09:55:00.000Z' }),
      ],
      reports: [
        'Scheduled end at 10:50 for Computer Lab 1 ended 1 access. 2 accesses had already ended or expired.',
        'Scheduled end at 10:50 for Computer Lab 1: no access ended. 1 access was unknown to the service.',
      ],
    },
  ])('$name', async ({ ran, reports }) => {
    await renderApp(lab({ scheduledEnds: { ran } }));
    expect(reportTexts()).toEqual(reports);
  });

  it("names an access's own classroom when another one is open", async () => {
    const inRoom12 = accessInRoom12('Eva', 'R12-PC06');
    const { user } = await renderApp(
      lab({
        temporalAccesses: [ANA, inRoom12],
        scheduledEnds: {
          ran: [
            run({
              scheduled: { at: AT_10_50, target: { token: inRoom12.token } },
              ended: [ended(inRoom12.token)],
            }),
            run({
              scheduled: { at: AT_10_50, target: { token: ANA.token } },
              ended: [ended(ANA.token)],
            }),
          ],
        },
      }),
    );
    expect(reportTexts()).toEqual([
      'Scheduled end at 10:50 for Eva on R12-PC06 in Room 12 ended 1 access.',
      'Scheduled end at 10:50 for Ana on LAB-PC01 ended 1 access.',
    ]);
    // Room 12 open: its own access needs no room, Lab 1's is named.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Classroom' }), 'room-12');
    expect(reportTexts()).toEqual([
      'Scheduled end at 10:50 for Eva on R12-PC06 ended 1 access.',
      'Scheduled end at 10:50 for Ana on LAB-PC01 in Computer Lab 1 ended 1 access.',
    ]);
  });

  it('shows a report the core pushes, in the polite live region, until dismissed in the core', async () => {
    const fake = lab();
    const { user, push } = await renderApp(fake);
    expect(reportTexts()).toEqual([]);
    const first = run({ ended: [ended('a')] });
    const second = run({
      scheduled: { at: AT_10_50, target: { classroomId: 'room-12' } },
      ranAt: '2026-01-05T10:00:00.000Z',
      lateMinutes: 1,
    });
    fake.state.scheduledEnds = { pending: [], ran: [first] };
    await push({ type: 'scheduled-ends', scheduledEnds: fake.state.scheduledEnds });
    fake.state.scheduledEnds = { pending: [], ran: [second, first] };
    await push({ type: 'scheduled-ends', scheduledEnds: fake.state.scheduledEnds });
    expect(reportTexts()).toEqual([
      'Scheduled end at 10:50 for Room 12: no access was running. It ran late by 1 minute (the computer was asleep or ClassTray was closed).',
      'Scheduled end at 10:50 for Computer Lab 1 ended 1 access.',
    ]);
    await user.click(
      screen.getByRole('button', { name: 'Dismiss the report of the end at 10:50 for Room 12' }),
    );
    expect(fake.dismissScheduledEndReport).toHaveBeenCalledExactlyOnceWith(second.scheduled);
    expect(reportTexts()).toEqual(['Scheduled end at 10:50 for Computer Lab 1 ended 1 access.']);
    // The keyboard goes on to the report left.
    expect(document.activeElement).toBe(
      screen.getByRole('button', {
        name: 'Dismiss the report of the end at 10:50 for Computer Lab 1',
      }),
    );
    // The core keeps it dismissed: another window (or this one reloaded) never shows it.
    cleanup();
    await renderApp(fake);
    expect(reportTexts()).toEqual(['Scheduled end at 10:50 for Computer Lab 1 ended 1 access.']);
  });
});

describe("the reports' fold", () => {
  /** The reports on screen: folded, the newest alone. */
  const shownReports = () =>
    [...document.querySelectorAll('.schedule-report')]
      .filter((report) => report.closest('[hidden]') === null)
      .map((report) => report.querySelector('p')?.textContent);
  const dismissButtons = () => screen.queryAllByRole('button', { name: /^Dismiss the re/ });

  it('folds them to one line, their count and the newest with its Dismiss; the keyboard opens it', async () => {
    const { user } = await renderApp(
      lab({
        scheduledEnds: {
          ran: [
            run({ ended: [ended('a')] }),
            run({ scheduled: { at: AT_10_50, target: { token: ANA.token } } }),
            run({ scheduled: { at: AT_10_50, target: { classroomId: 'room-12' } } }),
          ],
        },
      }),
    );
    const toggle = screen.getByRole('button', { name: '3 reports' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(shownReports()).toEqual(['Scheduled end at 10:50 for Computer Lab 1 ended 1 access.']);
    expect(dismissButtons()).toHaveLength(1);
    // In the polite live region, as they come.
    expect(toggle.getAttribute('aria-controls')).toBe(
      document.querySelector('.schedule-reports[role="status"]')?.id,
    );

    // The toggle is in the Tab order; Enter opens every report, Space folds them again.
    await user.click(screen.getByRole('searchbox'));
    await user.tab({ shift: true });
    while (document.activeElement !== toggle && document.activeElement !== document.body) {
      await user.tab({ shift: true });
    }
    expect(document.activeElement).toBe(toggle);
    await user.keyboard('{Enter}');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(shownReports()).toEqual([
      'Scheduled end at 10:50 for Computer Lab 1 ended 1 access.',
      'Scheduled end at 10:50 for Ana on LAB-PC01: no access was running.',
      'Scheduled end at 10:50 for Room 12: no access was running.',
    ]);
    expect(dismissButtons()).toHaveLength(3);
    await user.keyboard(' ');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(dismissButtons()).toHaveLength(1);
  });

  it("counts End all's result among them, newest on the line with the focus, until a newer one", async () => {
    const fake = lab({ scheduledEnds: { ran: [run({ ended: [ended('a')] })] } });
    const { user, push } = await renderApp(fake);
    expect(screen.getByRole('button', { name: '1 report' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'End all accesses in this classroom' }));
    await user.click(screen.getByRole('button', { name: 'End 2 accesses' }));
    const result = await screen.findByText('Ended 2 accesses.');
    expect(document.activeElement).toBe(result);
    expect(screen.getByRole('button', { name: '2 reports' })).toBeTruthy();
    expect(shownReports()).toEqual(['Ended 2 accesses.']);

    const later = run({
      scheduled: { at: AT_10_50, target: { classroomId: 'room-12' } },
      ranAt: '2026-01-05T10:00:00.000Z',
    });
    fake.state.scheduledEnds = { pending: [], ran: [later, ...fake.state.scheduledEnds.ran] };
    await push({ type: 'scheduled-ends', scheduledEnds: fake.state.scheduledEnds });
    expect(shownReports()).toEqual(['Scheduled end at 10:50 for Room 12: no access was running.']);
    await user.click(screen.getByRole('button', { name: '3 reports' }));
    await user.click(screen.getByRole('button', { name: 'Dismiss the result of End all' }));
    expect(screen.getByRole('button', { name: '2 reports' })).toBeTruthy();
    expect(shownReports()).not.toContain('Ended 2 accesses.');
  });

  it("keeps a name and its device whole in End all's result: never (LAB-/PC03)", async () => {
    const fake = lab();
    fake.endAccesses.mockResolvedValueOnce([
      { token: ANA.token, result: ended(ANA.token).result },
      { token: LUIS.token, result: failedEnd('network') },
    ]);
    const { user } = await renderApp(fake);
    await user.click(screen.getByRole('button', { name: 'End all accesses in this classroom' }));
    await user.click(screen.getByRole('button', { name: 'End 2 accesses' }));
    const result = await screen.findByText(/^Ended 1 access\./, { selector: '.end-all-outcome' });
    expect([...result.querySelectorAll('.unbroken')].map((name) => name.textContent)).toEqual([
      'Luis',
      '(LAB-PC03)',
    ]);
    expect(result.textContent).toBe(
      `Ended 1 access. ${isolated('Luis (LAB-PC03)')}: Not ended, try again: the service could not be reached.`,
    );
  });

  it('keeps each student, device and room whole, a student broken at its spaces only', async () => {
    const zofia = accessInRoom12('Zofia Wiśniewska-Kowalczyk', 'R12-PC23');
    await renderApp(
      lab({
        temporalAccesses: [ANA, zofia],
        preferences: { language: 'pl' },
        scheduledEnds: {
          ran: [
            run({ scheduled: { at: AT_10_50, target: { classroomId: 'room-12' } } }),
            run({
              scheduled: { at: AT_10_50, target: { token: zofia.token } },
              ended: [ended(zofia.token)],
            }),
          ],
        },
      }),
    );
    // "(Room" / "12)" and "(Zofia Wiśniewska-Kowalczyk na R12-" / "PC23)" no more.
    expect(
      [...document.querySelectorAll('.schedule-reports .unbroken')].map((name) => name.textContent),
    ).toEqual(['Room 12', 'Zofia', 'Wiśniewska-Kowalczyk', 'R12-PC23', 'Room 12']);
    expect(reportTexts()).toEqual([
      'Planowe zakończenie o 10:50 (Room 12): żaden dostęp nie był aktywny.',
      'Planowe zakończenie o 10:50 (Zofia Wiśniewska-Kowalczyk na R12-PC23 (Room 12)) zakończyło 1 dostęp.',
    ]);
  });
});

function reportTexts(): (string | null)[] {
  return [...document.querySelectorAll('.schedule-reports[role="status"] .schedule-report p')].map(
    (p) => p.textContent,
  );
}

describe('in Spanish', () => {
  it("words the core's refusal of an end too far ahead in Spanish, with its hours", async () => {
    const fake = lab({ preferences: { language: 'es' } });
    fake.scheduleEnd.mockRejectedValueOnce(
      new Error(
        messageWithRefusal({
          message: 'An end can be scheduled up to 24 hours ahead: choose an earlier time.',
          refusal: { code: 'endTooFarAhead', values: { hours: 24 } },
        }),
      ),
    );
    const { user } = await renderApp(fake);
    await user.click(rowButton('LAB-PC01', 'Terminar a las… para LAB-PC01'));
    typeTime('Terminar a las', '10:50');
    await user.click(screen.getByRole('button', { name: 'Programar' }));
    expect(screen.getByRole('alert').textContent).toBe(
      'No funcionó: Un fin se puede programar con 24 horas de antelación como máximo: elige una hora anterior.',
    );
  });

  it('schedules, shows pending ends and reports in the window language', async () => {
    const fake = lab({
      preferences: { language: 'es' },
      scheduledEnds: {
        pending: [{ at: AT_10_50, target: { classroomId: 'lab-1' } }],
        ran: [run({ ended: [ended('a'), ended('b')], lateMinutes: 12 })],
      },
    });
    const { user } = await renderApp(fake);
    expect(screen.getByText(`La clase termina a las ${isolated('10:50')}`)).toBeTruthy();
    expect(reportTexts()).toEqual([
      'El fin programado a las 10:50 para Computer Lab 1 terminó 2 accesos. Se ejecutó con 12 minutos de retraso (el ordenador estaba en suspensión o ClassTray estaba cerrado).',
    ]);
    await user.click(rowButton('LAB-PC01', 'Terminar a las… para LAB-PC01'));
    typeTime('Terminar a las', '09:15');
    await user.click(screen.getByRole('button', { name: 'Programar' }));
    expect(screen.getByRole('alert').textContent).toBe(
      `Las ${isolated('09:15')} ya han pasado hoy: elige una hora posterior.`,
    );
    typeTime('Terminar a las', '10:50');
    await user.click(screen.getByRole('button', { name: 'Programar' }));
    expect(
      within(rowOf('LAB-PC01')).getByRole('img', { name: 'Termina a las 10:50' }),
    ).toBeTruthy();
    expect(rowButton('LAB-PC01', 'Anular fin de las 10:50 para LAB-PC01')).toBeTruthy();
  });
});
