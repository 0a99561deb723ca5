// @vitest-environment happy-dom
/**
 * A language lands under way: a partial Czech (test/support/czechUnderWay.ts) joins the record
 * of languages and the window's chunks in this file's module graph only, as a translator's first
 * commit would add it to languages.ts and src-shared/i18n. The suite's language checks pass and
 * report how much is done, each missing sentence shows in English, and the settings offer it
 * named as incomplete while 'system' never picks it.
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openI18n } from '../../src-renderer/i18n';
import { SENTENCES } from '../../src-shared/i18n';
import { LOCALES, SPOKEN_LANGUAGES, type Locale } from '../../src-shared/i18n/languages';
import { localeOf } from '../../src-shared/locale';
import { classTrayState } from '../support/classTrayState';
import { checkLanguage, coverageOf, problemsOf } from '../support/languageChecks';
import { cs, CZECH } from '../support/czechUnderWay';
import { FakeClassTray } from '../support/fakeClassTray';
import { renderApp } from './renderApp';

vi.mock(import('../../src-shared/i18n/languages'), async (importOriginal) => {
  const real = await importOriginal();
  const { CZECH } = await import('../support/czechUnderWay');
  const spoken = { ...real.SPOKEN_LANGUAGES, cs: CZECH } as Record<string, typeof CZECH>;
  const record = spoken as unknown as typeof real.SPOKEN_LANGUAGES;
  return {
    ...real,
    SPOKEN_LANGUAGES: record,
    LOCALES: Object.keys(spoken) as Locale[],
    directionOf: (locale: Locale) => spoken[locale]?.dir ?? 'ltr',
    isUnderWay: (locale: Locale) => spoken[locale]?.underWay === true,
  };
});

vi.mock(import('../../src-renderer/i18n/chunks'), async (importOriginal) => {
  const real = await importOriginal();
  const { cs } = await import('../support/czechUnderWay');
  return { LANGUAGE_CHUNKS: { ...real.LANGUAGE_CHUNKS, cs: () => Promise.resolve(cs) } };
});

afterEach(cleanup);

const czech = 'cs' as Locale;
const english = SENTENCES.en;

describe('a language under way', () => {
  it('is in the record of languages, marked so', () => {
    expect(LOCALES).toContain(czech);
    expect(SPOKEN_LANGUAGES[czech]).toEqual(CZECH);
  });

  describe('passes the checks of a language', () => {
    checkLanguage('cs', cs, CZECH);
  });

  it('is reported by how much is done, not failed for what is still missing', () => {
    const { done, of } = coverageOf('cs', cs);
    // Eight sentences and a counted one in Czech's four forms, of every sentence English has.
    expect(done).toBe(12);
    expect(of).toBeGreaterThan(400);
    // A complete language with the same file would fail on each of these.
    expect(problemsOf('cs', cs).missing).toContain('settings.notifications');
  });

  it('shows each sentence it lacks in English, in the plural forms of each language', async () => {
    const i18n = await openI18n(czech);
    expect(i18n.language).toBe('cs');
    expect(i18n.t('settings.heading')).toBe('Nastavení');
    expect(i18n.t('settings.notifications')).toBe(english.settings.notifications);
    expect(i18n.t('accesses.endAllEnded', { count: 3 })).toBe('Ukončeny 3 přístupy.');
    expect(i18n.t('accesses.endAllEnded', { count: 5 })).toBe('Ukončeno 5 přístupů.');
    // Not in Czech yet: English's sentence, in English's form of the count.
    expect(i18n.t('accesses.runningCount', { count: 3 })).toBe('3 running');
    expect(i18n.t('tray.stoppedBody')).toBe(english.tray.stoppedBody);
  });

  it("is never the system's pick, and is kept when chosen", () => {
    expect(localeOf('system', 'cs-CZ')).toBe('en');
    expect(localeOf('cs' as never, 'de-DE')).toBe('cs');
  });

  it('is offered in the settings named as incomplete, and shown half in English', async () => {
    const fake = new FakeClassTray(classTrayState({ preferences: { language: 'system' } }));
    const { user } = await renderApp(fake);
    await user.click(screen.getByRole('button', { name: 'Settings' }));
    const picker = screen.getByRole('combobox', { name: 'Language' });
    const names = [...picker.querySelectorAll('option')].map((option) => option.textContent);
    expect(names).toEqual([
      'System',
      ...LOCALES.filter((code) => code !== czech).map((code) => SPOKEN_LANGUAGES[code].name),
      'Čeština (incomplete)',
    ]);

    await user.selectOptions(picker, 'cs');

    const root = document.documentElement;
    await waitFor(() => expect([root.lang, root.dir]).toEqual(['cs', 'ltr']));
    expect(screen.getByRole('button', { name: 'Nastavení' })).toBeTruthy();
    // A sentence Czech has not yet: in English, beside the Czech ones.
    expect(screen.getByText(english.settings.notifications)).toBeTruthy();
    expect(
      within(screen.getByRole('combobox', { name: 'Jazyk' })).getByRole('option', {
        name: 'Čeština (incomplete)',
      }),
    ).toBeTruthy();
  });
});
