/**
 * The language a window last showed, kept in its own storage for its next start
 * (./early asks for it first).
 */
import { LOCALES, type Locale } from '../../src-shared/i18n/languages';
import { localeOf } from '../../src-shared/locale';

const REMEMBERED = 'classtray.language';

/** The language this window last showed, else the system's. */
export function likelyLocale(): Locale {
  try {
    const last = localStorage.getItem(REMEMBERED);
    if (LOCALES.some((locale) => locale === last)) return last as Locale;
  } catch {
    // No storage (a page that may not keep any): the system's language.
  }
  return localeOf('system', navigator.language);
}

/** Notes the language the window shows, for its next start. */
export function rememberLocale(locale: Locale): void {
  try {
    localStorage.setItem(REMEMBERED, locale);
  } catch {
    // Not kept: the next start asks for the system's language first.
  }
}
