// @vitest-environment happy-dom
/**
 * Settings say who installs ClassTray's updates and whether the window's sandbox is off, as the
 * tray app tells the core (setInstallation), and follow a change of it (a policy read again).
 */
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { InstallationView } from '../../../src-main/core/api/installationView';
import { classTrayState } from '../../support/classTrayState';
import { FakeClassTray } from '../../support/fakeClassTray';
import { renderApp } from '../renderApp';

afterEach(cleanup);

async function openSettings(installation: InstallationView, language: 'en' | 'es' = 'en') {
  const fake = new FakeClassTray(classTrayState({ installation, preferences: { language } }));
  const app = await renderApp(fake, { host: 'electron' });
  await app.user.click(
    screen.getByRole('button', { name: language === 'en' ? 'Settings' : 'Ajustes' }),
  );
  return { ...app, fake };
}

const group = (name: string) => screen.getByRole('group', { name });

describe('This installation, in Settings', () => {
  it.each<[InstallationView['updates'], RegExp]>([
    ['app', /^ClassTray installs its own updates: it checks once a day/],
    [
      'school-policy',
      /^Updates are installed by your school's IT: its policy turned them off here\.$/,
    ],
    ['school-msi', /installed from its MSI package\.$/],
    ['school-deb', /installed from its \.deb package, which only an administrator can update\.$/],
    ['school-admin-rights', /installing an update needs administrator rights\.$/],
  ])('says who installs updates (%s)', async (updates, sentence) => {
    await openSettings({ updates, sandboxOff: false });
    expect(within(group('This installation')).getByText(sentence)).toBeTruthy();
    expect(screen.queryByText(/--no-sandbox/)).toBeNull();
  });

  it('says the sandbox is off when Linux started ClassTray with --no-sandbox', async () => {
    await openSettings({ updates: 'app', sandboxOff: true });
    expect(
      within(group('This installation')).getByText(
        /^This window runs without Chromium's sandbox: .* started with --no-sandbox\. The \.deb package keeps the sandbox on\.$/,
      ),
    ).toBeTruthy();
  });

  it('says nothing where there is nothing to say (an unpackaged run, the preview)', async () => {
    await openSettings({ updates: 'none', sandboxOff: false });
    expect(screen.queryByRole('group', { name: 'This installation' })).toBeNull();
  });

  it('follows a change, and speaks Spanish', async () => {
    const { fake } = await openSettings({ updates: 'app', sandboxOff: false }, 'es');
    fake.setInstallation({ updates: 'school-policy', sandboxOff: false });
    expect(
      await within(group('Esta instalación')).findByText(
        'Las actualizaciones las instala el equipo de TI de tu centro educativo: su directiva las desactivó aquí.',
      ),
    ).toBeTruthy();
  });
});
