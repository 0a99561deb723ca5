import i18next, { type i18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { en } from '../../src-shared/i18n/en';
import {
  lacksSentences,
  LOCALES,
  SOURCE_LOCALE,
  type Locale,
} from '../../src-shared/i18n/languages';
import type { PartialMessages } from '../../src-shared/i18n/messages';
import { missingKeys, type Tree } from '../../src-shared/i18n/sentenceKeys';
import { LANGUAGE_CHUNKS } from './chunks';

// One namespace (see src-shared/i18n/index.ts), its keys English's: t('header.refresh') is
// checked by the compiler against locales/en/translation.json.
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
 * The languages a window showing `locale` needs: itself and, for a language that lacks sentences
 * (the report's state), English, which i18next shows (fallbackLng) for each one it lacks; a
 * complete language comes alone.
 */
const languagesFor = (locale: Locale): Locale[] =>
  // (One this version does not know has no sentences to load: loadSentences says so.)
  LOCALES.includes(locale) && locale !== SOURCE_LOCALE && lacksSentences(locale)
    ? [locale, SOURCE_LOCALE]
    : [locale];

/**
 * In a development build, the console names each sentence shown in English for want of its
 * translation: not shipped silently (the report lists them too, docs/translations.md).
 */
function warnOfMissing(instance: i18n, locale: Locale): void {
  if (!import.meta.env.DEV || locale === SOURCE_LOCALE) return;
  const own = instance.getResourceBundle(locale, 'translation') as Tree | undefined;
  const english = instance.getResourceBundle(SOURCE_LOCALE, 'translation') as Tree | undefined;
  if (own === undefined || english === undefined) return;
  const missing = missingKeys(locale, own, english);
  if (missing.length > 0)
    console.warn(`${locale} lacks ${missing.length} sentences, shown in English:`, missing);
}

/** Loads a language into the window's instance, once; shown by i18n.changeLanguage after. */
export async function loadLanguage(instance: i18n, locale: Locale): Promise<void> {
  const missing = languagesFor(locale).filter(
    (language) => !instance.hasResourceBundle(language, 'translation'),
  );
  const loaded = await Promise.all(missing.map(loadSentences));
  missing.forEach((language, i) => instance.addResourceBundle(language, 'translation', loaded[i]));
  warnOfMissing(instance, locale);
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
  warnOfMissing(instance, shown);
  return instance;
}
