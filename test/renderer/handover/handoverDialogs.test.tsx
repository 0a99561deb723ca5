// @vitest-environment happy-dom
/**
 * The handover's dialogs over the fake core: offered only where the school allows it (and Hand
 * over only while something runs in the open room), names offered only with the school's
 * with-names, the code and the text shown once made, a take's sentence announced, a refusal
 * said as an alert, and the opener focused again when the dialog closes.
 */
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { refused } from '../../../src-main/core/api/apiInput';
import { HANDOVER_VALID_MINUTES } from '../../../src-shared/handover';
import { classTrayState, trackedAccess } from '../../support/classTrayState';
import { FakeClassTray } from '../../support/fakeClassTray';
import { openAccessCards, renderApp } from '../renderApp';

afterEach(() => {
  cleanup();
});

const running = (n: number) =>
  trackedAccess({ token: `3f2c1a4e-8b7d-4c6e-9a1b-00000000000${n}`, remoteId: String(n) });

function fakeWith(handover: 'with-names' | 'without-names' | 'off', accesses = [running(1)]) {
  const state = classTrayState({ temporalAccesses: accesses, preferences: { handover } });
  return new FakeClassTray(state);
}

describe('handing over', () => {
  it('makes a handover: the code and the text shown, the opener focused after Close', async () => {
    const fake = fakeWith('with-names', [running(1), running(2)]);
    const { user } = await renderApp(fake);
    openAccessCards();
    const opener = screen.getByRole('button', { name: 'Hand over to a colleague…' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', {
      name: 'Hand over Computer Lab 1 to a colleague',
    });
    expect(within(dialog).getByText(/\(2\)/).textContent).toContain(
      `within ${HANDOVER_VALID_MINUTES} minutes`,
    );
    await user.click(within(dialog).getByRole('checkbox', { name: "Include the students' names" }));
    await user.click(within(dialog).getByRole('radio', { name: 'Remove them from my list' }));
    await user.click(within(dialog).getByRole('button', { name: 'Make the handover' }));
    expect(fake.makeHandover).toHaveBeenCalledWith({
      classroomId: 'lab-1',
      withNames: true,
      giverKeeps: 'drop',
    });
    expect(
      await within(dialog).findByText(
        'Ready. Give your colleague the text or the file, and tell them the code.',
      ),
    ).toBeTruthy();
    expect(within(dialog).getByText('7KQ3M-XH2PA')).toBeTruthy();
    expect(
      within(dialog).getByRole<HTMLTextAreaElement>('textbox', { name: 'Handover text' }).value,
    ).toBe('classtray-handover.1.c2VhbGVk');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('without-names: no tick for names, the school said instead', async () => {
    const { user } = await renderApp(fakeWith('without-names'));
    openAccessCards();
    await user.click(screen.getByRole('button', { name: 'Hand over to a colleague…' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).queryByRole('checkbox')).toBeNull();
    expect(
      within(dialog).getByText("Your school hands rooms over without the students' names."),
    ).toBeTruthy();
  });

  it('off: neither entry is offered; nothing running here: only Take over', async () => {
    const off = await renderApp(fakeWith('off'));
    openAccessCards();
    expect(screen.queryByRole('button', { name: 'Hand over to a colleague…' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Take over from a colleague…' })).toBeNull();
    off.unmount();
    await renderApp(fakeWith('with-names', []));
    openAccessCards();
    expect(screen.queryByRole('button', { name: 'Hand over to a colleague…' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Take over from a colleague…' })).toBeTruthy();
  });
});

describe('taking over', () => {
  it('says what it took, announced', async () => {
    const fake = fakeWith('with-names', []);
    const { user } = await renderApp(fake);
    openAccessCards();
    await user.click(screen.getByRole('button', { name: 'Take over from a colleague…' }));
    const dialog = screen.getByRole('dialog', { name: 'Take over from a colleague' });
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Handover text' }),
      'classtray-handover.1.c2VhbGVk',
    );
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Code from your colleague' }),
      '7kq3m xh2pa',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Take over' }));
    expect(fake.takeHandover).toHaveBeenCalledWith({
      text: 'classtray-handover.1.c2VhbGVk',
      code: '7kq3m xh2pa',
    });
    const said = await within(dialog).findByText(/^Took /);
    expect(said.getAttribute('role')).toBe('status');
    expect(said.textContent).toMatch(/^Took 3 accesses in Lab 3, ending at \d{2}:\d{2}\.$/);
  });

  it('a refusal is said as an alert, and the form stays to try again', async () => {
    const fake = fakeWith('with-names', []);
    fake.takeHandover.mockRejectedValueOnce(refused('handoverCodeWrong', {}));
    const { user } = await renderApp(fake);
    openAccessCards();
    await user.click(screen.getByRole('button', { name: 'Take over from a colleague…' }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: 'Handover text' }), 'x');
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Code from your colleague' }),
      'ABCDE-23456',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Take over' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('This code does not open this handover');
    expect(within(dialog).getByRole('button', { name: 'Take over' })).toBeTruthy();
  });
});
