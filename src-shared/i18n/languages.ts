/**
 * Every language ClassTray speaks, in the order the settings list them: its code (as Intl and
 * i18next read it), its name in itself, the direction it is written in and, while its sentences
 * are still being translated, `underWay: true` (COMPLETE_LOCALES and UNDER_WAY_LOCALES split it
 * in two). This file holds no sentences, so the window can import it and load only the language
 * it shows.
 * Adding a language: docs/engineering.md, "Where to add…".
 */
export interface SpokenLanguage {
  readonly name: string;
  readonly dir: 'ltr' | 'rtl';
  /** Landed before every sentence is translated: each one missing is shown in English. */
  readonly underWay?: true;
}

export const SPOKEN_LANGUAGES = {
  en: { name: 'English', dir: 'ltr' },
  es: { name: 'Español', dir: 'ltr' },
  de: { name: 'Deutsch', dir: 'ltr' },
  pl: { name: 'Polski', dir: 'ltr' },
  nl: { name: 'Nederlands', dir: 'ltr' },
  pt: { name: 'Português', dir: 'ltr' },
  fr: { name: 'Français', dir: 'ltr' },
  it: { name: 'Italiano', dir: 'ltr' },
  ar: { name: 'العربية', dir: 'rtl' },
} as const satisfies Readonly<Record<string, SpokenLanguage>>;

/** A language ClassTray can show. */
export type Locale = keyof typeof SPOKEN_LANGUAGES;

export const LOCALES = Object.keys(SPOKEN_LANGUAGES) as readonly Locale[];

/** English: the sentences are written in it first, it gives Messages its shape, every other
 * language is checked against it, and it is shown when nothing else matches. */
export const SOURCE_LOCALE = 'en' satisfies Locale;

/** How a language is written, as `<html dir>` takes it: the window mirrors for 'rtl'. */
export const directionOf = (locale: Locale): 'ltr' | 'rtl' => SPOKEN_LANGUAGES[locale].dir;

/**
 * Whether a language is still being translated: the settings name it as incomplete, 'system'
 * never picks it, and the tests report how much of it is done instead of failing.
 */
export const isUnderWay = (locale: Locale): boolean =>
  (SPOKEN_LANGUAGES[locale] as SpokenLanguage).underWay === true;

/** A language whose every sentence is translated (its file `satisfies Messages`). */
export type CompleteLocale = {
  [L in Locale]: (typeof SPOKEN_LANGUAGES)[L] extends { underWay: true } ? never : L;
}[Locale];

/**
 * The languages whose every sentence is translated, in the record's order: the ones 'system'
 * picks from, and the ones every test that expects a language whole walks (no sentence missing
 * or left in English, each plural form written, the demo school's rooms named in it).
 */
export const COMPLETE_LOCALES: readonly CompleteLocale[] = LOCALES.filter(
  (locale): locale is CompleteLocale => !isUnderWay(locale),
);

/**
 * The languages still being translated, in the record's order: offered in the settings named as
 * incomplete, shown with English for each sentence they lack, never picked by 'system'.
 */
export const UNDER_WAY_LOCALES = LOCALES.filter(isUnderWay);
