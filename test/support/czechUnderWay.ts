import type { SpokenLanguage } from '../../src-shared/i18n/languages';
import type { PartialMessages } from '../../src-shared/i18n/messages';

/**
 * A language under way that ClassTray does not speak: Czech, begun. Its line in SPOKEN_LANGUAGES
 * and its file, as a translator would land them (test/renderer/languageUnderWay.test.tsx adds
 * them to the record and the chunks in its own module graph only).
 */
export const CZECH: SpokenLanguage = { name: 'Čeština', dir: 'ltr', underWay: true };

export const cs = {
  header: { refresh: 'Obnovit', settings: 'Nastavení' },
  devices: { heading: 'Zařízení' },
  accesses: {
    heading: 'Dočasné přístupy',
    // Czech counts in one (1), few (2-4), many (fractions) and other.
    endAllEnded_one: 'Ukončen {{count}} přístup.',
    endAllEnded_few: 'Ukončeny {{count}} přístupy.',
    endAllEnded_many: 'Ukončeno {{count}} přístupu.',
    endAllEnded_other: 'Ukončeno {{count}} přístupů.',
  },
  settings: { heading: 'Nastavení', close: 'Hotovo', general: 'Obecné', language: 'Jazyk' },
} satisfies PartialMessages;
