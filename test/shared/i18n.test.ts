import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CATALOGUES, resources, SENTENCES } from '../../src-shared/i18n';
import { englishSentence } from '../../src-shared/i18n/en';
import type { SentenceKey } from '../../src-shared/i18n/messages';
import { LOCALES, SOURCE_LOCALE, SPOKEN_LANGUAGES, stateOf } from '../../src-shared/i18n/languages';
import {
  checkLanguage,
  english,
  counted,
  placeholders,
  problemsOf,
  SAME_IN_EVERY_LANGUAGE,
  sentences,
  englishOf,
  type Tree,
} from '../support/languageChecks';

const languages = LOCALES.map((code) => [code, CATALOGUES[code] as Tree] as const);

describe.each(languages)('the sentences in %s', (code, tree) => {
  checkLanguage(code, tree, SPOKEN_LANGUAGES[code], stateOf(code));

  it('are the resources the window and the tray load', () => {
    expect(resources[code].translation).toBe(CATALOGUES[code]);
  });

  // A row's "Not ended" is named by the whole sentence: its visible words must be in that name.
  it("begin a failed end's sentence with the row's short word for it", () => {
    const { notEnded, notEndedShort } = SENTENCES[code].accesses.state;
    expect(notEnded.startsWith(notEndedShort), `${notEnded} / ${notEndedShort}`).toBe(true);
  });
});

describe("English's sentence by key", () => {
  it('is what a test finds a control by, placeholders as written', () => {
    expect(englishSentence('header.refresh')).toBe(SENTENCES.en.header.refresh);
    expect(englishSentence('tray.andMore_other')).toBe('and {{count}} more');
    expect(() => englishSentence('header' as SentenceKey)).toThrow('English has no sentence');
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

describe('every i18next instance', () => {
  const root = path.join(import.meta.dirname, '..', '..');
  /** Each file that starts an instance of i18next: the window's, main's, a test's. */
  const starters = ['src-main', 'src-renderer', 'src-shared', 'test', 'packaging']
    .flatMap((folder) =>
      fs
        .readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' })
        .filter((name) => /\.tsx?$/.test(name) && !name.includes('node_modules'))
        .map((name) => path.join(folder, name)),
    )
    .filter((file) =>
      /i18next\.(createInstance|init)\(/.test(fs.readFileSync(path.join(root, file), 'utf8')),
    );

  it('is found: the window, main and the tests start their own', () => {
    expect(starters).toEqual(
      expect.arrayContaining([
        path.join('src-renderer', 'i18n', 'index.ts'),
        path.join('src-main', 'electron', 'mainSentences.ts'),
      ]),
    );
  });

  // A language under way lacks sentences: without a fallback, i18next shows their keys.
  it.each(starters)('in %s shows English for each sentence a language lacks', (file) => {
    expect(fs.readFileSync(path.join(root, file), 'utf8')).toMatch(/fallbackLng: SOURCE_LOCALE/);
  });
});
