import type * as Sentences from '../../src-shared/i18n';
import type * as Languages from '../../src-shared/i18n/languages';
import type { Locale, SpokenLanguage } from '../../src-shared/i18n/languages';
import type { PartialMessages } from '../../src-shared/i18n/messages';
import { missingKeys } from '../../src-shared/i18n/sentenceKeys';

/**
 * A language under way that ClassTray does not speak: Czech, begun. Its line in SPOKEN_LANGUAGES
 * and its catalogue, as a translator would land them, and the state the report gives it
 * (test/renderer/languageUnderWay.test.tsx adds them to the record, the sentences and the
 * chunks in its own module graph only, with the two functions below).
 */
export const CZECH: SpokenLanguage = { name: 'Čeština', dir: 'ltr' };

export const cs = {
  header: { refresh: 'Obnovit', settings: 'Nastavení' },
  devices: { heading: 'Zařízení' },
  accesses: {
    heading: 'Dočasné přístupy',
    // Czech counts in one (1), few (2-4), many (fractions) and other.
    endAllEnded_one: 'Ukončen {{count}} přístup.',
    endAllEnded_few: 'Ukončeny {{count}} přístupy.',
    endAllEnded_many: 'Ukončeno {{count}} přístupu.',
    endAllEnded_other: 'Ukončeno {{count}} přístupů.',
  },
  settings: { heading: 'Nastavení', close: 'Hotovo', general: 'Obecné', language: 'Jazyk' },
  tray: { quit: 'Ukončit ClassTray' },
  policyTemplate: { defaults: 'ClassTray: výchozí hodnoty, které učitel může změnit' },
} satisfies PartialMessages;

/**
 * languages.ts as it reads once Czech's line is in SPOKEN_LANGUAGES, last: the record and every
 * list and rule derived from it.
 */
export function languagesWithCzech(real: typeof Languages): typeof Languages {
  const spoken = { ...real.SPOKEN_LANGUAGES, cs: CZECH } as Record<string, SpokenLanguage>;
  const locales = Object.keys(spoken) as Locale[];
  // Not in the report's status: under way, as the report finds 14 sentences of hundreds.
  const stateOf = (locale: Locale) =>
    (locale as string) === 'cs' ? 'underWay' : real.stateOf(locale);
  const isUnderWay = (locale: Locale) => stateOf(locale) === 'underWay';
  return {
    ...real,
    SPOKEN_LANGUAGES: spoken as unknown as typeof real.SPOKEN_LANGUAGES,
    LOCALES: locales,
    COMPLETE_LOCALES: locales.filter((locale) => !isUnderWay(locale)),
    UNDER_WAY_LOCALES: locales.filter(isUnderWay),
    directionOf: (locale) => spoken[locale]?.dir ?? 'ltr',
    stateOf,
    isUnderWay,
    lacksSentences: (locale) => stateOf(locale) !== 'complete',
  };
}

/** src-shared/i18n as it reads once Czech's file is imported in it: its sentences and resources. */
export function sentencesWithCzech(real: typeof Sentences): typeof Sentences {
  // The types know only the languages ClassTray speaks: Czech is added past them.
  const added = <T extends object>(record: T, czech: unknown): T => ({ ...record, cs: czech });
  return {
    ...real,
    CATALOGUES: added(real.CATALOGUES, cs),
    SENTENCES: added(real.SENTENCES, real.withEnglish(cs)),
    resources: added(real.resources, { translation: cs }),
    missingIn: (locale) =>
      (locale as string) === 'cs'
        ? missingKeys('cs', cs, real.CATALOGUES.en)
        : real.missingIn(locale),
  };
}
