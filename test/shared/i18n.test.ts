import { describe, expect, it } from 'vitest';
import { resources } from '../../src-shared/i18n';
import { en } from '../../src-shared/i18n/en';
import { LOCALES } from '../../src-shared/locale';

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

const languages: Record<string, Tree> = Object.fromEntries(
  Object.entries(resources).map(([locale, { translation }]) => [locale, translation]),
);

describe('i18n resources', () => {
  const reference = sentences(en);

  it.each(Object.keys(languages))('%s has exactly the English keys, window and tray', (name) => {
    const keys = [...sentences(languages[name] as Tree).keys()].sort();
    expect(keys).toEqual([...reference.keys()].sort());
    expect(keys.filter((key) => key.startsWith('tray.')).length).toBeGreaterThan(0);
  });

  it.each(Object.keys(languages))('%s uses the same placeholders as English', (name) => {
    const texts = sentences(languages[name] as Tree);
    for (const [key, english] of reference) {
      const text = texts.get(key) ?? '';
      expect({ key, placeholders: placeholders(text).sort() }).toEqual({
        key,
        placeholders: placeholders(english).sort(),
      });
    }
  });

  it.each(Object.keys(languages))('%s leaves no sentence empty', (name) => {
    const empty = [...sentences(languages[name] as Tree)].filter(([, text]) => text.trim() === '');
    expect(empty).toEqual([]);
  });

  /** Names and words Spanish shares with English; anything else equal is an untranslated copy. */
  const SAME_IN_SPANISH = [
    'header.title',
    'accesses.token',
    'settings.general',
    'devices.filterCount',
    'accesses.endAllNotEnded',
    // "+5 min": the abbreviation is the same word in both.
    'schedule.plusMinutes',
  ];

  it('has every Spanish sentence translated, not copied from English', () => {
    const spanish = sentences(languages.es as Tree);
    const copied = [...reference]
      .filter(([key, english]) => spanish.get(key) === english)
      .map(([key]) => key);
    expect(copied.sort()).toEqual([...SAME_IN_SPANISH].sort());
  });

  it('has sentences for every language the settings offer', () => {
    expect(Object.keys(languages).sort()).toEqual([...LOCALES].sort());
  });

  it('finds both kinds of placeholder (the checks above are not vacuous)', () => {
    expect(placeholders('{{device}} and $t(tray.quit), {{ count }}')).toEqual([
      '{{device}}',
      '$t(tray.quit)',
      '{{ count }}',
    ]);
  });
});
