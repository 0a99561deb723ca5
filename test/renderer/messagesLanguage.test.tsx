// @vitest-environment happy-dom
/**
 * A message the window shows is kept as what happened and worded when shown: switching the
 * language rewords it at once, and no sentence of the language before stays behind.
 */
import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ConnectionView } from '../../src-main/core/classroom/classroomView';
import { SENTENCES } from '../../src-shared/i18n';
import type { Locale } from '../../src-shared/i18n/languages';
import { messageWithRefusal, refusal } from '../../src-shared/refusal';
import { FakeClassTray } from '../support/fakeClassTray';
import { ANA, LUIS, classTrayState, failedEnd } from '../support/classTrayState';
import { invalidatedAt10h42m18s, renderApp } from './renderApp';

afterEach(cleanup);

/** Words only German has among the nine: any of them left in another language is a leftover. */
const GERMAN = /Zugang|Zugänge|beendet|Dienst|funktioniert|erreichbar/;

const switchTo = (fake: FakeClassTray, language: Locale) =>
  act(() => fake.updatePreferences({ language }));

const offline: Partial<ConnectionView> = {
  status: 'offline',
  problem: { kind: 'network', detail: 'connect ECONNREFUSED' },
};

describe('a change of language', () => {
  it("rewords End all's result, its failure among them", async () => {
    const fake = new FakeClassTray(
      classTrayState({ temporalAccesses: [ANA, LUIS], preferences: { language: 'de' } }),
    );
    fake.endAccesses.mockResolvedValueOnce([
      { token: ANA.token, result: failedEnd('network') },
      { token: LUIS.token, result: invalidatedAt10h42m18s() },
    ]);
    const { user } = await renderApp(fake);
    // The buttons' words are another test's: here, what they say now in German.
    await user.click(screen.getByRole('button', { name: SENTENCES.de.accesses.endAll }));
    await user.click(screen.getByRole('button', { name: '2 Zugänge beenden' }));
    expect(
      (await screen.findByText(/^1 Zugang beendet\./, { selector: '.end-all-outcome' }))
        .textContent,
    ).toContain('Der Dienst war nicht erreichbar.');

    await switchTo(fake, 'ar');
    expect(
      (await screen.findByText(/^أُنهيت صلاحية واحدة\./, { selector: '.end-all-outcome' }))
        .textContent,
    ).toContain('تعذّر الوصول إلى الخدمة');
    expect(document.body.textContent).not.toMatch(GERMAN);
  });

  it("rewords a failure the service's error carried as a refusal, never its English", async () => {
    const fake = new FakeClassTray(
      classTrayState({ connection: offline, preferences: { language: 'de' } }),
    );
    // What a host's rejection holds: the core's English headline, and the refusal it words.
    fake.refresh.mockRejectedValueOnce(
      new Error(
        messageWithRefusal({
          message: 'The service could not be reached (connection refused).',
          refusal: refusal('serviceUnreachable', {}),
        }),
      ),
    );
    const { user } = await renderApp(fake);
    await user.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    expect(await screen.findByText(/Der Dienst war nicht erreichbar/)).toBeTruthy();

    await switchTo(fake, 'fr');
    expect(
      await screen.findByText(
        SENTENCES.fr.app.actionFailed
          .replace('{{message}}', SENTENCES.fr.refusals.serviceUnreachable)
          // As testing-library reads the page: French's no-break spaces as plain ones.
          .replace(/\s+/g, ' '),
      ),
    ).toBeTruthy();
    expect(document.body.textContent).not.toMatch(GERMAN);
    expect(document.body.textContent).not.toMatch(/could not be reached/);
  });

  it('rewords a scheduled end’s report, kept as how the end ran', async () => {
    const at = new Date(2026, 0, 5, 10, 50).toISOString();
    const fake = new FakeClassTray(
      classTrayState({
        preferences: { language: 'de' },
        scheduledEnds: {
          ran: [
            {
              scheduled: { at, target: { classroomId: 'lab-1' } },
              ranAt: at,
              lateMinutes: 3,
              ended: [
                { token: ANA.token, result: invalidatedAt10h42m18s() },
                { token: LUIS.token, result: invalidatedAt10h42m18s() },
              ],
              retrying: false,
            },
          ],
        },
      }),
    );
    await renderApp(fake);
    expect(await screen.findByText(/hat 2 Zugänge beendet\./)).toBeTruthy();

    await switchTo(fake, 'pl');
    const report = await screen.findByText(/zakończyło 2 dostępy\./, {
      selector: '.schedule-report p',
    });
    expect(report.textContent).toMatch(/3 minuty/);
    expect(document.body.textContent).not.toMatch(GERMAN);
  });
  it('gives the page its language and direction in the commit that shows its words', async () => {
    const fake = new FakeClassTray(
      classTrayState({ temporalAccesses: [ANA, LUIS], preferences: { language: 'de' } }),
    );
    await renderApp(fake);
    await screen.findByRole('button', { name: SENTENCES.de.accesses.endAll });
    // What the page said each time its language changed, read in that same task.
    const seen: { lang: string; dir: string; words: boolean }[] = [];
    const observer = new MutationObserver(() => {
      const { lang, dir } = document.documentElement;
      const endAll = SENTENCES[lang as Locale].accesses.endAll;
      // As its name or its words: a button may show fewer words than it is named by.
      seen.push({ lang, dir, words: document.body.innerHTML.includes(endAll) });
    });
    observer.observe(document.documentElement, { attributeFilter: ['lang', 'dir'] });
    try {
      await switchTo(fake, 'ar');
      await screen.findByRole('button', { name: SENTENCES.ar.accesses.endAll });
      await switchTo(fake, 'pl');
      await screen.findByRole('button', { name: SENTENCES.pl.accesses.endAll });
    } finally {
      observer.disconnect();
    }
    expect(seen.map(({ lang }) => lang)).toEqual(['ar', 'pl']);
    expect(seen).toEqual([
      { lang: 'ar', dir: 'rtl', words: true },
      { lang: 'pl', dir: 'ltr', words: true },
    ]);
  });
});

describe("the connection's banner", () => {
  it('closes on request, and comes back only for the next outage', async () => {
    const fake = new FakeClassTray(classTrayState({ connection: offline }));
    const { user, push } = await renderApp(fake);
    const banner = () => document.querySelector('.banner');
    expect(banner()?.textContent).toMatch(/Cannot reach the service/);
    await user.click(screen.getByRole('button', { name: 'Close this message' }));
    expect(banner()).toBeNull();
    // Its button went with it: the keyboard goes where the window starts, not to the page.
    expect(document.activeElement).toBe(screen.getByRole('searchbox'));
    // The same outage going on does not bring it back.
    await push({ type: 'connection', connection: { ...fake.state.connection, ...offline } });
    expect(banner()).toBeNull();

    await push({
      type: 'connection',
      connection: { ...fake.state.connection, status: 'ok', problem: null },
    });
    await push({ type: 'connection', connection: { ...fake.state.connection, ...offline } });
    expect(banner()?.textContent).toMatch(/Cannot reach the service/);
  });

  it('goes, with the failure of Retry now, when the service answers again', async () => {
    const fake = new FakeClassTray(classTrayState({ connection: offline }));
    fake.refresh.mockRejectedValueOnce(
      new Error(messageWithRefusal({ message: 'x', refusal: refusal('serviceUnreachable', {}) })),
    );
    const { user, push } = await renderApp(fake);
    await user.click(screen.getByRole('button', { name: 'Retry now' }));
    const banner = document.querySelector<HTMLElement>('.banner');
    expect(
      await within(banner as HTMLElement).findByText(
        'That did not work: The service could not be reached: check the network and try again.',
      ),
    ).toBeTruthy();

    await push({
      type: 'connection',
      connection: { ...fake.state.connection, status: 'ok', problem: null },
    });
    expect(document.querySelector('.banner')).toBeNull();
    expect(screen.queryByText(/could not be reached/)).toBeNull();
    // Nor does it come back with the next outage: that one has not been retried yet.
    await push({ type: 'connection', connection: { ...fake.state.connection, ...offline } });
    expect(document.querySelector('.banner')?.textContent).toMatch(/Cannot reach the service/);
    expect(screen.queryByText(/could not be reached/)).toBeNull();
  });
});
