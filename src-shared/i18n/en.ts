/**
 * English, the source: the sentences as engineers write them (locales/en/translation.json, the
 * only catalogue an engineer edits), whose keys every other language has (messages.ts). The
 * window shows all of it; main (tray menu, tooltip, notifications) shows only `tray`. The core
 * and the log read English's sentences here; tests read one by its key (`englishSentence`).
 */
import type { RefusalCode } from '../refusal';
import english from './locales/en/translation.json';
import type { SentenceKey } from './messages';

export const en = english;

/** Every refusal's code has its sentence: a code added in refusal.ts without one does not compile. */
en.refusals satisfies Record<RefusalCode, string>;

/**
 * English's sentence at a key, as t() takes it (`englishSentence('header.refresh')`), placeholders
 * as written: what a test finds a control by, so a translation never breaks it.
 */
export function englishSentence(key: SentenceKey): string {
  const found = key
    .split('.')
    .reduce<unknown>(
      (at, part) =>
        typeof at === 'object' && at !== null ? (at as Record<string, unknown>)[part] : undefined,
      en,
    );
  if (typeof found !== 'string') throw new Error(`English has no sentence "${key}".`);
  return found;
}
