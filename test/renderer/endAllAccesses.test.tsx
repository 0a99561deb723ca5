// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { isolated } from '../../src-renderer/views/bidi';
import { FakeClassTray } from '../support/fakeClassTray';
import { classTrayState, endAnswer, failedEnd, trackedAccess } from '../support/classTrayState';
import { openAccessCards, renderApp } from './renderApp';

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
  state: { kind: 'already-ended', learnedAt: new Date().toISOString() },
});
const ELSEWHERE = trackedAccess({
  token: '44444444-4444-4444-8444-444444444444',
  classroomId: 'room-12',
  remoteId: '900000001',
  deviceAlias: 'R12-PC01',
});
/** Older data: the classroom it was given in was not recorded. */
const NO_ROOM = trackedAccess({
  token: '55555555-5555-4555-8555-555555555555',
  classroomId: null,
  remoteId: '100000003',
  deviceAlias: 'LAB-PC03',
  label: 'Eva',
});

const classroom = () =>
  new FakeClassTray(classTrayState({ temporalAccesses: [ANA, LUIS, ENDED, ELSEWHERE, NO_ROOM] }));

describe('end of class', () => {
  it("asks once, naming how many and whose, then ends only the open classroom's running accesses", async () => {
    const fake = classroom();
    const { user } = await renderApp(fake);
    await user.click(screen.getByRole('button', { name: 'End all accesses in this classroom' }));
    expect(fake.endAccesses).not.toHaveBeenCalled();
    expect(
      screen.getByRole('form', {
        name: 'End 2 accesses now: Ana (LAB-PC01) and Luis (LAB-PC02)?',
      }),
    ).toBeTruthy();
    // The safe answer holds the focus: a key held too long ends nothing.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'End 2 accesses' }));
    // Not the other room's, not the one whose classroom is not known.
    expect(fake.endAccesses).toHaveBeenCalledExactlyOnceWith({
      classroomId: 'lab-1',
      tokens: [ANA.token, LUIS.token],
    });
    // The result sentence takes the focus, not the top of the page. It comes once the fake's
    // answer is rendered, which a loaded machine may not have done when the click returns.
    const result = await screen.findByText('Ended 2 accesses.');
    await waitFor(() => expect(document.activeElement).toBe(result));
  });

  it('cancels on Esc, ending nothing, and gives the focus back to End all', async () => {
    const fake = classroom();
    const { user } = await renderApp(fake);
    await user.click(screen.getByRole('button', { name: 'End all accesses in this classroom' }));
    await user.keyboard('{Escape}');
    expect(fake.endAccesses).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(
      screen.getByRole('button', { name: 'End all accesses in this classroom' }),
    );
  });

  it('lists an access of no known classroom apart, saying End all leaves it out', async () => {
    await renderApp(classroom());
    openAccessCards();
    const apart = screen.getByRole('list', { name: 'Classroom not known' });
    expect(within(apart).getByText('LAB-PC03')).toBeTruthy();
    expect(
      screen.getByText(
        'ClassTray does not know which classroom these were given in: End all and End class at… leave them out. End each one here.',
      ),
    ).toBeTruthy();
    // Nor does its device's row in the open classroom claim it.
    expect(screen.getByRole('button', { name: 'Add access for LAB-PC03' })).toBeTruthy();
  });

  it('counts only what it ended, and names each access not ended with why', async () => {
    const fake = classroom();
    fake.endAccesses.mockResolvedValueOnce([
      { token: ANA.token, result: endAnswer('already-ended') },
      { token: LUIS.token, result: failedEnd('network') },
    ]);
    const { user } = await renderApp(fake);
    await user.click(screen.getByRole('button', { name: 'End all accesses in this classroom' }));
    await user.click(screen.getByRole('button', { name: 'End 2 accesses' }));
    expect(
      screen.getByText(
        `Ended 0 accesses. 1 access had already ended or expired. ${isolated('Luis (LAB-PC02)')}: Not ended, try again: the service could not be reached.`,
      ),
    ).toBeTruthy();
  });

  it('says how it went in the classroom it ended, never in another one opened after', async () => {
    const fake = classroom();
    const { user } = await renderApp(fake);
    await user.click(screen.getByRole('button', { name: 'End all accesses in this classroom' }));
    await user.click(screen.getByRole('button', { name: 'End 2 accesses' }));
    await screen.findByText('Ended 2 accesses.');
    const picker = screen.getByRole('combobox', { name: 'Classroom' });
    await user.selectOptions(picker, 'room-12');
    // Room 12 was not touched: nothing there reads as if it was.
    expect(screen.queryByText('Ended 2 accesses.')).toBeNull();
    expect(document.querySelector('.end-all-outcome')).toBeNull();
    // Back in Lab 1, its own result is still there to read.
    await user.selectOptions(picker, 'lab-1');
    expect(screen.getByText('Ended 2 accesses.')).toBeTruthy();
  });

  it('says in Spanish, with plural forms, what was over already or unknown to the service', async () => {
    const fake = new FakeClassTray(
      classTrayState({
        temporalAccesses: [ANA, LUIS, { ...ENDED, state: { kind: 'given' }, label: 'Eva' }],
        preferences: { language: 'es' },
      }),
    );
    fake.endAccesses.mockResolvedValueOnce([
      { token: ANA.token, result: endAnswer('unknown') },
      { token: LUIS.token, result: endAnswer('unknown') },
      { token: ENDED.token, result: endAnswer('already-ended') },
    ]);
    const { user } = await renderApp(fake);
    await user.click(
      screen.getByRole('button', { name: 'Terminar todos los accesos de esta aula' }),
    );
    await user.click(screen.getByRole('button', { name: 'Terminar 3 accesos' }));
    expect(
      await screen.findByText(
        'Se terminaron 0 accesos. 1 acceso ya había terminado o caducado. El servicio no reconoció 2 accesos.',
      ),
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

  it('is not offered without a running access given in the open classroom', async () => {
    await renderApp(
      new FakeClassTray(classTrayState({ temporalAccesses: [ENDED, ELSEWHERE, NO_ROOM] })),
    );
    expect(screen.queryByRole('button', { name: 'End all accesses in this classroom' })).toBeNull();
  });
});
