/**
 * Every language's sentences at once, for main (the tray's labels, the policy templates) and the
 * tests; the window loads one language at a time instead (src-renderer/i18n). Each is its
 * translators' catalogue as written (locales/<code>/translation.json, i18next JSON v4, one
 * `translation` namespace, whose `tray` keys are what main shows: src-main/electron/mainSentences.ts).
 */
import ar from './locales/ar/translation.json';
import de from './locales/de/translation.json';
import en from './locales/en/translation.json';
import es from './locales/es/translation.json';
import fr from './locales/fr/translation.json';
import it from './locales/it/translation.json';
import nl from './locales/nl/translation.json';
import pl from './locales/pl/translation.json';
import pt from './locales/pt/translation.json';
import { SOURCE_LOCALE, type Locale } from './languages';
import type { Messages, PartialMessages } from './messages';
import { missingKeys, type Tree } from './sentenceKeys';

/**
 * Each language's catalogue as written, by its code: a language missing here does not compile;
 * one that lacks sentences does (English shows for each, and the report lists them).
 */
export const CATALOGUES: { readonly [L in Locale]: PartialMessages } = {
  en,
  es,
  de,
  pl,
  nl,
  pt,
  fr,
  it,
  ar,
};

/** `own`, with `english`'s sentence for each one it lacks. */
function filledIn(own: Tree, english: Tree): Tree {
  const merged: Record<string, string | Tree> = { ...own };
  for (const [key, value] of Object.entries(english)) {
    const mine = own[key];
    if (typeof value !== 'string')
      merged[key] = filledIn(typeof mine === 'object' ? mine : {}, value);
    else merged[key] = mine ?? value;
  }
  return merged;
}

/** A language's sentences as it shows them: its own, and English for each it lacks. */
export const withEnglish = (own: PartialMessages): Messages =>
  filledIn(own, CATALOGUES[SOURCE_LOCALE]) as unknown as Messages;

/**
 * What each language shows, by its code: its own sentences, and English for each one it lacks,
 * as i18next's fallbackLng shows them in the window and the tray.
 */
export const SENTENCES = Object.fromEntries(
  Object.entries(CATALOGUES).map(([locale, own]) => [locale, withEnglish(own)]),
) as Readonly<Record<Locale, Messages>>;

/** i18next's resources: each language's own sentences, English its fallback (fallbackLng). */
export const resources = Object.fromEntries(
  Object.entries(CATALOGUES).map(([locale, own]) => [locale, { translation: own }]),
) as Readonly<Record<Locale, { translation: PartialMessages }>>;

/** The keys a language lacks (each shown in English), as the report lists them. */
export const missingIn = (locale: Locale): string[] =>
  missingKeys(locale, CATALOGUES[locale], CATALOGUES[SOURCE_LOCALE]);
