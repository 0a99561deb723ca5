/**
 * A language's record: for each sentence it has, which English it was made from and who made it.
 * What makes a translation "stale" (English changed since) and a machine-made one visible
 * (marked `machine` until a translator confirms it). Kept as short hashes, not the English text,
 * so the record stays small: `{ "by": "machine", "en": "<hash of the English>", "own": "<hash
 * of the translation>" }`. `own` tells the report a translation was rewritten since it was
 * recorded (a translator's commit from the platform): it records it again, by a translator,
 * from the English of that moment. Run by ./report.ts; Node only (node:crypto).
 */
import { createHash } from 'node:crypto';
import { englishOf, keysFor, sentences, type Tree } from '../../src-shared/i18n/sentenceKeys';

export type { Tree } from '../../src-shared/i18n/sentenceKeys';

/** Who made a translation: a translator (read by a person) or a machine (not read by one yet). */
export type MadeBy = 'translator' | 'machine';

export interface Stamp {
  readonly by: MadeBy;
  /** The English it was made from. */
  readonly en: string;
  /** The translation as recorded. */
  readonly own: string;
}

export type LanguageRecord = Readonly<Record<string, Stamp>>;

/** A record as its file holds it: one line per sentence, in the catalogue's order. */
export const recordText = (record: LanguageRecord): string =>
  [
    '{',
    Object.entries(record)
      .map(
        ([key, { by, en, own }]) =>
          `  ${JSON.stringify(key)}: { "by": "${by}", "en": "${en}", "own": "${own}" }`,
      )
      .join(',\n'),
    '}',
    '',
  ].join('\n');

/** Eight hex digits of SHA-256: enough to tell one sentence's versions apart. */
export const hashOf = (text: string): string =>
  createHash('sha256').update(text, 'utf8').digest('hex').slice(0, 8);

function stampOf(key: string, text: string, english: ReadonlyMap<string, string>, by: MadeBy) {
  return { by, en: hashOf(englishOf(key, english) ?? ''), own: hashOf(text) };
}

/** A record of every sentence in `own`, each made by `by` from today's English. */
export function stampAll(own: Tree, english: Tree, by: MadeBy): LanguageRecord {
  const source = sentences(english);
  return Object.fromEntries(
    [...sentences(own)].map(([key, text]) => [key, stampOf(key, text, source, by)]),
  );
}

/**
 * The record brought up to date with the catalogue: a sentence not recorded, or rewritten since,
 * is recorded from today's English, made by `by` (a translator unless the one running it says
 * machine); `confirm` records those keys again as a translator's (English changed, the
 * translation still right); a sentence gone is dropped. The rest is kept as it was.
 */
export function updated(
  record: LanguageRecord,
  own: Tree,
  english: Tree,
  by: MadeBy,
  confirm: readonly string[] = [],
): LanguageRecord {
  const source = sentences(english);
  return Object.fromEntries(
    [...sentences(own)].map(([key, text]) => {
      const kept = record[key];
      const fresh =
        kept === undefined || kept.own !== hashOf(text) || confirm.includes(key)
          ? stampOf(key, text, source, confirm.includes(key) ? 'translator' : by)
          : kept;
      return [key, fresh];
    }),
  );
}

/** A language's count: each key of English's (in its plural forms) in one of four states. */
export interface Tally {
  /** Keys a language must have. */
  readonly of: number;
  /** Translated by a person from today's English. */
  readonly translated: number;
  /** Made by a machine from today's English, no person has read it. */
  readonly machine: number;
  /** Made from an English sentence that has changed since. */
  readonly stale: readonly string[];
  /** Not in the language: shown in English. */
  readonly missing: readonly string[];
}

export function tally(code: string, own: Tree, english: Tree, record: LanguageRecord): Tally {
  const source = sentences(english);
  const texts = sentences(own);
  const wanted = keysFor(code, source);
  const stale: string[] = [];
  const missing: string[] = [];
  let translated = 0;
  let machine = 0;
  for (const key of wanted) {
    const text = texts.get(key);
    if (text === undefined) {
      missing.push(key);
      continue;
    }
    const stamp = record[key];
    if (stamp === undefined || stamp.en !== hashOf(englishOf(key, source) ?? '')) stale.push(key);
    else if (stamp.by === 'machine') machine += 1;
    else translated += 1;
  }
  return { of: wanted.length, translated, machine, stale, missing };
}
