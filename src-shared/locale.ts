/**
 * The language the teacher chooses and the rule that picks what is shown: shared by the window
 * and by main (tray menu, notifications), so both always show the same language. No Node, no
 * zod. The languages themselves are one record, i18n/languages.ts.
 */
import { COMPLETE_LOCALES, LOCALES, SOURCE_LOCALE, type Locale } from './i18n/languages';

/**
 * What the teacher can choose in the settings: the system's language, or one ClassTray speaks
 * (one under way too, named there as incomplete).
 */
export const LANGUAGES = ['system', ...LOCALES] as const;
export type Language = (typeof LANGUAGES)[number];

/**
 * 'system' follows the operating system's (or browser's) language, matched by whole subtags
 * ('es-MX' and 'es_ES' are Spanish; 'arn' is not 'ar'); English when none matches. A language
 * under way is shown only when chosen: 'system' never lands a teacher in a half-English window.
 */
export function localeOf(language: Language, systemLocale: string): Locale {
  if (language !== 'system') return language;
  const wanted = systemLocale.toLowerCase().replaceAll('_', '-');
  const matches = (code: string) => wanted === code || wanted.startsWith(`${code}-`);
  return COMPLETE_LOCALES.find((code) => matches(code.toLowerCase())) ?? SOURCE_LOCALE;
}
