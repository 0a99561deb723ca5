// @vitest-environment happy-dom
/**
 * A language lands under way: a partial Czech (test/support/czechUnderWay.ts) joins the record
 * of languages, the sentences and the window's chunks in this file's module graph only, as a
 * translator's first commit adds it to languages.ts and src-shared/i18n. The suite's language
 * checks pass and report how much is done, each missing sentence shows in English (the window,
 * the tray), the settings offer it named as incomplete while 'system' never picks it, the lists
 * of complete languages leave it out, and its policy template says it is partly English.
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { adml, ADML_FOLDERS, partialTemplate } from '../../src-main/core/policy/policyTemplates';
import { labels, missingSentenceLines } from '../../src-main/electron/mainSentences';
import { loadSentences, openI18n } from '../../src-renderer/i18n';
import { SENTENCES } from '../../src-shared/i18n';
import {
  COMPLETE_LOCALES,
  isUnderWay,
  LOCALES,
  SPOKEN_LANGUAGES,
  UNDER_WAY_LOCALES,
  type Locale,
} from '../../src-shared/i18n/languages';
import { LANGUAGES, localeOf } from '../../src-shared/locale';
import { classTrayState } from '../support/classTrayState';
import { cs, CZECH } from '../support/czechUnderWay';
import { FakeClassTray } from '../support/fakeClassTray';
import { checkLanguage, coverageOf, problemsOf } from '../support/languageChecks';
import { renderApp } from './renderApp';

vi.mock(import('../../src-shared/i18n/languages'), async (importOriginal) => {
  const { languagesWithCzech } = await import('../support/czechUnderWay');
  return languagesWithCzech(await importOriginal());
});

vi.mock(import('../../src-shared/i18n'), async (importOriginal) => {
  const { sentencesWithCzech } = await import('../support/czechUnderWay');
  return sentencesWithCzech(await importOriginal());
});

vi.mock(import('../../src-renderer/i18n/chunks'), async (importOriginal) => {
  const real = await importOriginal();
  const { cs } = await import('../support/czechUnderWay');
  return { LANGUAGE_CHUNKS: { ...real.LANGUAGE_CHUNKS, cs: () => Promise.resolve(cs) } };
});

// The window names in the console each sentence it shows in English (a development build's).
let warned: MockInstance<typeof console.warn>;
beforeEach(() => {
  warned = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  warned.mockRestore();
});

const czech = 'cs' as Locale;
const english = SENTENCES.en;

describe('a language under way', () => {
  it('is in the record of languages, marked so, and in the list of those under way only', () => {
    expect(LOCALES).toContain(czech);
    expect(LANGUAGES).toContain(czech);
    expect(SPOKEN_LANGUAGES[czech]).toEqual(CZECH);
    expect(isUnderWay(czech)).toBe(true);
    expect(UNDER_WAY_LOCALES).toContain(czech);
    expect(COMPLETE_LOCALES).not.toContain(czech);
    expect(COMPLETE_LOCALES).toEqual(LOCALES.filter((code) => !isUnderWay(code)));
  });

  describe('passes the checks of a language', () => {
    checkLanguage('cs', cs, CZECH, 'underWay');
  });

  it('is reported by how much is done, not failed for what is still missing', () => {
    const { done, of } = coverageOf('cs', cs);
    // Ten sentences and a counted one in Czech's four forms, of every sentence English has.
    expect(done).toBe(14);
    expect(of).toBeGreaterThan(400);
    // A complete language with the same file would fail on each of these.
    expect(problemsOf('cs', cs).missing).toContain('settings.notifications');
  });

  it('is loaded as a chunk of its own, as written', async () => {
    expect(await loadSentences(czech)).toBe(cs);
  });

  it('shows each sentence it lacks in English, in the plural forms of each language', async () => {
    const i18n = await openI18n(czech);
    expect(warned).toHaveBeenCalledWith(
      expect.stringMatching(/^cs lacks \d+ sentences, shown in English:$/),
      expect.arrayContaining(['settings.notifications', 'accesses.runningCount_few']),
    );
    expect(i18n.language).toBe('cs');
    expect(i18n.t('settings.heading')).toBe('Nastavení');
    expect(i18n.t('settings.notifications')).toBe(english.settings.notifications);
    expect(i18n.t('accesses.endAllEnded', { count: 3 })).toBe('Ukončeny 3 přístupy.');
    expect(i18n.t('accesses.endAllEnded', { count: 5 })).toBe('Ukončeno 5 přístupů.');
    // Not in Czech yet: English's sentence, in English's form of the count.
    expect(i18n.t('accesses.runningCount', { count: 3 })).toBe('3 running');
    expect(i18n.t('tray.stoppedBody')).toBe(english.tray.stoppedBody);
  });

  it("shows English in the tray for each of the tray's sentences it lacks, listed in main's log", () => {
    const line = missingSentenceLines().find((text) => text.startsWith('cs '));
    expect(line).toMatch(/^cs lacks \d+ sentences, shown in English: app\.startFailed, /);
    expect(line).toContain('tray.open');
    expect(labels[czech].quit).toBe('Ukončit ClassTray');
    expect(labels[czech].open).toBe(english.tray.open);
    expect(labels[czech].online(3, 25)).toBe('3 of 25 online');
    expect(labels[czech].andMore(4)).toBe('and 4 more');
    // Main's direct readers see the same.
    expect(SENTENCES[czech].tray.quit).toBe('Ukončit ClassTray');
    expect(SENTENCES[czech].tray.open).toBe(english.tray.open);
  });

  it("is never the system's pick, and is kept when chosen", () => {
    for (const system of ['cs', 'cs-CZ', 'cs_CZ', 'CS-CZ']) {
      expect(localeOf('system', system), system).toBe('en');
    }
    expect(localeOf('cs' as never, 'de-DE')).toBe('cs');
  });

  it('has a policy template of every string, partly English, that says so', () => {
    expect(ADML_FOLDERS).toContainEqual({ locale: 'cs', folder: 'cs-CZ' });
    expect(partialTemplate(czech)).toEqual({ translated: 1, of: expect.any(Number) as number });
    const template = adml(czech);
    expect(template.split('\n')[1]).toMatch(
      /^<!-- Čeština \(cs\) is still being translated: 1 of \d+ sentences here are in it; English stands in for the other \d+\. -->$/,
    );
    expect(template).toContain(
      '<string id="ClassTrayDefaults">ClassTray: výchozí hodnoty, které učitel může změnit</string>',
    );
    expect(template).toContain(`<description>${english.policyTemplate.description}</description>`);
    // A complete language's template says nothing of the kind.
    for (const code of COMPLETE_LOCALES) {
      expect(partialTemplate(code), code).toBeUndefined();
      expect(adml(code), code).not.toContain('<!--');
    }
  });

  it('is offered in the settings named as incomplete, and shown half in English', async () => {
    const fake = new FakeClassTray(classTrayState({ preferences: { language: 'system' } }));
    const { user } = await renderApp(fake);
    await user.click(screen.getByRole('button', { name: 'Settings' }));
    const picker = screen.getByRole('combobox', { name: 'Language' });
    const names = [...picker.querySelectorAll('option')].map((option) => option.textContent);
    const offered = (code: Locale) =>
      isUnderWay(code)
        ? `${SPOKEN_LANGUAGES[code].name} (incomplete)`
        : SPOKEN_LANGUAGES[code].name;
    expect(names).toEqual(['System', ...LOCALES.map(offered)]);
    expect(names.at(-1)).toBe('Čeština (incomplete)');

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
