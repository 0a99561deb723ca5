/**
 * Every language's sentences, in i18next's shape: one `translation` namespace, whose `tray` keys
 * are what main shows (src-main/electron/labels.ts reads them with that key prefix). A language
 * added to LOCALES is missing here until its file is listed.
 */
import type { Locale } from '../locale';
import { en, type Messages } from './en';
import { es } from './es';

export const resources: Readonly<Record<Locale, { translation: Messages }>> = {
  en: { translation: en },
  es: { translation: es },
};
