/**
 * The checks every language's sentences pass (test/shared/i18n.test.ts runs them for each language
 * ClassTray speaks; test/renderer/languageUnderWay.test.tsx for a language under way it only
 * pretends to speak). A complete language fails on any sentence missing or still in English; one
 * under way reports how much of it is done instead, and fails only on what its file gets wrong.
 */
import { expect, it } from 'vitest';
import { SENTENCES } from '../../src-shared/i18n';
import {
  SOURCE_LOCALE,
  type LanguageState,
  type SpokenLanguage,
} from '../../src-shared/i18n/languages';
import {
  countedIn,
  englishOf as englishOfKey,
  keysFor as keysForLanguage,
  PLURAL_KEY,
  sentences,
  type Tree,
} from '../../src-shared/i18n/sentenceKeys';
import { namesOneNumber } from './pluralForms';

export type { Tree } from '../../src-shared/i18n/sentenceKeys';
export { sentences } from '../../src-shared/i18n/sentenceKeys';

/** `{{name}}` interpolations and `$t(key)` nestings, in order of first appearance. */
export const placeholders = (text: string): string[] => [
  ...new Set([...text.matchAll(/\{\{\s*([^}\s,]+)[^}]*\}\}|\$t\(([^)]*)\)/g)].map((m) => m[0])),
];

/**
 * Words a sentence may keep from English in any language: the app's name, the service's own
 * term, a unit, a word Spanish shares, and words German writes as English does (a device
 * "Online" or "Offline", in Dutch and Portuguese too; a "Link", in Polish too). A sentence equal
 * to English with any other word is one nobody translated; one with no word at all
 * ('{{name}}: {{state}}') is the same everywhere.
 */
export const SAME_IN_EVERY_LANGUAGE = [
  'ClassTray',
  'Token',
  'min',
  'General',
  'Online',
  'Offline',
  'Link',
];

/** The words of a sentence that should read differently once translated. */
const wordsToTranslate = (text: string): string[] =>
  (text.replace(/\{\{[^}]*\}\}|\$t\([^)]*\)/g, ' ').match(/\p{L}+/gu) ?? []).filter(
    (word) => !SAME_IN_EVERY_LANGUAGE.includes(word),
  );

export const english = sentences(SENTENCES[SOURCE_LOCALE]);
/** The counted sentences (`accesses.endAllEnded`), as English writes them with `_one`/`_other`. */
export const counted = countedIn(english);

/** Every key a language must have: English's, with each counted one in the language's forms. */
const keysFor = (code: string): string[] => keysForLanguage(code, english);

/** The English a key translates: its own, or English's `_other` for a form English lacks. */
export const englishOf = (key: string): string | undefined => englishOfKey(key, english);

/**
 * The placeholders a key's sentence must keep: English's, less `{{count}}` in a form for one
 * number only, which may say it in words.
 */
function placeholdersWanted(code: string, key: string, own: string): string[] {
  const source = placeholders(englishOf(key) ?? own);
  const form = PLURAL_KEY.exec(key)?.[2];
  const countInWords = form !== undefined && namesOneNumber(code, form);
  return countInWords && !own.includes('{{count}}')
    ? source.filter((placeholder) => placeholder !== '{{count}}')
    : source;
}

/** What is wrong with a language's sentences, each by its key, so a report says what to fix. */
export function problemsOf(code: string, tree: Tree) {
  const texts = sentences(tree);
  const wanted = keysFor(code);
  const present = [...texts.keys()];
  return {
    missing: wanted.filter((key) => !texts.has(key)),
    unexpected: present.filter((key) => !wanted.includes(key)),
    empty: present.filter((key) => texts.get(key)?.trim() === ''),
    placeholders: [...texts]
      .map(([key, text]) => [key, placeholders(text), placeholdersWanted(code, key, text)] as const)
      .filter(([, own, source]) => [...own].sort().join() !== [...source].sort().join())
      .map(([key, own, source]) => ({ key, [code]: own, [SOURCE_LOCALE]: source })),
    inEnglish:
      code === SOURCE_LOCALE
        ? []
        : [...texts]
            .filter(([key, text]) => text === englishOf(key) && wordsToTranslate(text).length > 0)
            .map(([key]) => key),
  };
}

/** How much of a language is written: its own sentences, of those English has, in its forms. */
export function coverageOf(code: string, tree: Tree): { done: number; of: number } {
  const { missing, inEnglish } = problemsOf(code, tree);
  const of = keysFor(code).length;
  return { done: of - missing.length - new Set(inEnglish).size, of };
}

/**
 * The checks of one language's catalogue, as `it`s in the describe that calls them: `tree` is the
 * catalogue as written, `spoken` its line in SPOKEN_LANGUAGES, `state` what the report found
 * (languages.ts). A sentence missing never fails: English shows for it, and the report lists it
 * (an engineer adds English only; the translators catch up).
 */
export function checkLanguage(
  code: string,
  tree: Tree,
  spoken: SpokenLanguage,
  state: LanguageState,
): void {
  const problems = problemsOf(code, tree);

  it('say how much of the language is done, English showing for the rest', () => {
    const { done, of } = coverageOf(code, tree);
    if (done < of) console.log(`${code}: ${done} of ${of} sentences (docs/translations.md)`);
    expect(done).toBeLessThanOrEqual(of);
  });

  it('are as far as the report says (npm run i18n:report)', () => {
    if (state === 'complete') expect(problems.missing, `missing in ${code}`).toEqual([]);
    else expect(problems.missing.length, `nothing missing in ${code}`).toBeGreaterThan(0);
  });

  if (state !== 'underWay') {
    it('leave no sentence in English', () => {
      expect(problems.inEnglish, `still in English in ${code}`).toEqual([]);
    });
  }

  it('include nothing else (a misspelt key, or a plural form the language never uses)', () => {
    expect(problems.unexpected, `unknown in ${code}`).toEqual([]);
  });

  it('keep the placeholders of English', () => {
    expect(problems.placeholders, `placeholders that differ in ${code}`).toEqual([]);
  });

  it('leave none empty', () => {
    expect(problems.empty, `empty in ${code}`).toEqual([]);
  });

  it('are named in the settings as the language calls itself', () => {
    const own = new Intl.DisplayNames([code], { type: 'language' }).of(code) ?? '';
    const { name } = spoken;
    expect(name.localeCompare(own, code, { sensitivity: 'accent' }), `${name} / ${own}`).toBe(0);
  });
}
