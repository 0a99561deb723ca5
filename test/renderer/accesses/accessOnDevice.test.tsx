// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type {
  InvalidateResultView,
  TrackedAccessView,
} from '../../../src-main/core/accesses/accessView';
import { clearAccessDraft } from '../../../src-renderer/store/accessDraft';
import { isolated } from '../../../src-renderer/views/bidi';
import { FakeClassTray } from '../../support/fakeClassTray';
import {
  classTrayState,
  device,
  endAnswer,
  failedEnd,
  trackedAccess,
} from '../../support/classTrayState';
import { invalidatedAt10h42m18s, openAccessCards, renderApp, rowOf } from '../renderApp';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  // A row's ask outlives the window it was made in: the next test's starts with none.
  clearAccessDraft();
});

const TOKEN = '3f2c1a4e-8b7d-4c6e-9a1b-2d3e4f5a6b7c';

const lab = (...accesses: TrackedAccessView[]) =>
  new FakeClassTray(
    classTrayState({
      devices: [device(1), device(2, { alias: 'Window seat' }), device(3, { has2fa: false })],
      temporalAccesses: accesses,
    }),
  );

/** The lab, whose next access added is Ana's on Window seat, pushed as the core pushes it. */
function labAddingAnaOnWindowSeat(): FakeClassTray {
  const fake = lab();
  const added = trackedAccess({
    remoteId: '100000002',
    deviceAlias: 'Window seat',
    studentName: 'Ana',
  });
  fake.addTemporalAccess.mockImplementationOnce(async () => {
    fake.state.temporalAccesses = [added];
    fake.push({ type: 'temporal-accesses', temporalAccesses: [added] });
    return { ok: true, access: added };
  });
  return fake;
}

/** The device picker's choices, in the order the teacher reads them. */
const deviceChoices = (picker: HTMLElement) =>
  within(picker)
    .getAllByRole('option')
    .map((option) => option.textContent);

/** An access on LAB-PC01 ended from its row, the core answering `answer`. */
async function endOnTheFirstRow(answer: InvalidateResultView) {
  const fake = lab(trackedAccess());
  fake.invalidateTemporalAccess.mockResolvedValueOnce(answer);
  const { user } = await renderApp(fake);
  const row = rowOf('LAB-PC01');
  await user.click(within(row).getByRole('button', { name: 'End access on LAB-PC01' }));
  return { fake, user, row };
}

describe('adding an access to a device', () => {
  it("starts from a device row's Add access: the device is picked and the student's name focused", async () => {
    const fake = lab();
    const { user } = await renderApp(fake);
    await user.click(screen.getByRole('button', { name: 'Add access for Window seat' }));
    const linkBox = screen.getByLabelText('Temporal access link or token');
    expect(document.activeElement).toBe(screen.getByLabelText('Student (optional)'));
    const picker = screen.getByLabelText<HTMLSelectElement>('Device');
    expect(picker.value).toBe('100000002');
    // The device first in the form, so it is in view however short the window.
    const form = screen.getByRole('form', { name: 'Add a temporal access' });
    expect(form.querySelector('input, select')).toBe(picker);
    // By name as the room numbers them, the row's chosen; "No device" last, never the default.
    expect(deviceChoices(picker)).toEqual(['LAB-PC01', 'LAB-PC03', 'Window seat', 'No device']);
    await user.type(screen.getByLabelText('Student (optional)'), 'Ana');
    await user.type(linkBox, `https://remote.example/t/${TOKEN}{Enter}`);
    expect(fake.addTemporalAccess).toHaveBeenCalledExactlyOnceWith({
      linkOrToken: `https://remote.example/t/${TOKEN}`,
      remoteId: '100000002',
      studentName: 'Ana',
    });
    // Added: the form folds, giving the room its rows back, with nothing carried over to the
    // next one, and the focus goes to the device's row (not the page).
    expect(screen.queryByRole('form', { name: 'Add a temporal access' })).toBeNull();
    expect((linkBox as HTMLInputElement).value).toBe('');
    expect(document.activeElement).toBe(rowOf('Window seat').closest('[role="listitem"]'));
  });

  it('gives the focus back to the row on Esc, and to the device once an access was added on it', async () => {
    const fake = labAddingAnaOnWindowSeat();
    const { user } = await renderApp(fake);
    // Left untouched: Esc goes back to the very button.
    await user.click(screen.getByRole('button', { name: 'Add access for LAB-PC01' }));
    await user.keyboard('{Escape}');
    expect(document.activeElement).toBe(
      screen.getByRole('button', { name: 'Add access for LAB-PC01' }),
    );

    await user.click(screen.getByRole('button', { name: 'Add access for Window seat' }));
    await user.type(screen.getByLabelText('Student (optional)'), 'Ana');
    await user.type(screen.getByLabelText('Temporal access link or token'), TOKEN);
    // A click on Add, whose form then folds: the focus goes to the device, never to its End
    // access, where a second Enter would end what was just given.
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.queryByRole('form', { name: 'Add a temporal access' })).toBeNull();
    const slot = rowOf('Window seat').closest('[role="listitem"]');
    expect(document.activeElement).toBe(slot);
    expect(slot?.hasAttribute('data-ring')).toBe(true);
    await user.keyboard('{Enter}');
    expect(fake.invalidateTemporalAccess).not.toHaveBeenCalled();
  });

  // Chromium's :focus-visible follows the mouse: after a click on Add it draws no ring on the
  // button the form hands the focus to, so the row's access buttons mark that focus themselves.
  it('rings the row button the form hands the focus to, after a click too, never one pressed', async () => {
    const fake = labAddingAnaOnWindowSeat();
    const { user } = await renderApp(fake);
    const add = screen.getByRole('button', { name: 'Add access for LAB-PC01' });
    await user.click(add);
    await user.keyboard('{Escape}');
    expect(document.activeElement).toBe(add);
    expect(add.hasAttribute('data-ring')).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Add access for Window seat' }));
    await user.type(screen.getByLabelText('Temporal access link or token'), TOKEN);
    await user.click(screen.getByRole('button', { name: 'Add' }));
    const slot = rowOf('Window seat').closest<HTMLElement>('[role="listitem"]');
    expect(document.activeElement).toBe(slot);
    expect(slot?.hasAttribute('data-ring')).toBe(true);
    act(() => slot?.blur());
    expect(slot?.hasAttribute('data-ring')).toBe(false);
    const end = within(rowOf('Window seat')).getByRole('button', {
      name: 'End access on Window seat',
    });
    // Pressed, it was where the pointer was: no ring, as :focus-visible draws none.
    fireEvent.pointerDown(end);
    act(() => end.focus());
    expect(end.hasAttribute('data-ring')).toBe(false);
  });

  it('sorts the devices by name with numbers in order, and says none chosen only without one', async () => {
    const fake = new FakeClassTray(
      classTrayState({
        devices: [
          device(1, { alias: 'PC10' }),
          device(2, { alias: 'pc2' }),
          device(3, { alias: 'PC1' }),
          device(4, { alias: null }),
        ],
      }),
    );
    const { user } = await renderApp(fake);
    openAccessCards();
    const picker = await screen.findByLabelText<HTMLSelectElement>('Device');
    expect(picker.value).toBe('');
    expect(deviceChoices(picker)).toEqual(['100000004', 'PC1', 'pc2', 'PC10', 'No device']);
    await user.click(screen.getByRole('button', { name: 'Add access for PC10' }));
    expect(picker.value).toBe('100000001');
  });

  it("offers the demo school's links to try, each filling the link box with Add ready", async () => {
    const links = [
      'https://access.example/demo/aaaaaaaa-1111-4111-a111-111111111111',
      `https://access.example/demo/${TOKEN}`,
    ];
    const fake = new FakeClassTray(
      classTrayState({
        account: { mode: 'demo', demoLinks: links },
        devices: [device(1), device(2, { alias: 'Window seat' })],
        // The second one is tracked already: not offered again.
        temporalAccesses: [trackedAccess({ token: TOKEN })],
      }),
    );
    const { user } = await renderApp(fake);
    await user.click(screen.getByRole('button', { name: 'Add access for Window seat' }));
    expect(screen.getByText('Links to try on the demo school:')).toBeTruthy();
    expect(screen.queryByRole('button', { name: `Link ${TOKEN.slice(0, 8)}…` })).toBeNull();
    const add = screen.getByRole<HTMLButtonElement>('button', { name: 'Add' });
    expect(add.disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Link aaaaaaaa…' }));
    const linkBox = screen.getByLabelText<HTMLInputElement>('Temporal access link or token');
    expect(linkBox.value).toBe(links[0]);
    expect(document.activeElement).toBe(linkBox);
    expect(add.disabled).toBe(false);
    await user.click(add);
    expect(fake.addTemporalAccess).toHaveBeenCalledExactlyOnceWith({
      linkOrToken: links[0],
      remoteId: '100000002',
    });
  });

  it('takes a link pasted into the student field as the link, and offers Add at once', async () => {
    const { user } = await renderApp(lab());
    await user.click(screen.getByRole('button', { name: 'Add access for Window seat' }));
    await user.paste(`https://remote.example/t/${TOKEN}`);
    expect(screen.getByLabelText<HTMLInputElement>('Student (optional)').value).toBe('');
    expect(screen.getByLabelText<HTMLInputElement>('Temporal access link or token').value).toBe(
      `https://remote.example/t/${TOKEN}`,
    );
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Add' }).disabled).toBe(false);
  });

  it('finds the device by a search over the classroom, and picks the only match', async () => {
    const fake = lab();
    const { user } = await renderApp(fake);
    openAccessCards();
    await user.type(screen.getByLabelText('Temporal access link or token'), TOKEN);
    const picker = screen.getByLabelText<HTMLSelectElement>('Device');
    expect(deviceChoices(picker)).toEqual(['LAB-PC01', 'LAB-PC03', 'Window seat', 'No device']);
    await user.type(screen.getByLabelText('Find a device'), 'window');
    expect(within(picker).getAllByRole('option')).toHaveLength(2);
    expect(picker.value).toBe('100000002');
  });
});

describe('a device row with an access', () => {
  it('shows the student and the state, and ends the access with one click on the row', async () => {
    const fake = lab(trackedAccess({ studentName: 'Ana' }));
    fake.invalidateTemporalAccess.mockResolvedValueOnce(invalidatedAt10h42m18s());
    await renderApp(fake);
    const row = rowOf('LAB-PC01');
    expect(within(row).getByText('Ana')).toBeTruthy();
    expect(within(row).getByText('Given')).toBeTruthy();
    vi.useFakeTimers({ now: new Date(2026, 0, 5, 10, 42, 18) });
    await act(async () => {
      fireEvent.click(within(row).getByRole('button', { name: 'End access on LAB-PC01' }));
    });
    expect(fake.invalidateTemporalAccess).toHaveBeenCalledExactlyOnceWith({ token: TOKEN });
    expect(within(row).getByText(`Ends ${isolated('10:42:30')}`)).toBeTruthy();
    expect(within(row).queryByRole('button', { name: /End access/ })).toBeNull();
    await act(async () => {
      vi.advanceTimersByTime(13_000);
    });
    expect(within(row).getByText('Ended')).toBeTruthy();
  });

  it('hands the focus back to the row once its End access is gone, not to the page', async () => {
    const fake = lab(trackedAccess({ studentName: 'Ana' }));
    const { user } = await renderApp(fake);
    const row = rowOf('LAB-PC01');
    const end = within(row).getByRole('button', { name: 'End access on LAB-PC01' });
    end.focus();
    await user.keyboard('{Enter}');
    expect(fake.invalidateTemporalAccess).toHaveBeenCalledOnce();
    expect(within(row).queryByRole('button', { name: /End access/ })).toBeNull();
    expect(document.activeElement).toBe(row);
  });

  it('says an access unknown to the service without offering to end it again', async () => {
    const { row } = await endOnTheFirstRow(endAnswer('unknown'));
    expect(within(row).getByText('Unknown to the service')).toBeTruthy();
    expect(within(row).queryByRole('button', { name: /End access/ })).toBeNull();
  });

  it('keeps End access after a failure, to try again', async () => {
    const { fake, user, row } = await endOnTheFirstRow(failedEnd('network'));
    // "Not ended" on the row, the reason its button's name.
    expect(
      within(row).getByRole('button', {
        name: 'Not ended, try again: the service could not be reached.',
      }).textContent,
    ).toBe('Not ended');
    await user.click(within(row).getByRole('button', { name: 'End access on LAB-PC01' }));
    expect(fake.invalidateTemporalAccess).toHaveBeenCalledTimes(2);
  });

  it("shows another classroom's access on no row of this one", async () => {
    await renderApp(lab(trackedAccess({ classroomId: 'room-12', studentName: 'Ana' })));
    expect(within(rowOf('LAB-PC01')).queryByText('Ana')).toBeNull();
    expect(screen.getByRole('button', { name: 'Add access for LAB-PC01' })).toBeTruthy();
  });
});

describe('the access list', () => {
  it("lists the open classroom's accesses first, other classrooms' after, by device and student", async () => {
    await renderApp(
      lab(
        trackedAccess({
          token: '11111111-1111-4111-8111-111111111111',
          classroomId: 'room-12',
          remoteId: '900',
          deviceAlias: 'R12-PC06',
          studentName: 'Luis',
        }),
        trackedAccess({ studentName: 'Ana' }),
      ),
    );
    openAccessCards();
    const here = screen.getByRole('list', { name: 'In this classroom' });
    expect(within(here).getByText('LAB-PC01')).toBeTruthy();
    expect(within(here).getByText('Ana', { selector: '.access-student-name' })).toBeTruthy();
    const elsewhere = screen.getByRole('list', { name: 'Other classrooms' });
    expect(within(elsewhere).getByText('R12-PC06')).toBeTruthy();
    expect(within(elsewhere).getByText('Given')).toBeTruthy();
  });

  it('warns of a device without 2FA until the access has ended', async () => {
    const fake = lab(trackedAccess({ warnNo2fa: true }));
    fake.invalidateTemporalAccess.mockResolvedValueOnce({
      ...endAnswer('already-ended'),
      warnNo2fa: true,
    });
    const { user } = await renderApp(fake);
    openAccessCards();
    const warning = /This device has no 2FA/;
    expect(screen.getByText(warning)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'End access' }));
    const card = screen.getByRole('list', { name: 'In this classroom' });
    expect(within(card).getByText('Already ended or expired')).toBeTruthy();
    expect(screen.queryByText(warning)).toBeNull();
  });

  it('offers no End access again for an access the service does not know', async () => {
    const fake = lab(trackedAccess());
    fake.invalidateTemporalAccess.mockResolvedValueOnce(endAnswer('unknown'));
    const { user } = await renderApp(fake);
    openAccessCards();
    await user.click(screen.getByRole('button', { name: 'End access' }));
    const card = screen.getByRole('list', { name: 'In this classroom' });
    expect(within(card).getByText('Unknown to the service')).toBeTruthy();
    expect(within(card).queryByRole('button', { name: /End access/ })).toBeNull();
  });
});
