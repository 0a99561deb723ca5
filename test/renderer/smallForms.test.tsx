// @vitest-environment happy-dom
/**
 * Every small form of the window passes the same test of the one pattern (smallForm.tsx): Enter
 * submits, Esc and Cancel close it without sending anything and give the focus back to what
 * opened it, it is brought into view as it opens, and a problem stands under the field it
 * concerns, announced and named by it.
 */
import { cleanup, screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { FakeClassTray } from '../support/fakeClassTray';
import { ANA, classTrayState } from '../support/classTrayState';
import { renderApp, rowOf } from './renderApp';

// 10:30 local time: the end forms' next 5-minute mark is later today, whatever the time zone.
beforeEach(() => {
  vi.useFakeTimers({ now: new Date(2026, 0, 5, 10, 30, 15), toFake: ['Date'] });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

interface SmallFormCase {
  form: string;
  /**
   * Opens the form; finds the control that did, which gets the focus back (the same control, or
   * the one rendered again in its place).
   */
  open: (user: UserEvent) => Promise<() => HTMLElement>;
  /** The field Enter is pressed in, and what it holds first. */
  field: string;
  /** Makes the field hold something the form sends, or refuses. */
  fill: (user: UserEvent, field: HTMLElement) => Promise<void>;
  sent: (fake: FakeClassTray) => Mock;
  /** Makes the next submit fail, about the field. */
  fail: (fake: FakeClassTray, user: UserEvent, field: HTMLElement) => Promise<void>;
  /** What opened the form places the focus in it, and shows it (SmallForm's autoFocus off). */
  shownByOpener?: true;
}

const opened = async (user: UserEvent, find: () => HTMLElement) => {
  await user.click(find());
  return find;
};
const button = (name: string) => () => screen.getByRole('button', { name });
const rowButton = (device: string, name: RegExp | string) => () =>
  within(rowOf(device)).getByRole('button', { name });
const replace = async (user: UserEvent, field: HTMLElement, text: string) => {
  await user.clear(field);
  await user.type(field, text);
};
const refusal = new Error('The service has no classroom with the id "room-99".');

const CASES: SmallFormCase[] = [
  {
    form: 'Add a temporal access',
    open: (user) => opened(user, rowButton('LAB-PC02', /^Add access/)),
    field: 'Temporal access link or token',
    fill: (user, field) => user.type(field, 'https://remote.example/t/abc'),
    sent: (fake) => fake.addTemporalAccess,
    fail: async (fake, user, field) => {
      fake.addTemporalAccess.mockResolvedValueOnce({ ok: false, problem: 'no-token' });
      await user.type(field, 'not a link');
    },
    shownByOpener: true,
  },
  {
    form: 'Add classroom',
    open: (user) => opened(user, button('Add classroom')),
    field: 'Classroom id',
    fill: (user, field) => user.type(field, 'room-99'),
    sent: (fake) => fake.selectClassroom,
    fail: async (fake, user, field) => {
      fake.selectClassroom.mockRejectedValueOnce(refusal);
      await user.type(field, 'room-99');
    },
  },
  {
    form: 'Rename or remove Computer Lab 1',
    open: (user) => opened(user, button('Rename or remove classroom')),
    field: 'Nickname',
    fill: (user, field) => replace(user, field, 'Lab A'),
    sent: (fake) => fake.renameClassroom,
    fail: async (fake, user, field) => {
      fake.renameClassroom.mockRejectedValueOnce(new Error('Could not save the settings.'));
      await replace(user, field, 'Lab A');
    },
  },
  {
    form: 'Schedule the end for LAB-PC01',
    open: (user) => opened(user, rowButton('LAB-PC01', 'End at… for LAB-PC01')),
    field: 'End at',
    fill: async () => {},
    sent: (fake) => fake.scheduleEnd,
    fail: (_fake, user, field) => replace(user, field, '25:70'),
  },
  {
    form: 'Schedule the end of the class',
    open: (user) => opened(user, button('End class at…')),
    field: 'End class at',
    fill: async () => {},
    sent: (fake) => fake.scheduleEnd,
    fail: (_fake, user, field) => replace(user, field, '10:00'),
  },
];

describe.each(CASES)('the small form "$form"', (form) => {
  const start = async () => {
    const fake = new FakeClassTray(classTrayState({ temporalAccesses: [ANA] }));
    const { user } = await renderApp(fake);
    const opener = await form.open(user);
    const field = screen.getByLabelText<HTMLInputElement>(form.field);
    return { fake, user, opener, field };
  };

  it('shows its primary button and Cancel, and starts with the focus in its form', async () => {
    await start();
    const shown = screen.getByRole('form', { name: form.form });
    expect(within(shown).getByRole('button', { name: /cancel/i })).toBeTruthy();
    expect(shown.querySelector('button[type="submit"]')).toBeTruthy();
    expect(shown.contains(document.activeElement)).toBe(true);
  });

  it('submits on Enter in its field', async () => {
    const { fake, user, field } = await start();
    await form.fill(user, field);
    await user.type(field, '{Enter}');
    expect(form.sent(fake)).toHaveBeenCalledOnce();
  });

  it('closes on Esc, sending nothing, with the focus back on what opened it', async () => {
    const { fake, user, opener, field } = await start();
    await form.fill(user, field);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('form', { name: form.form })).toBeNull();
    expect(document.activeElement).toBe(opener());
    expect(form.sent(fake)).not.toHaveBeenCalled();
  });

  it('closes on Cancel, sending nothing, with the focus back on what opened it', async () => {
    const { fake, user, opener } = await start();
    await user.click(within(screen.getByRole('form', { name: form.form })).getByText(/cancel/i));
    expect(screen.queryByRole('form', { name: form.form })).toBeNull();
    expect(document.activeElement).toBe(opener());
    expect(form.sent(fake)).not.toHaveBeenCalled();
  });

  it('says what is wrong under the field it concerns, announced and tied to it', async () => {
    const { fake, user, field } = await start();
    await form.fail(fake, user, field);
    await user.type(field, '{Enter}');
    const problem = await screen.findByRole('alert');
    // Under its field: in the field's own box, right after it, and named by it.
    expect(problem.closest('.form-field')).toBe(field.closest('.form-field'));
    expect(field.compareDocumentPosition(problem) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(field.getAttribute('aria-describedby')?.split(' ')).toContain(problem.id);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    // The form stays, to correct it.
    expect(screen.getByRole('form', { name: form.form })).toBeTruthy();
  });

  it('brings what is wrong into view with its buttons', async () => {
    const { fake, user, field } = await start();
    await form.fail(fake, user, field);
    const shown = vi.spyOn(HTMLElement.prototype, 'scrollIntoView');
    try {
      await user.type(field, '{Enter}');
      const problem = await screen.findByRole('alert');
      const actions = screen.getByRole('form', { name: form.form }).querySelector('.form-actions');
      expect(shown.mock.contexts.slice(-2)).toEqual([actions, problem]);
    } finally {
      shown.mockRestore();
    }
  });
});

describe.each([
  { label: 'Refresh every (seconds)', saved: '15', sent: { poll: { visibleSeconds: 30 } } },
  { label: 'Keep ended accesses for (hours)', saved: '24', sent: { endedRetentionHours: 30 } },
])('the number setting "$label"', ({ label, saved, sent }) => {
  const start = async () => {
    const fake = new FakeClassTray(
      classTrayState({
        preferences: { poll: { visibleSeconds: 15, hiddenSeconds: 60 }, endedRetentionHours: 24 },
      }),
    );
    const { user } = await renderApp(fake);
    await user.click(screen.getByRole('button', { name: 'Settings' }));
    return { fake, user, field: screen.getByLabelText<HTMLInputElement>(label) };
  };

  it('saves on Enter', async () => {
    const { fake, user, field } = await start();
    await replace(user, field, '30{Enter}');
    expect(fake.updatePreferences).toHaveBeenCalledExactlyOnceWith(sent);
  });

  it('puts the saved value back on Esc, sending nothing, and keeps the settings open', async () => {
    const { fake, user, field } = await start();
    await replace(user, field, '30{Escape}');
    expect(field.value).toBe(saved);
    expect(document.activeElement).toBe(field);
    expect(fake.updatePreferences).not.toHaveBeenCalled();
  });

  it('says a value out of range under the field, announced and tied to it', async () => {
    const { fake, user, field } = await start();
    await replace(user, field, '0{Enter}');
    const problem = screen.getByRole('alert');
    expect(problem.closest('.form-field')).toBe(field.closest('.form-field'));
    expect(field.getAttribute('aria-describedby')).toBe(problem.id);
    expect(fake.updatePreferences).not.toHaveBeenCalled();
  });
});

describe("the settings' account group", () => {
  const start = async () => {
    const fake = new FakeClassTray();
    const { user } = await renderApp(fake);
    await user.click(screen.getByRole('button', { name: 'Settings' }));
    return { fake, user, field: screen.getByLabelText<HTMLInputElement>('Service URL') };
  };

  it('connects on Enter in a field', async () => {
    const { fake, user, field } = await start();
    await replace(user, field, 'https://school.example{Enter}');
    expect(fake.connectService).toHaveBeenCalledOnce();
  });

  it('puts back what is saved on Esc or Cancel, sending nothing', async () => {
    const { fake, user, field } = await start();
    const before = field.value;
    await replace(user, field, 'https://other.example{Escape}');
    expect(field.value).toBe(before);
    await replace(user, field, 'https://other.example');
    await user.click(within(screen.getByRole('form', { name: 'Account' })).getByText('Cancel'));
    expect(field.value).toBe(before);
    expect(fake.connectService).not.toHaveBeenCalled();
  });

  it('says a missing address under its field, announced and tied to it', async () => {
    const { user, field } = await start();
    await user.clear(field);
    await user.type(field, '{Enter}');
    const problem = screen.getByRole('alert');
    expect(problem.closest('.form-field')).toBe(field.closest('.form-field'));
    expect(field.getAttribute('aria-describedby')).toBe(problem.id);
  });
});

describe("the timetable's subscription address", () => {
  const start = async () => {
    const fake = new FakeClassTray(
      classTrayState({
        timetable: { source: 'subscription', subscription: { set: false, location: 'keychain' } },
      }),
    );
    const { user } = await renderApp(fake);
    await user.click(screen.getByRole('button', { name: 'Settings' }));
    return { fake, user, field: screen.getByLabelText<HTMLInputElement>('Subscription address') };
  };

  it('saves on Enter, and Esc empties the field without sending it', async () => {
    const { fake, user, field } = await start();
    await user.type(field, 'webcal://school.example/t.ics{Escape}');
    expect(field.value).toBe('');
    expect(fake.setTimetableSource).not.toHaveBeenCalled();
    await user.type(field, 'webcal://school.example/t.ics{Enter}');
    expect(fake.setTimetableSource).toHaveBeenCalledExactlyOnceWith({
      kind: 'subscription',
      url: 'webcal://school.example/t.ics',
    });
  });

  it('says a refused address under its field, announced and tied to it', async () => {
    const { fake, user, field } = await start();
    fake.setTimetableSource.mockRejectedValueOnce(new Error('That address is not a calendar.'));
    await user.type(field, 'https://school.example/{Enter}');
    const problem = await screen.findByRole('alert');
    expect(problem.closest('.form-field')).toBe(field.closest('.form-field'));
    expect(field.getAttribute('aria-describedby')?.split(' ')).toContain(problem.id);
  });
});

// Opened on the last row in view, focus() alone would show the field but not the buttons. The
// access form is left out: the row that opens it shows it and places its focus (addAccessForm.tsx).
describe.each(CASES.filter((form) => form.shownByOpener !== true))(
  'the small form "$form", opening',
  (form) => {
    const start = async () => {
      const fake = new FakeClassTray(classTrayState({ temporalAccesses: [ANA] }));
      const { user } = await renderApp(fake);
      await form.open(user);
    };

    it('is brought into view whole as it opens, then its focused control', async () => {
      const shown = vi.spyOn(HTMLElement.prototype, 'scrollIntoView');
      try {
        await start();
        const opened = screen.getByRole('form', { name: form.form });
        const calls = shown.mock.contexts.slice(-2);
        expect(calls).toEqual([opened, document.activeElement]);
        expect(shown).toHaveBeenLastCalledWith({ block: 'nearest', inline: 'nearest' });
      } finally {
        shown.mockRestore();
      }
    });
  },
);
