/**
 * The languages ClassTray speaks and the rule that picks one: shared by the window and by main
 * (tray menu, notifications), so both always show the same language. No Node, no zod.
 * A new language: its code and name here, its sentences in i18n/ (see i18n/index.ts).
 */

/** What the teacher can choose in the settings. */
export const LANGUAGES = ['system', 'en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];

/** What is actually shown. */
export type Locale = Exclude<Language, 'system'>;

export const LOCALES = LANGUAGES.filter((language): language is Locale => language !== 'system');

/** Each language by its own name, as the settings list it whatever the window's language. */
export const LANGUAGE_NAMES: Readonly<Record<Locale, string>> = { en: 'English', es: 'Español' };

/** 'system' follows the operating system's (or browser's) language; English when none matches. */
export function localeOf(language: Language, systemLocale: string): Locale {
  const wanted = (language === 'system' ? systemLocale : language).toLowerCase();
  return LOCALES.find((locale) => wanted.startsWith(locale)) ?? 'en';
}
