import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { resources } from '../../src-shared/i18n';
import type { en } from '../../src-shared/i18n/en';
import { SOURCE_LOCALE, type Locale } from '../../src-shared/i18n/languages';

// One namespace (see src-shared/i18n/index.ts): the tray's sentences are its `tray.` keys.
declare module 'i18next' {
  interface CustomTypeOptions {
    resources: { translation: typeof en };
  }
}

/** One instance per window (and per test), so languages never leak between them. */
export function createI18n(locale: Locale): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources,
    lng: locale,
    fallbackLng: SOURCE_LOCALE,
    // React escapes what it renders.
    interpolation: { escapeValue: false },
    initAsync: false,
    showSupportNotice: false,
  });
  return instance;
}
