// @vitest-environment happy-dom
/**
 * The language a window asks for first (src-renderer/i18n/early.ts): the one it last showed,
 * kept in its own storage, else the system's; anything else kept there is not a language.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { likelyLocale, rememberLocale } from '../../src-renderer/i18n/lastShown';

const system = (language: string) =>
  Object.defineProperty(navigator, 'language', { configurable: true, value: language });

afterEach(() => localStorage.clear());

describe("the window's likely language", () => {
  it("is the system's on a first start", () => {
    system('de-AT');
    expect(likelyLocale()).toBe('de');
  });

  it('is the one the window last showed, once shown', () => {
    system('de-AT');
    rememberLocale('ar');
    expect(likelyLocale()).toBe('ar');
  });

  it("is the system's when what is kept is no language", () => {
    system('fr-FR');
    localStorage.setItem('classtray.language', 'xx');
    expect(likelyLocale()).toBe('fr');
  });
});
