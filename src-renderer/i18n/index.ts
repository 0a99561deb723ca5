import i18next, { type i18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { en } from '../../src-shared/i18n/en';
import { isUnderWay, LOCALES, SOURCE_LOCALE, type Locale } from '../../src-shared/i18n/languages';
import type { PartialMessages } from '../../src-shared/i18n/messages';
import { LANGUAGE_CHUNKS } from './chunks';

// One namespace (see src-shared/i18n/index.ts): the tray's sentences are its `tray.` keys.
declare module 'i18next' {
  interface CustomTypeOptions {
    resources: { translation: typeof en };
  }
}

/** A language's sentences, from its chunk (./chunks), English's too. */
export async function loadSentences(locale: Locale): Promise<PartialMessages> {
  const sentences = await LANGUAGE_CHUNKS[locale]?.();
  if (sentences === undefined) throw new Error(`No sentences for the language "${locale}".`);
  return sentences;
}

/**
 * The languages a window showing `locale` needs: itself and, for a language under way, English,
 * which i18next shows (fallbackLng) for each sentence it lacks; a complete language comes alone.
 */
const languagesFor = (locale: Locale): Locale[] =>
  // (One this version does not know has no sentences to load: loadSentences says so.)
  LOCALES.includes(locale) && isUnderWay(locale) ? [locale, SOURCE_LOCALE] : [locale];

/** Loads a language into the window's instance, once; shown by i18n.changeLanguage after. */
export async function loadLanguage(instance: i18n, locale: Locale): Promise<void> {
  const missing = languagesFor(locale).filter(
    (language) => !instance.hasResourceBundle(language, 'translation'),
  );
  const loaded = await Promise.all(missing.map(loadSentences));
  missing.forEach((language, i) => instance.addResourceBundle(language, 'translation', loaded[i]));
}

/**
 * What `openI18n` starts with: `locale`'s sentences, English's with them when it needs them, as
 * their chunks hold them (i18next copies what addResourceBundle is given, not what init is).
 */
async function resourcesFor(locale: Locale): Promise<Resource> {
  const languages = languagesFor(locale);
  const loaded = await Promise.all(languages.map(loadSentences));
  const resources: Resource = {};
  languages.forEach((language, i) => {
    resources[language] = { translation: loaded[i] ?? {} };
  });
  return resources;
}

/**
 * One instance per window (and per test), so languages never leak between them, in `locale`,
 * whose sentences are the only ones a window of a complete language loads at start; in English
 * if they cannot be loaded (logged): the window still opens.
 */
export async function openI18n(locale: Locale): Promise<i18n> {
  let shown = locale;
  let resources: Resource;
  try {
    resources = await resourcesFor(locale);
  } catch (error) {
    console.error(error);
    shown = SOURCE_LOCALE;
    resources = await resourcesFor(SOURCE_LOCALE);
  }
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    resources,
    lng: shown,
    fallbackLng: SOURCE_LOCALE,
    // React escapes what it renders.
    interpolation: { escapeValue: false },
    initAsync: false,
    showSupportNotice: false,
  });
  return instance;
}
