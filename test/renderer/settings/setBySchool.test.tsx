// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PolicyName } from '../../../src-main/core/policy/policyTable';
import { FakeClassTray } from '../../support/fakeClassTray';
import { classTrayState } from '../../support/classTrayState';
import { renderApp } from '../renderApp';

afterEach(cleanup);

async function openSettings(setBySchool: PolicyName[]) {
  const fake = new FakeClassTray(
    classTrayState({
      account: { mode: 'service', setBySchool },
    }),
  );
  const app = await renderApp(fake, { host: 'electron' });
  await app.user.click(screen.getByRole('button', { name: 'Settings' }));
  return { ...app, fake };
}

describe('settings the school set', () => {
  it('say "Set by your school" and cannot be changed from the window', async () => {
    const { fake, user } = await openSettings([
      'ServiceUrl',
      'AuthHeader',
      'DemoDataAllowed',
      'PollVisibleSeconds',
      'StartAtLogin',
      'DeviceChangeNotifications',
    ]);
    // The notes beside the controls (the page of what the school set has the words as its heading).
    expect(screen.getAllByText('Set by your school', { selector: 'small' })).toHaveLength(6);
    const url = screen.getByLabelText<HTMLInputElement>(/^Service URL\s*Set by your school$/);
    const header = screen.getByLabelText<HTMLInputElement>(/Set by your school$/, {
      selector: 'details input',
    });
    const poll = screen.getByLabelText<HTMLInputElement>(
      /^Refresh every \(seconds\)\s*Set by your school$/,
    );
    expect([url.readOnly, header.readOnly, poll.readOnly]).toEqual([true, true, true]);
    for (const name of [/^Start at login/, /^Desktop notifications/, /^Use demo data/]) {
      expect(screen.getByRole<HTMLInputElement>('checkbox', { name }).disabled).toBe(true);
    }

    await user.type(poll, '5{Enter}');
    await user.click(screen.getByRole('checkbox', { name: /^Start at login/ }));
    expect(fake.updatePreferences).not.toHaveBeenCalled();
  });

  it('leave every other control as it was', async () => {
    const { fake, user } = await openSettings(['ServiceUrl']);
    expect(screen.getAllByText('Set by your school', { selector: 'small' })).toHaveLength(1);
    const login = screen.getByRole<HTMLInputElement>('checkbox', { name: 'Start at login' });
    expect(login.disabled).toBe(false);
    await user.click(login);
    expect(fake.updatePreferences).toHaveBeenCalledWith({ startAtLogin: true });
  });
});

describe('what a quit or a sleep does to running accesses', () => {
  it("is the teacher's choice in the tray app, saved as chosen", async () => {
    const { fake, user } = await openSettings([]);
    const onQuit = screen.getByRole<HTMLSelectElement>('combobox', {
      name: 'When ClassTray quits with accesses running',
    });
    const duringSleep = screen.getByRole<HTMLSelectElement>('combobox', {
      name: 'An end due while the computer sleeps',
    });
    expect([onQuit.value, duringSleep.value]).toEqual(['ask', 'end-on-wake']);
    await user.selectOptions(onQuit, 'end them');
    await user.selectOptions(duringSleep, 'runs when it goes to sleep');
    expect(fake.updatePreferences).toHaveBeenCalledWith({ runningAccessesOnQuit: 'end' });
    expect(fake.updatePreferences).toHaveBeenCalledWith({ endsDuringSleep: 'end-at-sleep' });
  });

  it('cannot be changed where the school set it', async () => {
    await openSettings(['RunningAccessesOnQuit', 'EndsDuringSleep']);
    for (const name of [
      /^When ClassTray quits with accesses running\s*Set by your school$/,
      /^An end due while the computer sleeps\s*Set by your school$/,
    ]) {
      expect(screen.getByRole<HTMLSelectElement>('combobox', { name }).disabled).toBe(true);
    }
  });
});
