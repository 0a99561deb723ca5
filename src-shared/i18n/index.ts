/**
 * Every language's sentences at once, for main (the tray's labels, the policy templates) and the
 * tests; the window loads one language at a time instead (src-renderer/i18n). In i18next's shape:
 * one `translation` namespace, whose `tray` keys are what main shows (src-main/electron/mainSentences.ts
 * reads them with that key prefix).
 */
import { ar } from './ar';
import { de } from './de';
import { en } from './en';
import { es } from './es';
import { fr } from './fr';
import { it } from './it';
import { isUnderWay, SOURCE_LOCALE, type Locale, type SPOKEN_LANGUAGES } from './languages';
import type { Messages, PartialMessages } from './messages';
import { nl } from './nl';
import { pl } from './pl';
import { pt } from './pt';

/** What a language's file holds: every sentence, or any part of them while it is under way. */
type Catalogue<L extends Locale> = (typeof SPOKEN_LANGUAGES)[L] extends { underWay: true }
  ? PartialMessages
  : Messages;

/**
 * Each language's file as written, by its code: a language missing here, or a complete one
 * lacking a sentence, does not compile.
 */
export const CATALOGUES: { readonly [L in Locale]: Catalogue<L> } = {
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

type Tree = { readonly [key: string]: string | Tree };

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

/** A language under way's sentences as it shows them: its own, and English for each it lacks. */
export const withEnglish = (own: PartialMessages): Messages =>
  filledIn(own, CATALOGUES[SOURCE_LOCALE]) as unknown as Messages;

/**
 * What each language shows, by its code: its own sentences, and English for each one a language
 * under way lacks, as i18next's fallbackLng shows them in the window and the tray.
 */
export const SENTENCES = Object.fromEntries(
  Object.entries(CATALOGUES).map(([locale, own]) => [
    locale,
    isUnderWay(locale as Locale) ? withEnglish(own) : own,
  ]),
) as Readonly<Record<Locale, Messages>>;

/** i18next's resources: each language's own sentences, English its fallback (fallbackLng). */
export const resources = Object.fromEntries(
  Object.entries(CATALOGUES).map(([locale, own]) => [locale, { translation: own }]),
) as Readonly<Record<Locale, { translation: PartialMessages }>>;
