import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from '../../src-shared/i18n/en';
import { SOURCE_LOCALE, type Locale } from '../../src-shared/i18n/languages';
import type { Messages } from '../../src-shared/i18n/messages';

// One namespace (see src-shared/i18n/index.ts): the tray's sentences are its `tray.` keys.
declare module 'i18next' {
  interface CustomTypeOptions {
    resources: { translation: typeof en };
  }
}

/**
 * Every other language's sentences, each in a chunk of its own (`<code>.ts` exports `<code>`):
 * the window carries English, its fallback, and loads the one language it shows.
 */
const chunks = import.meta.glob<Partial<Record<Locale, Messages>>>([
  '../../src-shared/i18n/[a-z][a-z].ts',
  '!../../src-shared/i18n/en.ts',
]);

/** A language's sentences, from its chunk (English from the window's own bundle). */
export async function loadSentences(locale: Locale): Promise<Messages> {
  if (locale === SOURCE_LOCALE) return en;
  const load = chunks[`../../src-shared/i18n/${locale}.ts`];
  const sentences = (await load?.())?.[locale];
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
