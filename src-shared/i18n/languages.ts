/**
 * Every language ClassTray speaks, in the order the settings list them: its code (as Intl and
 * i18next read it), its name in itself and the direction it is written in. How far each one is
 * translated is not written here: `npm run i18n:report` derives it from the catalogues
 * (locales/status.json, docs/translations.md). This file holds no sentences, so the window can
 * import it and load only the language it shows.
 * Adding a language: docs/engineering.md, "Sentences and translations".
 */
import MACHINE_MADE from './locales/machineMade.json';
import STATUS from './locales/status.json';

export interface SpokenLanguage {
  readonly name: string;
  readonly dir: 'ltr' | 'rtl';
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
 * language is checked against it, and it is shown for each sentence a language lacks. */
export const SOURCE_LOCALE = 'en' satisfies Locale;

/** How a language is written, as `<html dir>` takes it: the window mirrors for 'rtl'. */
export const directionOf = (locale: Locale): 'ltr' | 'rtl' => SPOKEN_LANGUAGES[locale].dir;

/**
 * How far a language is, as the report found it (packaging/i18n/report.ts): every sentence in it
 * (`complete`); a few missing, each shown in English (`gaps`); or too few translated yet to be
 * the system's pick (`underWay`). A language the report has not seen yet is under way.
 */
export type LanguageState = 'complete' | 'gaps' | 'underWay';

export const stateOf = (locale: Locale): LanguageState =>
  (STATUS as Partial<Record<string, LanguageState>>)[locale] ?? 'underWay';

/**
 * Whether a language is still being translated: the settings name it as incomplete, 'system'
 * never picks it, and the tests report how much of it is done instead of failing.
 */
export const isUnderWay = (locale: Locale): boolean => stateOf(locale) === 'underWay';

/**
 * Whether a machine made some of a language's sentences and no person has read them yet (the
 * report's record): the settings say so, in that language, while it is shown.
 */
export const isMachineMade = (locale: Locale): boolean =>
  (MACHINE_MADE as readonly string[]).includes(locale);

/** Whether a language lacks any sentence: English comes with it, for each one it lacks. */
export const lacksSentences = (locale: Locale): boolean => stateOf(locale) !== 'complete';

/**
 * The languages 'system' picks from, in the record's order: all but those under way, and the
 * ones every test that expects a language translated walks (nothing left in English, each plural
 * form written, the demo school's rooms named in it).
 */
export const COMPLETE_LOCALES: readonly Locale[] = LOCALES.filter((locale) => !isUnderWay(locale));

/**
 * The languages still being translated, in the record's order: offered in the settings named as
 * incomplete, shown with English for each sentence they lack, never picked by 'system'.
 */
export const UNDER_WAY_LOCALES = LOCALES.filter(isUnderWay);
