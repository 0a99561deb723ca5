import { describe, expect, it } from 'vitest';
import {
  COMPLETE_LOCALES,
  LOCALES,
  SOURCE_LOCALE,
  UNDER_WAY_LOCALES,
} from '../../src-shared/i18n/languages';
import { LANGUAGES, localeOf } from '../../src-shared/locale';

describe('localeOf', () => {
  it.each(COMPLETE_LOCALES)('follows a system in %s, in any region and spelling', (code) => {
    for (const system of [code, `${code}-XX`, `${code}_XX`, `${code}-XX`.toUpperCase()]) {
      expect(localeOf('system', system), system).toBe(code);
    }
  });

  // test/renderer/languageUnderWay.test.tsx proves it on a language under way it pretends to speak.
  it('never follows a system into a language under way: English instead', () => {
    for (const code of UNDER_WAY_LOCALES) {
      for (const system of [code, `${code}-XX`, `${code}_XX`]) {
        expect(localeOf('system', system), system).toBe(SOURCE_LOCALE);
      }
    }
  });

  it('shows English for a system language it does not speak, or none', () => {
    expect(localeOf('system', 'zz-ZZ')).toBe(SOURCE_LOCALE);
    expect(localeOf('system', '')).toBe(SOURCE_LOCALE);
  });

  it.each(LOCALES)('matches %s by whole subtags, not by its first letters', (code) => {
    // `${code}q` is another language whose code merely starts the same ('ar' and 'arn').
    expect(localeOf('system', `${code}q-XX`)).toBe(SOURCE_LOCALE);
  });

  it.each(LOCALES)('keeps %s when chosen, whatever the system speaks', (code) => {
    for (const system of ['', 'zz-ZZ', ...LOCALES]) expect(localeOf(code, system)).toBe(code);
  });

  it('offers the system language first, then every language spoken, complete or under way', () => {
    expect(LANGUAGES).toEqual(['system', ...LOCALES]);
    expect([...COMPLETE_LOCALES, ...UNDER_WAY_LOCALES].sort()).toEqual([...LOCALES].sort());
    expect(COMPLETE_LOCALES).toContain(SOURCE_LOCALE);
  });
});
