import { describe, expect, it } from 'vitest';
import { LANGUAGE_NAMES, LOCALES, localeOf } from '../../src-shared/locale';

describe('localeOf', () => {
  it('follows the system for "system": Spanish in any region, English for anything else', () => {
    expect(localeOf('system', 'es-ES')).toBe('es');
    expect(localeOf('system', 'ES-mx')).toBe('es');
    expect(localeOf('system', 'de-DE')).toBe('en');
    expect(localeOf('system', '')).toBe('en');
  });

  it('speaks every language it names, and only those', () => {
    expect(LOCALES).toEqual(['en', 'es']);
    expect(Object.keys(LANGUAGE_NAMES).sort()).toEqual([...LOCALES].sort());
    for (const locale of LOCALES) expect(localeOf('system', `${locale}-XX`)).toBe(locale);
  });

  it('keeps a chosen language whatever the system speaks', () => {
    expect(localeOf('en', 'es-MX')).toBe('en');
    expect(localeOf('es', 'en-US')).toBe('es');
  });
});
