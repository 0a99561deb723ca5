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

const ana = trackedAccess({ label: 'Ana' });

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

  it('forgets every name at once, and says so', async () => {
    const { fake, user, group } = await openSettings();
    await user.click(within(group).getByRole('button', { name: 'Forget all student names now' }));
    expect(fake.forgetStudentNames).toHaveBeenCalledTimes(1);
    expect(within(group).getByRole('status').textContent).toBe(
      'Every student name is forgotten; the accesses are kept by device.',
    );
  });

  it('exports what the core keeps as a download', async () => {
    const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:export');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const clicked = vi
      .spyOn(HTMLAnchorElement.prototype, 'click')
      .mockImplementation(() => undefined);
    const { user, group } = await openSettings();
    await user.click(within(group).getByRole('button', { name: 'Export what ClassTray keeps' }));
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
    const { fake, user, group } = await openSettings();
    await user.click(within(group).getByRole('button', { name: 'Erase all student data' }));
    expect(document.activeElement?.textContent).toBe('Cancel');
    await user.keyboard('{Escape}');
    expect(fake.eraseStudentData).not.toHaveBeenCalled();
    expect(document.activeElement?.textContent).toBe('Erase all student data');
    await user.click(within(group).getByRole('button', { name: 'Erase all student data' }));
    await user.click(within(group).getByRole('button', { name: 'Erase' }));
    expect(fake.eraseStudentData).toHaveBeenCalledTimes(1);
    expect(within(group).getByRole('status').textContent).toBe('All student data is erased.');
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
