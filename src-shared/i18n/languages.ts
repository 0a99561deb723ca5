/**
 * Every language ClassTray speaks, in the order the settings list them: its code (as Intl and
 * i18next read it), its name in itself, and its sentences. A language is its file of sentences
 * beside this one and its line here; the locale rule, the settings' list, the window's and the
 * tray's resources and the tests all follow from this record.
 */
import { de } from './de';
import { en } from './en';
import { es } from './es';
import { fr } from './fr';
import { it } from './it';
import type { Messages } from './messages';
import { nl } from './nl';
import { pl } from './pl';
import { pt } from './pt';

export const SPOKEN_LANGUAGES = {
  en: { name: 'English', messages: en },
  es: { name: 'Español', messages: es },
  de: { name: 'Deutsch', messages: de },
  pl: { name: 'Polski', messages: pl },
  nl: { name: 'Nederlands', messages: nl },
  pt: { name: 'Português', messages: pt },
  fr: { name: 'Français', messages: fr },
  it: { name: 'Italiano', messages: it },
} as const satisfies Readonly<Record<string, { name: string; messages: Messages }>>;

/** A language ClassTray can show. */
export type Locale = keyof typeof SPOKEN_LANGUAGES;

export const LOCALES = Object.keys(SPOKEN_LANGUAGES) as readonly Locale[];

/** English: the sentences are written in it first, it gives Messages its shape, every other
 * language is checked against it, and it is shown when nothing else matches. */
export const SOURCE_LOCALE = 'en' satisfies Locale;
