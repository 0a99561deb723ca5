/**
 * The checks every language's sentences pass (test/shared/i18n.test.ts runs them for each language
 * ClassTray speaks; test/renderer/languageUnderWay.test.tsx for a language under way it only
 * pretends to speak). A complete language fails on any sentence missing or still in English; one
 * under way reports how much of it is done instead, and fails only on what its file gets wrong.
 */
import { expect, it } from 'vitest';
import { SENTENCES } from '../../src-shared/i18n';
import { SOURCE_LOCALE, type SpokenLanguage } from '../../src-shared/i18n/languages';
import { PLURAL_FORMS } from '../../src-shared/i18n/messages';
import { namesOneNumber } from './pluralForms';

export type Tree = { readonly [key: string]: string | Tree };

/** Every sentence by its dotted key (`tray.online`, `settings.where.keychain`, ...). */
export function sentences(tree: Tree, prefix = ''): Map<string, string> {
  const found = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const at = prefix === '' ? key : `${prefix}.${key}`;
    if (typeof value === 'string') found.set(at, value);
    else for (const [inner, text] of sentences(value, at)) found.set(inner, text);
  }
  return found;
}

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

const pluralForm = new RegExp(`^(.+)_(${PLURAL_FORMS.join('|')})$`);
export const english = sentences(SENTENCES[SOURCE_LOCALE]);
/** The counted sentences (`accesses.endAllEnded`), as English writes them with `_one`/`_other`. */
export const counted = new Set(
  [...english.keys()].flatMap((key) => pluralForm.exec(key)?.[1] ?? []),
);

/** Every key a language must have: English's, with each counted one in the language's forms. */
function keysFor(code: string): string[] {
  const forms = new Intl.PluralRules(code).resolvedOptions().pluralCategories;
  return [
    ...[...english.keys()].filter((key) => !counted.has(pluralForm.exec(key)?.[1] ?? '')),
    ...[...counted].flatMap((base) => forms.map((form) => `${base}_${form}`)),
  ];
}

/** The English a key translates: its own, or English's `_other` for a form English lacks. */
export const englishOf = (key: string): string | undefined => {
  const base = pluralForm.exec(key)?.[1];
  return english.get(key) ?? (base && counted.has(base) ? english.get(`${base}_other`) : undefined);
};

/**
 * The placeholders a key's sentence must keep: English's, less `{{count}}` in a form for one
 * number only, which may say it in words.
 */
function placeholdersWanted(code: string, key: string, own: string): string[] {
  const source = placeholders(englishOf(key) ?? own);
  const form = pluralForm.exec(key)?.[2];
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
 * The checks of one language's file, as `it`s in the describe that calls them: `tree` is the file
 * as written, `spoken` its line in SPOKEN_LANGUAGES.
 */
export function checkLanguage(code: string, tree: Tree, spoken: SpokenLanguage): void {
  const problems = problemsOf(code, tree);

  if (spoken.underWay === true) {
    it('say how much of the language is done, English showing for the rest', () => {
      const { done, of } = coverageOf(code, tree);
      console.log(
        `${code}: ${done} of ${of} sentences${done === of ? ' (complete: drop underWay)' : ''}`,
      );
      expect(done).toBeLessThanOrEqual(of);
    });
  } else {
    it('include every sentence English has, each counted one in every plural form it uses', () => {
      expect(problems.missing, `missing in ${code}`).toEqual([]);
    });

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
