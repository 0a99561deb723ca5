import { describe, expect, it } from 'vitest';
import { localeOf } from '../../src-shared/locale';

describe('localeOf', () => {
  it('follows the system for "system": Spanish in any region, English for anything else', () => {
    expect(localeOf('system', 'es-ES')).toBe('es');
    expect(localeOf('system', 'ES-mx')).toBe('es');
    expect(localeOf('system', 'de-DE')).toBe('en');
    expect(localeOf('system', '')).toBe('en');
  });

  it('keeps a chosen language whatever the system speaks', () => {
    expect(localeOf('en', 'es-MX')).toBe('en');
    expect(localeOf('es', 'en-US')).toBe('es');
  });
});
