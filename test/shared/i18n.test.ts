import { describe, expect, it } from 'vitest';
import { resources, SENTENCES } from '../../src-shared/i18n';
import { LOCALES, SOURCE_LOCALE, SPOKEN_LANGUAGES } from '../../src-shared/i18n/languages';
import { PLURAL_FORMS } from '../../src-shared/i18n/messages';
import { namesOneNumber } from '../support/pluralForms';

type Tree = { readonly [key: string]: string | Tree };

/** Every sentence by its dotted key (`tray.online`, `settings.where.keychain`, ...). */
function sentences(tree: Tree, prefix = ''): Map<string, string> {
  const found = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const at = prefix === '' ? key : `${prefix}.${key}`;
    if (typeof value === 'string') found.set(at, value);
    else for (const [inner, text] of sentences(value, at)) found.set(inner, text);
  }
  return found;
}

/** `{{name}}` interpolations and `$t(key)` nestings, in order of first appearance. */
const placeholders = (text: string): string[] => [
  ...new Set([...text.matchAll(/\{\{\s*([^}\s,]+)[^}]*\}\}|\$t\(([^)]*)\)/g)].map((m) => m[0])),
];

/**
 * Words a sentence may keep from English in any language: the app's name, the service's own
 * term, a unit, a word Spanish shares, and words German writes as English does (a device
 * "Online" or "Offline", in Dutch and Portuguese too; a "Link", in Polish too). A sentence equal
 * to English with any other word is one nobody translated; one with no word at all
 * ('{{name}}: {{state}}') is the same everywhere.
 */
const SAME_IN_EVERY_LANGUAGE = [
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
const english = sentences(SENTENCES[SOURCE_LOCALE]);
/** The counted sentences (`accesses.endAllEnded`), as English writes them with `_one`/`_other`. */
const counted = new Set([...english.keys()].flatMap((key) => pluralForm.exec(key)?.[1] ?? []));

/** Every key a language must have: English's, with each counted one in the language's forms. */
function keysFor(code: string): string[] {
  const forms = new Intl.PluralRules(code).resolvedOptions().pluralCategories;
  return [
    ...[...english.keys()].filter((key) => !counted.has(pluralForm.exec(key)?.[1] ?? '')),
    ...[...counted].flatMap((base) => forms.map((form) => `${base}_${form}`)),
  ];
}

/** The English a key translates: its own, or English's `_other` for a form English lacks. */
const englishOf = (key: string): string | undefined => {
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
function problemsOf(code: string, tree: Tree) {
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

const languages = LOCALES.map((code) => [code, SENTENCES[code] as Tree] as const);

describe.each(languages)('the sentences in %s', (code, tree) => {
  const problems = problemsOf(code, tree);

  it('include every sentence English has, each counted one in every plural form it uses', () => {
    expect(problems.missing, `missing in ${code}`).toEqual([]);
  });

  it('include nothing else (a misspelt key, or a plural form the language never uses)', () => {
    expect(problems.unexpected, `unknown in ${code}`).toEqual([]);
  });

  it('keep the placeholders of English', () => {
    expect(problems.placeholders, `placeholders that differ in ${code}`).toEqual([]);
  });

  it('leave none empty', () => {
    expect(problems.empty, `empty in ${code}`).toEqual([]);
  });

  it('leave no sentence in English', () => {
    expect(problems.inEnglish, `still in English in ${code}`).toEqual([]);
  });

  it('are the resources the window and the tray load', () => {
    expect(resources[code].translation).toBe(SENTENCES[code]);
  });

  it('are named in the settings as the language calls itself', () => {
    const own = new Intl.DisplayNames([code], { type: 'language' }).of(code) ?? '';
    const { name } = SPOKEN_LANGUAGES[code];
    expect(name.localeCompare(own, code, { sensitivity: 'accent' }), `${name} / ${own}`).toBe(0);
  });
});

describe('the checks of a language', () => {
  it('have counted sentences and a source language to check against', () => {
    expect(counted.size).toBeGreaterThan(0);
    expect([...english.keys()].filter((key) => key.startsWith('tray.')).length).toBeGreaterThan(0);
    expect(LOCALES).toContain(SOURCE_LOCALE);
  });

  it('report a language under way by what each key lacks, not as something else', () => {
    // Polish asks for one, few, many and other: a copy of English with one sentence dropped, one
    // placeholder renamed and one sentence translated.
    const english = SENTENCES[SOURCE_LOCALE];
    const { title: _title, ...header } = english.header;
    const underWay = {
      ...english,
      header: { ...header, refresh: 'Odśwież', updatedAt: 'Odświeżono {{when}}' },
    };
    const problems = problemsOf('pl', underWay);
    expect(problems.missing).toContain('header.title');
    expect(problems.missing).toContain('accesses.endAllEnded_few');
    expect(problems.missing).toContain('accesses.endAllEnded_many');
    expect(problems.unexpected).toEqual([]);
    expect(problems.placeholders).toEqual([
      { key: 'header.updatedAt', pl: ['{{when}}'], en: ['{{time}}'] },
    ]);
    expect(problems.inEnglish).toContain('header.classroom');
    expect(problems.inEnglish).not.toContain('header.refresh');
    // Same as English but nothing to translate: no word, or only words every language keeps.
    expect(problems.inEnglish).not.toContain('devices.filterCount');
    expect(problems.inEnglish).not.toContain('schedule.plusMinutes');
  });

  it('let a form for one number only say it in words, and no other form drop the count', () => {
    const english = SENTENCES[SOURCE_LOCALE];
    const arabic = {
      ...english,
      accesses: {
        ...english.accesses,
        endAllEnded_zero: 'لم تُنهَ أي صلاحية.',
        endAllEnded_two: 'أُنهيت صلاحيتان.',
        endAllEnded_few: 'أُنهيت صلاحيات.',
      },
    };
    expect(problemsOf('ar', arabic).placeholders).toEqual([
      { key: 'accesses.endAllEnded_few', ar: [], en: ['{{count}}'] },
    ]);
    // French's one is 0 and 1: its sentence must show which.
    const french = {
      ...english,
      accesses: { ...english.accesses, endAllEnded_one: 'Un accès terminé.' },
    };
    expect(problemsOf('fr', french).placeholders).toEqual([
      { key: 'accesses.endAllEnded_one', fr: [], en: ['{{count}}'] },
    ]);
  });

  it('find a plural form a language does not use, and both kinds of placeholder', () => {
    // German counts in one and other only: a many form would never be shown.
    const english = SENTENCES[SOURCE_LOCALE];
    const german = {
      ...english,
      accesses: { ...english.accesses, endAllEnded_many: '{{count}} Zugänge beendet.' },
    };
    expect(problemsOf('de', german).unexpected).toEqual(['accesses.endAllEnded_many']);
    expect(placeholders('{{device}} and $t(tray.quit), {{ count }}')).toEqual([
      '{{device}}',
      '$t(tray.quit)',
      '{{ count }}',
    ]);
  });

  it('keep only the words some language really shares with English', () => {
    const kept = LOCALES.filter((code) => code !== SOURCE_LOCALE).flatMap((code) =>
      [...sentences(SENTENCES[code])]
        .filter(([key, text]) => text === englishOf(key))
        .flatMap(([, text]) => text.match(/\p{L}+/gu) ?? []),
    );
    for (const word of SAME_IN_EVERY_LANGUAGE) expect(kept, word).toContain(word);
  });
});
