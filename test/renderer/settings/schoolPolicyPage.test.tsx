// @vitest-environment happy-dom
/**
 * Settings' "Set by your school": each policy in force in the teacher's language (value, locked or
 * default, source), each ignored entry with its reason as a sentence (never its value), and a
 * policy read again while the window is open.
 */
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SchoolPolicyView } from '../../../src-main/core/policy/policyView';
import { classTrayState } from '../../support/classTrayState';
import { FakeClassTray } from '../../support/fakeClassTray';
import { renderApp } from '../renderApp';

afterEach(cleanup);

const FILE = '/etc/classtray/policy.json';

const REPORT: SchoolPolicyView = {
  inForce: [
    { name: 'ServiceUrl', value: 'https://remote.school.example', how: 'locked', source: FILE },
    { name: 'StartAtLogin', value: false, how: 'default', source: FILE },
  ],
  ignored: [
    {
      source: FILE,
      name: 'PollVisibleSeconds',
      why: {
        code: 'breaksRule',
        rule: { kind: 'integer', min: 5, max: 300 },
        problems: ['Too big: expected number to be <=300'],
      },
    },
    {
      source: FILE,
      name: 'UpdateFeedUrl',
      why: {
        code: 'breaksRule',
        rule: { kind: 'address', problem: 'addressCredentials' },
        problems: ['The address must not contain a user name or password (user:password@)'],
      },
    },
    { source: `${FILE} Defaults`, name: 'Colour', why: { code: 'notClassTrayPolicy' } },
  ],
};

async function openSettings(schoolPolicy: SchoolPolicyView, language: 'en' | 'es' = 'en') {
  const fake = new FakeClassTray(classTrayState({ schoolPolicy, preferences: { language } }));
  const app = await renderApp(fake);
  await app.user.click(
    screen.getByRole('button', { name: language === 'en' ? 'Settings' : 'Ajustes' }),
  );
  return { ...app, fake };
}

const page = (name = 'Set by your school') => screen.getByRole('group', { name });
const items = (list: string, name?: string) =>
  within(within(page(name)).getByRole('list', { name: list }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

describe('Set by your school, in Settings', () => {
  it('lists each policy in force: its name, value, locked or default, and source', async () => {
    await openSettings(REPORT);
    expect(items('In force')).toEqual([
      `Service URLhttps://remote.school.exampleLocked: it cannot be changed hereFrom \u2068${FILE}\u2069`,
      `Start at loginOffDefault: you may change itFrom \u2068${FILE}\u2069`,
    ]);
  });

  it('lists each ignored entry with why and the rule it broke, never its value', async () => {
    await openSettings(REPORT);
    expect(items('Ignored')).toEqual([
      `PollVisibleSeconds does not follow its rule.It takes a whole number from 5 to 300.From \u2068${FILE}\u2069`,
      `UpdateFeedUrl does not follow its rule.The address must not contain a user name or password (user:password@).From \u2068${FILE}\u2069`,
      `Colour is not a ClassTray policy.From \u2068${FILE} Defaults\u2069`,
    ]);
    // zod's English words are the log's; the window says the rule in its own language.
    expect(page().textContent).not.toContain('Too big');
  });

  it('says a whole source that could not be read, and that its last good policy stays', async () => {
    await openSettings({
      inForce: [{ name: 'UpdatesEnabled', value: false, how: 'locked', source: FILE }],
      ignored: [{ source: FILE, why: { code: 'notJson' }, keptLastGood: true }],
    });
    expect(items('Ignored')).toEqual([
      `${FILE} is not valid JSON (its last good policy stays in force until it is fixed).`,
    ]);
  });

  it('says when the school set nothing', async () => {
    await openSettings({ inForce: [], ignored: [] });
    expect(
      within(page()).getByText("Your school's IT set nothing for ClassTray on this computer."),
    ).toBeTruthy();
    expect(within(page()).queryByRole('list')).toBeNull();
  });

  it('follows a new read, and speaks Spanish', async () => {
    const { fake } = await openSettings({ inForce: [], ignored: [] }, 'es');
    fake.setSchoolPolicy({
      inForce: [{ name: 'UpdateChannel', value: 'beta', how: 'locked', source: FILE }],
      ignored: [
        {
          source: 'HKLM\\SOFTWARE\\Policies\\ClassTray',
          name: 'StartAtLogin',
          why: { code: 'wrongRegType', type: 'REG_BINARY', expected: 'REG_DWORD' },
        },
      ],
    });
    const spanish = 'Fijado por tu centro educativo';
    expect(
      await within(page(spanish)).findByText('Canal de actualizaciones', { exact: false }),
    ).toBeTruthy();
    expect(items('En vigor', spanish)).toEqual([
      `Canal de actualizacionesbetaBloqueado: no se puede cambiar aquíDesde \u2068${FILE}\u2069`,
    ]);
    expect(items('Ignorado', spanish)).toEqual([
      'StartAtLogin es un REG_BINARY, no un REG_DWORD.Desde \u2068HKLM\\SOFTWARE\\Policies\\ClassTray\u2069',
    ]);
  });
});
