// @vitest-environment happy-dom
/**
 * Settings → Student data: the choices, locked where the school set them; whether the names are
 * encrypted; Forget, Export (a download of the core's text) and Erase (asked first, Cancel
 * first). The access form suggests as little as a teacher needs, and asks no name when off.
 */
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { classTrayState, trackedAccess } from '../../support/classTrayState';
import { FakeClassTray } from '../../support/fakeClassTray';
import type { StateOverrides } from '../../support/classTrayState';
import { renderApp } from '../renderApp';

afterEach(cleanup);

const ana = trackedAccess({ studentName: 'Ana' });

async function openSettings(
  overrides: StateOverrides = {},
  host: 'preview' | 'electron' = 'preview',
) {
  const fake = new FakeClassTray(classTrayState({ temporalAccesses: [ana], ...overrides }));
  const app = await renderApp(fake, { host });
  await app.user.click(screen.getByRole('button', { name: 'Settings' }));
  return { ...app, group: screen.getByRole('group', { name: 'Student data' }) };
}

describe('Student data, in Settings', () => {
  it('saves how much of a name is kept and says whether the names file is encrypted', async () => {
    const { fake, user, group } = await openSettings({
      studentData: { protection: 'none', names: 1 },
    });
    expect(
      within(group).getByText(/^The names are saved unencrypted: .* 1 student name is kept now\.$/),
    ).toBeTruthy();
    await user.selectOptions(
      within(group).getByRole('combobox', { name: 'Student names' }),
      'initials',
    );
    expect(fake.updatePreferences).toHaveBeenCalledWith({ studentData: { names: 'initials' } });
    await user.click(
      within(group).getByRole('checkbox', { name: 'Show student names in notifications' }),
    );
    expect(fake.updatePreferences).toHaveBeenCalledWith({
      studentData: { namesInNotifications: true },
    });
  });

  it("says the names are encrypted where the OS's key keeps them, and where the tray app cannot", async () => {
    const { group } = await openSettings(
      { studentData: { protection: 'os', names: 0 } },
      'electron',
    );
    expect(within(group).getByText(/^The names are encrypted with a key/)).toBeTruthy();
    cleanup();
    const plain = await openSettings({ studentData: { protection: 'none', names: 0 } }, 'electron');
    expect(
      within(plain.group).getByText(
        /^The names are saved unencrypted: this system offers ClassTray no encryption\./,
      ),
    ).toBeTruthy();
  });

  it('locks what the school set', async () => {
    const { group } = await openSettings({
      account: { setBySchool: ['StudentNames', 'StudentDataRetentionHours'] },
    });
    const names = within(group).getByRole('combobox', {
      name: /^Student names\s*Set by your school$/,
    });
    expect((names as HTMLSelectElement).disabled).toBe(true);
    const hours = within(group).getByRole('spinbutton', {
      name: /^Keep names after the school day/,
    });
    expect((hours as HTMLInputElement).readOnly).toBe(true);
  });

  it('forgets every name only once asked, Cancel first, and gives the focus back', async () => {
    const { fake, user, group } = await openSettings({
      studentData: { protection: 'none', names: 1 },
    });
    const forget = () =>
      user.click(within(group).getByRole('button', { name: 'Forget all student names now' }));
    await forget();
    expect(
      within(group).getByRole('form', { name: 'Forget all student names now' }).textContent,
    ).toContain(
      'Forget the 1 student name kept now? The accesses stay, by device, each with End access.',
    );
    expect(document.activeElement?.textContent).toBe('Cancel');
    await user.keyboard('{Escape}');
    expect(fake.forgetStudentNames).not.toHaveBeenCalled();
    expect(document.activeElement?.textContent).toBe('Forget all student names now');
    await forget();
    await user.click(within(group).getByRole('button', { name: 'Forget names' }));
    expect(fake.forgetStudentNames).toHaveBeenCalledTimes(1);
    expect(within(group).getByRole('status').textContent).toBe(
      'Every student name is forgotten; the accesses are kept by device.',
    );
    expect(document.activeElement?.textContent).toBe('Forget all student names now');
  });

  it('exports what the core keeps as a download', async () => {
    const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:export');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const clicked = vi
      .spyOn(HTMLAnchorElement.prototype, 'click')
      .mockImplementation(() => undefined);
    const { fake, user, group } = await openSettings();
    await user.click(within(group).getByRole('button', { name: 'Export what ClassTray keeps' }));
    // In the window's language: the document's sentences are written in it.
    expect(fake.exportStudentData).toHaveBeenCalledWith({ language: 'en' });
    expect(clicked).toHaveBeenCalledTimes(1);
    const link = clicked.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toBe('classtray-student-data.json');
    expect(JSON.parse(await (created.mock.calls[0]?.[0] as Blob).text())).toEqual({
      students: ['Ana'],
    });
    expect(within(group).getByRole('status').textContent).toBe(
      'Exported as \u2068classtray-student-data.json\u2069.',
    );
    vi.restoreAllMocks();
  });

  it('erases only once asked, the focus on Cancel first', async () => {
    const ended = trackedAccess({
      studentName: 'Ana',
      state: { kind: 'already-ended', learnedAt: '2026-01-05T09:30:00.000Z' },
    });
    const { fake, user, group } = await openSettings({ temporalAccesses: [ended] });
    await user.click(within(group).getByRole('button', { name: 'Erase all student data' }));
    expect(document.activeElement?.textContent).toBe('Cancel');
    expect(
      within(group).getByRole('form', { name: 'Erase all student data' }).textContent,
    ).toContain('Erase every student name and every tracked access?');
    await user.keyboard('{Escape}');
    expect(fake.eraseStudentData).not.toHaveBeenCalled();
    expect(document.activeElement?.textContent).toBe('Erase all student data');
    await user.click(within(group).getByRole('button', { name: 'Erase all student data' }));
    await user.click(within(group).getByRole('button', { name: 'Erase' }));
    expect(fake.eraseStudentData).toHaveBeenCalledWith({ running: 'end' });
    expect(within(group).getByRole('status').textContent).toBe('All student data is erased.');
    expect(document.activeElement?.textContent).toBe('Erase all student data');
  });

  it('asks whether to end the accesses still running or keep them, and never drops one', async () => {
    const bo = trackedAccess({ studentName: 'Bo', token: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d' });
    const { fake, user, group } = await openSettings({ temporalAccesses: [ana, bo] });
    await user.click(within(group).getByRole('button', { name: 'Erase all student data' }));
    const question = within(group).getByRole('form', { name: 'Erase all student data' });
    expect(question.textContent).toContain(
      'Erase every student name and every access that is over? 2 accesses still run: end them first, or keep them by device, each with End access, until they end.',
    );
    expect(document.activeElement?.textContent).toBe('Cancel');
    await user.click(within(question).getByRole('button', { name: 'Erase, keep them running' }));
    expect(fake.eraseStudentData).toHaveBeenCalledWith({ running: 'keep' });
    expect(within(group).getByRole('status').textContent).toBe(
      'All student data is erased. 2 running accesses stay, by device, each with End access, until they end.',
    );
    expect(fake.state.temporalAccesses.map(({ studentName }) => studentName)).toEqual([null, null]);
    await user.click(within(group).getByRole('button', { name: 'Erase all student data' }));
    await user.click(within(group).getByRole('button', { name: 'End them and erase' }));
    expect(fake.eraseStudentData).toHaveBeenLastCalledWith({ running: 'end' });
    expect(within(group).getByRole('status').textContent).toBe(
      'All student data is erased. 2 running accesses were ended.',
    );
  });
});

describe('the access form', () => {
  it('suggests a first name, initials or a seat number; with names off it asks none', async () => {
    const fake = new FakeClassTray(classTrayState());
    const { user, unmount } = await renderApp(fake);
    await user.click(screen.getByRole('button', { name: /^Temporal accesses/ }));
    const described = screen
      .getByRole('textbox', { name: 'Student (optional)' })
      .getAttribute('aria-describedby');
    expect(document.getElementById(described ?? '')?.textContent).toBe(
      'A first name, initials or a seat number is enough.',
    );
    unmount();
    const off = new FakeClassTray(classTrayState());
    off.state.preferences.studentData.names = 'off';
    const second = await renderApp(off);
    await second.user.click(screen.getByRole('button', { name: /^Temporal accesses/ }));
    expect(screen.queryByRole('textbox', { name: 'Student (optional)' })).toBeNull();
  });
});
