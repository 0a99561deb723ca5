import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from '../../src-shared/i18n/en';
import { SOURCE_LOCALE, type Locale } from '../../src-shared/i18n/languages';
import type { PartialMessages } from '../../src-shared/i18n/messages';
import { LANGUAGE_CHUNKS } from './chunks';

// One namespace (see src-shared/i18n/index.ts): the tray's sentences are its `tray.` keys.
declare module 'i18next' {
  interface CustomTypeOptions {
    resources: { translation: typeof en };
  }
}

/**
 * A language's sentences: English from the window's own bundle, any other from its chunk
 * (./chunks), loaded when it is shown. A language under way holds only part of them: i18next
 * shows English (fallbackLng) for each one it lacks.
 */
export async function loadSentences(locale: Locale): Promise<PartialMessages> {
  if (locale === SOURCE_LOCALE) return en;
  const sentences = await LANGUAGE_CHUNKS[locale]?.();
  if (sentences === undefined) throw new Error(`No sentences for the language "${locale}".`);
  return sentences;
}

/** Loads a language into the window's instance, once; shown by i18n.changeLanguage after. */
export async function loadLanguage(instance: i18n, locale: Locale): Promise<void> {
  if (instance.hasResourceBundle(locale, 'translation')) return;
  instance.addResourceBundle(locale, 'translation', await loadSentences(locale));
}

/**
 * One instance per window (and per test), so languages never leak between them, in `locale`
 * once its sentences are loaded; in English if they cannot be (logged): the window still opens.
 */
export async function openI18n(locale: Locale): Promise<i18n> {
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    resources: { [SOURCE_LOCALE]: { translation: en } },
    lng: SOURCE_LOCALE,
    fallbackLng: SOURCE_LOCALE,
    // React escapes what it renders.
    interpolation: { escapeValue: false },
    initAsync: false,
    showSupportNotice: false,
  });
  try {
    await loadLanguage(instance, locale);
    await instance.changeLanguage(locale);
  } catch (error) {
    console.error(error);
  }
  return instance;
}
