/**
 * The window's words as the e2e tests name controls by: a sentence by its key, read from the
 * catalogue, never typed out. A locator names a control by its whole name,
 * `getByRole('button', { name: english('header.refresh'), exact: true })`, so a new control whose
 * name holds an existing word ("Refresh now" beside "Refresh") and a sentence reworded in the
 * catalogue break no test. The keys are checked at compile time (src-renderer/i18n types them
 * from English); {{values}} and plurals (`count`) come out as the window's i18next makes them.
 *
 * This is the tests' one import of the catalogues (the window loads its own, src-renderer/i18n).
 */
import { createInstance, type TFunction } from 'i18next';
import { CATALOGUES } from '../../src-shared/i18n';
import { SOURCE_LOCALE, type Locale } from '../../src-shared/i18n/languages';

const made = new Map<Locale, TFunction>();

/**
 * The sentences of `language` by key, with English for any a language under way lacks, as the
 * window shows them (fallbackLng); made once per language.
 */
export function wordsIn(language: Locale): TFunction {
  const known = made.get(language);
  if (known) return known;
  const instance = createInstance();
  void instance.init({
    resources: {
      [SOURCE_LOCALE]: { translation: CATALOGUES[SOURCE_LOCALE] },
      [language]: { translation: CATALOGUES[language] },
    },
    lng: language,
    fallbackLng: SOURCE_LOCALE,
    // The window's React escapes what it renders; a name is compared as the reader hears it.
    interpolation: { escapeValue: false },
    initAsync: false,
    showSupportNotice: false,
  });
  const words = instance.t.bind(instance) as TFunction;
  made.set(language, words);
  return words;
}

/** An English sentence by its key: `english('accesses.addFor', { name: 'PC-3' })`. */
export const english: TFunction = wordsIn(SOURCE_LOCALE);
