/**
 * The languages ClassTray speaks and the rule that picks one: shared by the window and by main
 * (tray menu, notifications), so both always show the same language. No Node, no zod.
 */

/** What the teacher can choose in the settings. */
export const LANGUAGES = ['system', 'en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];

/** What is actually shown. */
export type Locale = Exclude<Language, 'system'>;

/** 'system' follows the operating system's (or browser's) language; anything but Spanish reads English. */
export function localeOf(language: Language, systemLocale: string): Locale {
  const wanted = language === 'system' ? systemLocale : language;
  return wanted.toLowerCase().startsWith('es') ? 'es' : 'en';
}
