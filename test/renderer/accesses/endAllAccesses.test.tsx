// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { openI18n } from '../../../src-renderer/i18n/index';
import { isolated } from '../../../src-renderer/views/bidi';
import { SENTENCES } from '../../../src-shared/i18n/index';
import { LOCALES } from '../../../src-shared/i18n/languages';
import { FakeClassTray } from '../../support/fakeClassTray';
import {
  ANA,
  LUIS,
  classTrayState,
  endAnswer,
  failedEnd,
  trackedAccess,
} from '../../support/classTrayState';
import { openAccessCards, renderApp } from '../renderApp';

afterEach(cleanup);

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
  studentName: 'Eva',
});

const classroom = () =>
  new FakeClassTray(classTrayState({ temporalAccesses: [ANA, LUIS, ENDED, ELSEWHERE, NO_ROOM] }));

/** Renders the window and ends its two accesses with End all, confirmed; the user who did. */
async function endBothWithEndAll(fake: FakeClassTray) {
  const { user } = await renderApp(fake);
  await user.click(screen.getByRole('button', { name: 'End all accesses in this classroom' }));
  await user.click(screen.getByRole('button', { name: 'End 2 accesses' }));
  return user;
}

/** Waits for End all's outcome, read as a whole: it may hold a name as an element of its own. */
const outcomeIs = (text: string) =>
  waitFor(() => expect(document.querySelector('.end-all-outcome')?.textContent).toBe(text));

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
    await endBothWithEndAll(fake);
    await outcomeIs(
      `No access ended. 1 access had already ended or expired. ${isolated('Luis (LAB-PC02)')}: Not ended, try again: the service could not be reached.`,
    );
  });

  it('says how it went in the classroom it ended, never in another one opened after', async () => {
    const fake = classroom();
    const user = await endBothWithEndAll(fake);
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
        temporalAccesses: [ANA, LUIS, { ...ENDED, state: { kind: 'given' }, studentName: 'Eva' }],
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
        'No se terminó ningún acceso. 1 acceso ya había terminado o caducado. El servicio no reconoció 2 accesos.',
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

/** A device the service knows by its number alone: no alias, as the demo has a few. */
const UNNAMED = trackedAccess({
  token: '66666666-6666-4666-8666-666666666666',
  remoteId: '417657298',
  deviceAlias: null,
});

describe('End all in words', () => {
  // "Zakończono 0 dostępów" read as a count of what went well, when nothing did.
  it.each(LOCALES)(
    'in %s, says that none ended when every end failed, with no 0',
    async (locale) => {
      const fake = new FakeClassTray(
        classTrayState({ temporalAccesses: [ANA, LUIS], preferences: { language: locale } }),
      );
      fake.endAccesses.mockResolvedValueOnce([
        { token: ANA.token, result: failedEnd('network') },
        { token: LUIS.token, result: failedEnd('network') },
      ]);
      const { t } = await openI18n(locale);
      const { user } = await renderApp(fake);
      await user.click(screen.getByRole('button', { name: t('accesses.endAll') }));
      await user.click(
        screen.getByRole('button', { name: t('accesses.endAllConfirm', { count: 2 }) }),
      );
      const outcome = await waitFor(() => {
        const shown = document.querySelector('.end-all-outcome')?.textContent;
        if (!shown) throw new Error('no outcome yet');
        return shown;
      });
      expect(outcome.startsWith(SENTENCES[locale].accesses.endAllNoneEnded)).toBe(true);
      expect(outcome).not.toMatch(/(^|[^\p{N}])0([^\p{N}]|$)/u);
    },
  );

  it.each([
    ['en', 'End 2 accesses now: Ana (LAB-PC01) and device 417657298?', 'device 417657298'],
    [
      'pl',
      'Zakończyć teraz 2 dostępy: Ana (LAB-PC01) i urządzenie 417657298?',
      'urządzenie 417657298',
    ],
    ['de', '2 Zugänge jetzt beenden: Ana (LAB-PC01) und Gerät 417657298?', 'Gerät 417657298'],
  ] as const)(
    'in %s, names a device without a name as a device in the question, never a bare number',
    async (language, question, device) => {
      const fake = new FakeClassTray(
        classTrayState({ temporalAccesses: [ANA, UNNAMED], preferences: { language } }),
      );
      const { t } = await openI18n(language);
      const { user } = await renderApp(fake);
      await user.click(screen.getByRole('button', { name: t('accesses.endAll') }));
      const form = screen.getByRole('form', { name: question });
      // Shown whole, as one name of the list.
      expect(
        within(form)
          .getAllByText(/./, { selector: 'bdi.who' })
          .map((who) => who.textContent),
      ).toEqual(['Ana (LAB-PC01)', device]);
    },
  );

  it('opens a failure with the device without a name as a sentence does', async () => {
    const fake = new FakeClassTray(classTrayState({ temporalAccesses: [ANA, UNNAMED] }));
    fake.endAccesses.mockResolvedValueOnce([
      {
        token: ANA.token,
        result: {
          kind: 'invalidated',
          sessionExpiresAt: '2030-01-01T00:00:30.000Z',
          learnedAt: '2026-01-05T09:40:00.000Z',
          warnNo2fa: false,
        },
      },
      { token: UNNAMED.token, result: failedEnd('network') },
    ]);
    await endBothWithEndAll(fake);
    await outcomeIs(
      `Ended 1 access. ${isolated('Device 417657298')}: Not ended, try again: the service could not be reached.`,
    );
  });
});
