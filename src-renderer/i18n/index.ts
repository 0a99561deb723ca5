import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Locale } from '../../src-shared/locale';
import { en } from '../../src-shared/i18n/en';
import { es } from '../../src-shared/i18n/es';

// One namespace: the tray's sentences are its `tray.` keys (main reads them with that key prefix,
// see src-main/electron/labels.ts), so the window's keys and types stay as they were.
declare module 'i18next' {
  interface CustomTypeOptions {
    resources: { translation: typeof en };
  }
}

/** One instance per window (and per test), so languages never leak between them. */
export function createI18n(locale: Locale): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources: { en: { translation: en }, es: { translation: es } },
    lng: locale,
    fallbackLng: 'en',
    // React escapes what it renders.
    interpolation: { escapeValue: false },
    initAsync: false,
    showSupportNotice: false,
  });
  return instance;
}
