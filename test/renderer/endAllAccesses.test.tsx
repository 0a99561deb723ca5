// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeClassTray } from '../support/fakeClassTray';
import { classTrayState, trackedAccess } from '../support/classTrayState';
import { renderApp } from './renderApp';

afterEach(cleanup);

const ANA = trackedAccess({ label: 'Ana' });
const LUIS = trackedAccess({
  token: '22222222-2222-4222-8222-222222222222',
  remoteId: '100000002',
  deviceAlias: 'LAB-PC02',
  label: 'Luis',
});
const ENDED = trackedAccess({
  token: '33333333-3333-4333-8333-333333333333',
  remoteId: '100000003',
  deviceAlias: 'LAB-PC03',
  lastOutcome: { kind: 'already-ended', learnedAt: new Date().toISOString() },
});
const ELSEWHERE = trackedAccess({
  token: '44444444-4444-4444-8444-444444444444',
  classroomId: 'room-12',
  deviceAlias: 'R12-PC01',
});

const classroom = () =>
  new FakeClassTray(classTrayState({ temporalAccesses: [ANA, LUIS, ENDED, ELSEWHERE] }));

describe('end of class', () => {
  it("asks once, naming how many and whose, then ends the open classroom's active accesses", async () => {
    const fake = classroom();
    const { user } = await renderApp(fake);
    await user.click(screen.getByRole('button', { name: 'End all accesses in this classroom' }));
    expect(fake.endAccesses).not.toHaveBeenCalled();
    expect(
      screen.getByRole('group', { name: 'End 2 accesses now: Ana (LAB-PC01), Luis (LAB-PC02)?' }),
    ).toBeTruthy();
    const confirm = screen.getByRole('button', { name: 'End 2' });
    expect(document.activeElement).toBe(confirm);
    await user.click(confirm);
    expect(fake.endAccesses).toHaveBeenCalledExactlyOnceWith({ tokens: [ANA.token, LUIS.token] });
    expect(screen.getByText('Ended: 2.')).toBeTruthy();
  });

  it('names the accesses that could not be ended', async () => {
    const fake = classroom();
    fake.endAccesses.mockResolvedValueOnce([
      {
        token: ANA.token,
        result: { kind: 'already-ended', warnNo2fa: false },
      },
      {
        token: LUIS.token,
        result: { kind: 'failed', problem: { kind: 'network', detail: 'refused' } },
      },
    ]);
    const { user } = await renderApp(fake);
    await user.click(screen.getByRole('button', { name: 'End all accesses in this classroom' }));
    await user.click(screen.getByRole('button', { name: 'End 2' }));
    expect(
      screen.getByText('Ended: 1. Not ended, try again from their cards: Luis (LAB-PC02).'),
    ).toBeTruthy();
  });

  it('ends nothing when cancelled', async () => {
    const fake = classroom();
    const { user } = await renderApp(fake);
    await user.click(screen.getByRole('button', { name: 'End all accesses in this classroom' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(fake.endAccesses).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'End all accesses in this classroom' })).toBeTruthy();
  });

  it('is not offered without an active access in the open classroom', async () => {
    await renderApp(new FakeClassTray(classTrayState({ temporalAccesses: [ENDED, ELSEWHERE] })));
    expect(screen.queryByRole('button', { name: 'End all accesses in this classroom' })).toBeNull();
  });
});
