// @vitest-environment happy-dom
import type { UserEvent } from '@testing-library/user-event';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { KEYCHAIN_FIX } from '../../src-main/core/account/vault';
import type { ConnectResult } from '../../src-main/core/account/accountView';
import { SENTENCES } from '../../src-shared/i18n';
import { isUnderWay, LOCALES, SPOKEN_LANGUAGES } from '../../src-shared/i18n/languages';
import { messageWithRefusal } from '../../src-shared/refusal';
import { isolated } from '../../src-renderer/views/bidi';
import { deferred, FakeClassTray } from '../support/fakeClassTray';
import { classTrayState } from '../support/classTrayState';
import { expectFocusKeptOn, pressWithEnter, renderApp } from './renderApp';

afterEach(cleanup);

const noToken = { set: false, location: 'keychain', note: null, keychainWaiting: false } as const;

const openSettings = async (
  fake = new FakeClassTray(),
  host: 'electron' | 'preview' = 'preview',
) => {
  const app = await renderApp(fake, { host });
  await app.user.click(screen.getByRole('button', { name: 'Settings' }));
  return app;
};

/** Clears the field with this label and types `text` in it, as a teacher replacing a value. */
async function retype(user: UserEvent, label: string, text: string): Promise<void> {
  const field = screen.getByLabelText(label);
  await user.clear(field);
  await user.type(field, text);
}

describe('settings', () => {
  it('shows only whether a token is saved, and forgets it', async () => {
    const fake = new FakeClassTray();
    const { user } = await openSettings(fake);
    const token = screen.getByLabelText<HTMLInputElement>('API token');
    expect(token.type).toBe('password');
    expect(token.value).toBe('');
    expect(screen.getByText('A token is saved in the system keychain.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Forget token' }));

    expect(fake.forgetToken).toHaveBeenCalledOnce();
    expect(screen.getByText('No token saved.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Forget token' })).toBeNull();
  });

  it("says in the window's language why the token is kept for this session only", async () => {
    const note = 'The system keychain needs keytar: the token is kept for this run only.';
    const fake = new FakeClassTray(
      classTrayState({
        preferences: { language: 'es' },
        account: { token: { set: true, location: 'memory', note, keychainWaiting: false } },
      }),
    );
    const { user } = await renderApp(fake);
    await user.click(screen.getByRole('button', { name: 'Ajustes' }));
    expect(
      await screen.findByText(
        'Hay un token guardado solo para esta sesión. No hay ningún llavero del sistema: el token ' +
          'se olvida al cerrar ClassTray (para usar el llavero en Debian: ' +
          `${KEYCHAIN_FIX}).`,
      ),
    ).toBeTruthy();
    expect(screen.queryByText(new RegExp(note))).toBeNull();
    const language = screen.getByRole('combobox', { name: 'Idioma' });
    const names = [...language.querySelectorAll('option')].map((option) => option.textContent);
    // Only "system" is translated; each language keeps its own name, in its own direction (one
    // under way named as incomplete).
    expect(names).toEqual([
      'Sistema',
      ...LOCALES.map((code) =>
        isUnderWay(code)
          ? `${SPOKEN_LANGUAGES[code].name} (incompleto)`
          : SPOKEN_LANGUAGES[code].name,
      ),
    ]);
    expect(names).toContain('العربية');
    const arabic = language.querySelector('option[value="ar"]');
    expect([arabic?.getAttribute('lang'), arabic?.getAttribute('dir')]).toEqual(['ar', 'rtl']);
  });

  it('sets the page its language and direction: right to left in Arabic, back on a change', async () => {
    const fake = new FakeClassTray(classTrayState({ preferences: { language: 'ar' } }));
    const { user } = await renderApp(fake);
    const root = document.documentElement;
    await waitFor(() => expect([root.lang, root.dir]).toEqual(['ar', 'rtl']));
    await user.click(screen.getByRole('button', { name: 'الإعدادات' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'اللغة' }), 'es');
    await waitFor(() => expect([root.lang, root.dir]).toEqual(['es', 'ltr']));
  });

  it.each(['fallback', 'memory'] as const)(
    'names the keychain fix in one sentence when the token is kept in %s',
    async (location) => {
      const fake = new FakeClassTray(
        classTrayState({
          account: { token: { set: true, location, note: 'untranslated', keychainWaiting: false } },
        }),
      );
      await openSettings(fake);
      const hint = screen.getByText(/A token is saved/);
      const why = hint.textContent?.replace(/^A token is saved [^.]*\. /, '') ?? '';
      expect(why).toContain(`on Debian: ${KEYCHAIN_FIX}`);
      expect(why).toMatch(/^[A-Z][^.]*\.$/);
    },
  );

  it('says the keychain is not answering, not that there is none, while it waits', async () => {
    const fake = new FakeClassTray(
      classTrayState({
        account: {
          token: { set: false, location: 'memory', note: 'untranslated', keychainWaiting: true },
        },
      }),
    );
    await openSettings(fake);
    const hint = screen.getByText(/^No token saved\./);
    expect(hint.textContent).toBe(
      'No token saved. The system keychain is not answering: ClassTray goes on without it and ' +
        'uses the token saved there as soon as it answers, without asking for it again.',
    );
    expect(hint.textContent).not.toContain(KEYCHAIN_FIX);
  });

  it('connects with the URL and the typed token', async () => {
    const fake = new FakeClassTray();
    const { user } = await openSettings(fake);
    await retype(user, 'Service URL', 'https://school.example.org');
    await user.type(screen.getByLabelText('API token'), 'secret-token');
    await user.click(screen.getByRole('button', { name: 'Save and connect' }));
    expect(fake.connectService).toHaveBeenCalledWith({
      serviceUrl: 'https://school.example.org',
      token: 'secret-token',
    });
    expect(screen.getByLabelText<HTMLInputElement>('API token').value).toBe('');
  });

  it('says where it connected once the service answered, until the next change', async () => {
    const { user } = await openSettings(new FakeClassTray());
    await user.type(screen.getByLabelText('API token'), 'secret-token');
    await user.click(screen.getByRole('button', { name: 'Save and connect' }));
    const said = screen.getByText(/^Connected to/);
    expect(said.getAttribute('role')).toBe('status');
    // The host as typed, isolated from the sentence (a Latin address in Arabic).
    expect(said.textContent).toBe(
      `Connected to ${isolated('remote.example.edu')}: the service answered, and the account is saved.`,
    );
    // Said until the teacher types again, not for a moment only.
    await user.type(screen.getByLabelText('Service URL'), '/x');
    expect(said.textContent).toBe('');
  });

  it('clears an earlier refusal once a connect works, and says so', async () => {
    const fake = new FakeClassTray(
      classTrayState({ account: { mode: 'demo', serviceUrl: null, token: noToken } }),
    );
    fake.setMode.mockRejectedValueOnce(
      new Error(
        messageWithRefusal({
          message: 'No service URL is saved yet: connect your account first.',
          refusal: { code: 'noServiceUrl', values: {} },
        }),
      ),
    );
    const { user } = await openSettings(fake);
    await user.click(screen.getByLabelText(/Use demo data/));
    const refused = 'That did not work: No service URL is saved yet: connect your account first.';
    expect(screen.getByRole('alert').textContent).toBe(refused);

    await user.type(screen.getByLabelText('Service URL'), 'https://school.example.org/api');
    await user.type(screen.getByLabelText('API token'), 'secret-token');
    await user.click(screen.getByRole('button', { name: 'Save and connect' }));

    expect(screen.queryByText(refused)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText(/^Connected to/).textContent).toBe(
      `Connected to ${isolated('school.example.org')}: the service answered, and the account is saved.`,
    );
  });

  it.each(LOCALES)('says where it connected in %s', async (language) => {
    const fake = new FakeClassTray(classTrayState({ preferences: { language } }));
    const { user } = await renderApp(fake);
    const words = SENTENCES[language].settings;
    await user.click(screen.getByRole('button', { name: SENTENCES[language].header.settings }));
    await user.click(screen.getByRole('button', { name: words.connect }));
    const host = isolated('remote.example.edu');
    expect(screen.getByText(words.connectedTo.replace('{{host}}', host))).toBeTruthy();
  });

  it.each([
    ['token-rejected', 'The service rejected this API token (401/403). Nothing was saved.'],
    ['unreachable', 'Cannot reach that address. Check the URL and the network. Nothing was saved.'],
    [
      'not-this-service',
      'That address answered, but not as this kind of service: check the URL. Nothing was saved.',
    ],
  ] as const)('says which check failed (%s) and keeps the typed token', async (outcome, text) => {
    const fake = new FakeClassTray();
    fake.connectService.mockResolvedValueOnce({ outcome, detail: 'HTTP 401' });
    const { user } = await openSettings(fake);
    await user.type(screen.getByLabelText('API token'), 'secret-token');
    await user.click(screen.getByRole('button', { name: 'Save and connect' }));
    expect(screen.getByRole('alert').textContent).toBe(text);
    expect(screen.queryByText(/^Connected/)).toBeNull();
    expect(screen.getByLabelText<HTMLInputElement>('API token').value).toBe('secret-token');
  });

  it('shows why connecting failed next to the form, with the focus on it', async () => {
    const fake = new FakeClassTray();
    fake.connectService.mockRejectedValueOnce(
      new Error('Invalid settings: serviceUrl must be an http:// or https:// address'),
    );
    const { user } = await openSettings(fake);
    await user.click(screen.getByRole('button', { name: 'Save and connect' }));
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe(
      'That did not work: Invalid settings: serviceUrl must be an http:// or https:// address',
    );
    expect(document.activeElement).toBe(alert);
  });

  it('moves the focus to why the check failed, and brings it into view, at each try', async () => {
    const fake = new FakeClassTray();
    fake.connectService.mockResolvedValue({ outcome: 'unreachable', detail: 'ECONNREFUSED' });
    const shown = vi.spyOn(HTMLElement.prototype, 'scrollIntoView');
    try {
      const { user } = await openSettings(fake);
      const connect = screen.getByRole('button', { name: 'Save and connect' });
      for (let attempt = 1; attempt <= 2; attempt++) {
        await user.click(connect);
        const alert = screen.getByRole('alert');
        expect(alert.textContent).toMatch(/^Cannot reach that address/);
        expect(document.activeElement).toBe(alert);
        // The form's buttons, then the sentence above them: both in view.
        expect(shown.mock.contexts.slice(-2)).toEqual([connect.parentElement, alert]);
      }
    } finally {
      shown.mockRestore();
    }
  });

  it('refuses a poll interval outside 5 to 300 seconds', async () => {
    const fake = new FakeClassTray();
    const { user } = await openSettings(fake);
    await retype(user, 'Refresh every (seconds)', '2{Enter}');
    expect(screen.getByRole('alert').textContent).toBe('Enter a whole number from 5 to 300.');
    expect(fake.updatePreferences).not.toHaveBeenCalled();
  });

  it('saves a new poll interval', async () => {
    const fake = new FakeClassTray();
    const { user } = await openSettings(fake);
    await retype(user, 'Refresh every (seconds)', '30{Enter}');
    expect(fake.updatePreferences).toHaveBeenCalledWith({ poll: { visibleSeconds: 30 } });
  });

  it('clears a copied password after 30 s unless the teacher picks another delay', async () => {
    const fake = new FakeClassTray();
    const { user } = await openSettings(fake);
    const clear = screen.getByLabelText<HTMLSelectElement>('Clear a copied password');
    expect(clear.selectedOptions[0]?.textContent).toBe('after 30 s');
    expect([...clear.options].map((option) => option.textContent)).toEqual([
      'after 10 s',
      'after 30 s',
      'after 60 s',
      'after 120 s',
      'when ClassTray quits',
    ]);
    await user.selectOptions(clear, 'when ClassTray quits');
    expect(fake.updatePreferences).toHaveBeenCalledExactlyOnceWith({ clipboardClearSeconds: 0 });
  });

  it('keeps ended accesses for the hours the teacher sets, from 1 to 168', async () => {
    const fake = new FakeClassTray();
    const { user } = await openSettings(fake);
    const hours = screen.getByLabelText<HTMLInputElement>('Keep ended accesses for (hours)');
    expect(hours.value).toBe('24');
    await user.clear(hours);
    await user.type(hours, '0{Enter}');
    expect(screen.getByRole('alert').textContent).toBe(
      'Enter a whole number of hours from 1 to 168.',
    );
    await user.clear(hours);
    await user.type(hours, '48{Enter}');
    expect(fake.updatePreferences).toHaveBeenCalledExactlyOnceWith({ endedRetentionHours: 48 });
  });

  it('offers start at login only inside Electron', async () => {
    await openSettings(new FakeClassTray(), 'preview');
    expect(screen.queryByLabelText('Start at login')).toBeNull();
    cleanup();
    await openSettings(new FakeClassTray(), 'electron');
    expect(screen.getByLabelText('Start at login')).toBeTruthy();
  });

  it('closes with Escape and gives focus back to the settings button', async () => {
    const { user } = await openSettings();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('heading', { name: 'Settings' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Settings' }));
  });

  it('switches to demo data', async () => {
    const fake = new FakeClassTray();
    const { user } = await openSettings(fake);
    await user.click(screen.getByLabelText(/Use demo data/));
    expect(fake.setMode).toHaveBeenCalledWith({ mode: 'demo' });
  });
});

describe('settings while an action runs', () => {
  const pressConnect = async () => {
    const fake = new FakeClassTray();
    const connecting = deferred<ConnectResult>();
    fake.connectService.mockReturnValueOnce(connecting.promise);
    const app = await openSettings(fake);
    const button = await pressWithEnter(app.user, 'Save and connect');
    const finish = () => act(async () => connecting.resolve({ outcome: 'connected' }));
    return { ...app, button, finish };
  };

  it('keeps the keyboard focus on Save and connect', async () => {
    const { button, finish } = await pressConnect();
    await expectFocusKeptOn(button, finish);
  });

  it('connects once for a second press, or Enter in a field, while connecting', async () => {
    const { user, fake, finish } = await pressConnect();
    await user.keyboard('{Enter}');
    await user.type(screen.getByLabelText('Service URL'), '{Enter}');
    expect(fake.connectService).toHaveBeenCalledOnce();
    await finish();
    expect(screen.getByText(/^Connected/)).toBeTruthy();
  });

  it('announces Save and connect as unavailable while connecting', async () => {
    const { button, finish } = await pressConnect();
    expect(button.getAttribute('aria-disabled')).toBe('true');
    await finish();
    expect(button.hasAttribute('aria-disabled')).toBe(false);
  });

  it('forgets the token once for two presses of Forget token', async () => {
    const fake = new FakeClassTray();
    const forgetting = deferred();
    fake.forgetToken.mockReturnValueOnce(forgetting.promise);
    const { user } = await openSettings(fake);
    const forget = screen.getByRole('button', { name: 'Forget token' });
    await user.dblClick(forget);
    expect(fake.forgetToken).toHaveBeenCalledOnce();
    expect(forget.getAttribute('aria-disabled')).toBe('true');
    expect(document.activeElement).toBe(forget);
    await act(async () => forgetting.resolve(undefined));
  });

  it('keeps the demo-data switch focused and unchanged by a second press while it runs', async () => {
    const fake = new FakeClassTray();
    const switching = deferred();
    fake.setMode.mockReturnValueOnce(switching.promise);
    const { user } = await openSettings(fake);
    const toggle = screen.getByLabelText<HTMLInputElement>(/Use demo data/);
    act(() => toggle.focus());
    await user.keyboard(' ');
    await user.keyboard(' ');
    expect(fake.setMode).toHaveBeenCalledExactlyOnceWith({ mode: 'demo' });
    expect(toggle.disabled).toBe(false);
    expect(toggle.getAttribute('aria-disabled')).toBe('true');
    expect(toggle.checked).toBe(false);
    expect(document.activeElement).toBe(toggle);
    await act(async () => switching.resolve(undefined));
    expect(toggle.hasAttribute('aria-disabled')).toBe(false);
  });
});

describe('demo mode', () => {
  const demo = () =>
    new FakeClassTray(
      classTrayState({
        account: {
          mode: 'demo',
          serviceUrl: null,
          token: { set: false, location: 'keychain', note: null, keychainWaiting: false },
        },
      }),
    );

  it('marks demo data in the notice, then in the header once the notice is closed', async () => {
    const { user, fake } = await renderApp(demo());
    expect(screen.getByRole('main').textContent).toContain('This is a demo school.');
    expect(screen.getByRole('banner').textContent).not.toContain('Demo data');
    await user.click(screen.getByRole('button', { name: 'Dismiss the demo notice' }));
    expect(fake.updatePreferences).toHaveBeenCalledExactlyOnceWith({ demoNoticeDismissed: true });
    expect(screen.queryByText('This is a demo school.')).toBeNull();
    expect(screen.getByRole('banner').textContent).toContain('Demo data');
    // The focus goes from the closed notice to where the window starts.
    expect(document.activeElement).toBe(screen.getByRole('searchbox'));
  });

  it('opens settings from Connect your account', async () => {
    const { user } = await renderApp(demo());
    await user.click(screen.getByRole('button', { name: 'Connect your account' }));
    expect(screen.getByRole('heading', { name: 'Settings' })).toBeTruthy();
  });

  it('shows no demo marker with a real account', async () => {
    await renderApp();
    expect(screen.queryByText('Demo data')).toBeNull();
  });
});

describe('log and diagnostics', () => {
  it('opens the log folder through the host and says where it is', async () => {
    const fake = new FakeClassTray();
    const { user } = await openSettings(fake, 'electron');
    await user.click(screen.getByRole('button', { name: 'Open log folder' }));
    expect(fake.openLogFolder).toHaveBeenCalledOnce();
    const status = await screen.findByText('The log folder is open in your file manager:');
    expect(status.querySelector('code')?.textContent).toBe('/home/teacher/.config/ClassTray/logs');
  });

  it('shows the folder to open by hand where the host could not open it (the preview)', async () => {
    const fake = new FakeClassTray();
    fake.openLogFolder.mockResolvedValueOnce({ folder: '/data/logs', opened: false });
    const { user } = await openSettings(fake);
    await user.click(screen.getByRole('button', { name: 'Open log folder' }));
    const status = await screen.findByText('The log folder (open it in your file manager):');
    expect(status.querySelector('code')?.textContent).toBe('/data/logs');
  });

  it('copies the diagnostics through the host and says so; a failure is said beside it', async () => {
    const fake = new FakeClassTray();
    const { user } = await openSettings(fake);
    await user.click(screen.getByRole('button', { name: 'Copy diagnostics' }));
    expect(fake.copyDiagnostics).toHaveBeenCalledOnce();
    expect(
      await screen.findByText('Diagnostics copied: paste them into your message to support.'),
    ).toBeTruthy();

    fake.copyDiagnostics.mockRejectedValueOnce(
      new Error('The diagnostics could not be copied to the clipboard: try again.'),
    );
    await user.click(screen.getByRole('button', { name: 'Copy diagnostics' }));
    expect(
      await screen.findByText(
        'That did not work: The diagnostics could not be copied to the clipboard: try again.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/Diagnostics copied/)).toBeNull();
  });

  it("speaks the window's language", async () => {
    const fake = new FakeClassTray(classTrayState({ preferences: { language: 'de' } }));
    const { user } = await renderApp(fake);
    await user.click(screen.getByRole('button', { name: 'Einstellungen' }));
    expect(screen.getByRole('button', { name: 'Protokollordner öffnen' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Diagnose kopieren' })).toBeTruthy();
  });
});
