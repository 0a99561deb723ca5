/**
 * Every language's sentences at once, for main (the tray's labels, the policy templates) and the
 * tests; the window loads one language at a time instead (src-renderer/i18n). In i18next's shape:
 * one `translation` namespace, whose `tray` keys are what main shows (src-main/electron/labels.ts
 * reads them with that key prefix).
 */
import { ar } from './ar';
import { de } from './de';
import { en } from './en';
import { es } from './es';
import { fr } from './fr';
import { it } from './it';
import { LOCALES, type Locale } from './languages';
import type { Messages } from './messages';
import { nl } from './nl';
import { pl } from './pl';
import { pt } from './pt';

/** Each language's sentences, by its code: a language missing here does not compile. */
export const SENTENCES: Readonly<Record<Locale, Messages>> = { en, es, de, pl, nl, pt, fr, it, ar };

export const resources = Object.fromEntries(
  LOCALES.map((locale) => [locale, { translation: SENTENCES[locale] }]),
) as Readonly<Record<Locale, { translation: Messages }>>;
