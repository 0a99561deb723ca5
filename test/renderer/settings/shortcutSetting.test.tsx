// @vitest-environment happy-dom
/**
 * The shortcut in Settings: Change listens for the keys pressed, Esc keeps the old ones, a key
 * without Ctrl, Alt or Cmd is refused, each step is announced; the OS's refusal, as the tray app
 * reports it, in one sentence; locked where the school set OpenShortcut. And the note on where
 * ClassTray lives, and the window's own keys.
 */
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { InstallationView } from '../../../src-main/core/api/installationView';
import type { PolicyName } from '../../../src-main/core/policy/policyTable';
import { classTrayState, trackedAccess } from '../../support/classTrayState';
import { FakeClassTray } from '../../support/fakeClassTray';
import { renderApp } from '../renderApp';

afterEach(cleanup);

const installed: InstallationView = { updates: 'app', sandboxOff: false, home: 'windows-tray' };
/** The installation with the default open shortcut in this status. */
const withShortcut = (
  status: NonNullable<InstallationView['openShortcut']>['status'],
): InstallationView => ({
  ...installed,
  openShortcut: { accelerator: 'CommandOrControl+Shift+F9', status },
});

async function openSettings(
  installation: InstallationView = installed,
  setBySchool: PolicyName[] = [],
) {
  const fake = new FakeClassTray(
    classTrayState({
      installation,
      account: { mode: 'service', setBySchool },
      preferences: { homeNoteSeen: 'windows-tray' },
    }),
  );
  const app = await renderApp(fake, { host: 'electron' });
  await app.user.click(screen.getByRole('button', { name: 'Settings' }));
  return {
    ...app,
    fake,
    group: screen.getByRole('group', { name: /^Shortcut to open ClassTray/ }),
  };
}

const status = (group: HTMLElement) => within(group).getByRole('status').textContent;

describe('the shortcut in Settings', () => {
  it('records the keys pressed after Change, saves them and says so', async () => {
    const { fake, group, user } = await openSettings();
    expect(within(group).getByText('Ctrl+Shift+F9')).toBeTruthy();
    await user.click(within(group).getByRole('button', { name: 'Change' }));
    expect(status(group)).toBe('Press the new keys, or Esc to keep the old ones.');
    const listening = within(group).getByRole('button', { name: /^Change…/ });
    expect(document.activeElement).toBe(listening);
    // A key alone would take it from every program: refused, and said.
    fireEvent.keyDown(listening, { key: 'k', code: 'KeyK' });
    expect(status(group)).toBe('Hold Ctrl, Alt or Cmd with another key.');
    fireEvent.keyDown(listening, { key: 'Control', code: 'ControlLeft', ctrlKey: true });
    await act(async () => {
      fireEvent.keyDown(listening, { key: 'K', code: 'KeyK', ctrlKey: true, altKey: true });
    });
    expect(fake.updatePreferences).toHaveBeenCalledWith({ openShortcut: 'CommandOrControl+Alt+K' });
    expect(fake.updatePreferences).toHaveBeenCalledTimes(1);
    expect(status(group)).toBe('ClassTray now opens with Ctrl+Alt+K.');
    expect(within(group).getByText('Ctrl+Alt+K')).toBeTruthy();
  });

  it('keeps the old keys on Esc, and the settings stay open', async () => {
    const { fake, group, user } = await openSettings();
    await user.click(within(group).getByRole('button', { name: 'Change' }));
    await user.keyboard('{Escape}');
    expect(status(group)).toBe('The shortcut is unchanged.');
    expect(fake.updatePreferences).not.toHaveBeenCalled();
    expect(screen.getByRole('group', { name: /^Shortcut to open ClassTray/ })).toBeTruthy();
  });

  it('turns the shortcut off', async () => {
    const { fake, group, user } = await openSettings();
    await user.click(within(group).getByRole('button', { name: 'Turn off' }));
    expect(fake.updatePreferences).toHaveBeenCalledWith({ openShortcut: '' });
    expect(status(group)).toBe('The shortcut is off.');
  });

  it('says in one sentence when another program holds the keys, the desktop gives none, or it may not deliver them', async () => {
    const { group, fake } = await openSettings(withShortcut('taken'));
    expect(
      within(group).getByText(
        'Another program already uses Ctrl+Shift+F9: choose other keys. The tray icon still opens ClassTray.',
      ),
    ).toBeTruthy();
    await act(async () => {
      fake.setInstallation(withShortcut('unsupported'));
    });
    expect(
      within(group).getByText(/^This desktop lets no program take shortcuts \(Wayland/),
    ).toBeTruthy();
    // Asked of a Wayland desktop's portal: its yes does not say the keys will come.
    await act(async () => {
      fake.setInstallation(withShortcut('unconfirmed'));
    });
    expect(
      within(group).getByText(
        'ClassTray asked this Wayland desktop for Ctrl+Shift+F9, and only the desktop delivers them: it may ask you to confirm or to set them in its keyboard settings. If Ctrl+Shift+F9 does nothing, use the tray icon.',
      ),
    ).toBeTruthy();
  });

  it('cannot be changed where the school set it', async () => {
    const { group } = await openSettings(installed, ['OpenShortcut']);
    expect(within(group).getByText('Set by your school')).toBeTruthy();
    expect(within(group).getByRole<HTMLButtonElement>('button', { name: 'Change' }).disabled).toBe(
      true,
    );
  });

  it("lists the window's own keys", async () => {
    const { group } = await openSettings();
    expect(
      within(group).getByText(
        'In this window: Ctrl+F search, Ctrl+Shift+E End all, Ctrl+K switch classroom.',
      ),
    ).toBeTruthy();
  });
});

describe('where ClassTray lives, and the window keys', () => {
  it('says where ClassTray lives until the teacher closes the note, with the shortcut it holds', async () => {
    const fake = new FakeClassTray(
      classTrayState({
        installation: withShortcut('registered'),
      }),
    );
    const { user } = await renderApp(fake, { host: 'electron' });
    const note = screen.getByRole('region', { name: 'Where ClassTray lives' });
    expect(note.textContent).toMatch(/notification area.*Windows 11.*\^ arrow.*Ctrl\+Shift\+F9/);
    await user.click(within(note).getByRole('button', { name: 'Got it' }));
    expect(fake.updatePreferences).toHaveBeenCalledWith({ homeNoteSeen: 'windows-tray' });
    expect(screen.queryByRole('region', { name: 'Where ClassTray lives' })).toBeNull();
  });

  it('reach search, End all and the classroom picker, and name their keys to screen readers', async () => {
    const { user } = await renderApp(
      new FakeClassTray(
        classTrayState({
          preferences: { homeNoteSeen: 'windows-tray' },
          temporalAccesses: [
            trackedAccess({ token: 'running-1', remoteId: '100000001', studentName: 'Ana' }),
          ],
        }),
      ),
      { host: 'electron' },
    );
    const search = screen.getByRole('searchbox');
    expect(search.getAttribute('aria-keyshortcuts')).toBe('/ Control+F');
    const picker = screen.getByRole('combobox', { name: /classroom/i });
    expect(picker.getAttribute('aria-keyshortcuts')).toBe('Control+K');
    await user.keyboard('{Control>}k{/Control}');
    expect(document.activeElement).toBe(picker);
    await user.keyboard('{Control>}f{/Control}');
    expect(document.activeElement).toBe(search);
    const endAll = screen.getByRole('button', { name: 'End all accesses in this classroom' });
    expect(endAll.getAttribute('aria-keyshortcuts')).toBe('Control+Shift+E');
    await user.keyboard('{Control>}{Shift>}e{/Shift}{/Control}');
    expect(screen.queryByRole('button', { name: 'End all accesses in this classroom' })).toBeNull();
    expect(document.querySelector('.end-all-confirm')?.textContent).toMatch(
      /End 1 access now: .*Ana/,
    );
  });
});
