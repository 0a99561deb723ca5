/**
 * Every language's sentences, in i18next's shape: one `translation` namespace, whose `tray` keys
 * are what main shows (src-main/electron/labels.ts reads them with that key prefix).
 */
import { LOCALES, SPOKEN_LANGUAGES, type Locale } from './languages';
import type { Messages } from './messages';

export const resources = Object.fromEntries(
  LOCALES.map((locale) => [locale, { translation: SPOKEN_LANGUAGES[locale].messages }]),
) as Readonly<Record<Locale, { translation: Messages }>>;
