/**
 * The sentences of a catalogue by their dotted keys, and which of English's a language lacks,
 * counted sentences in the language's own plural forms (CLDR, as i18next v4 suffixes them:
 * Polish `_one`, `_few`, `_many`, `_other`). No sentences here: the window imports it to list
 * what a language under way shows in English.
 */
export type Tree = { readonly [key: string]: string | Tree };

/** CLDR's plural categories, as i18next suffixes a counted key with them. */
export const PLURAL_FORMS = ['zero', 'one', 'two', 'few', 'many', 'other'] as const;
export type PluralForm = (typeof PLURAL_FORMS)[number];

export const PLURAL_KEY = new RegExp(`^(.+)_(${PLURAL_FORMS.join('|')})$`);

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

/** The counted sentences (`accesses.endAllEnded`), as English writes them (`_one`, `_other`). */
export const countedIn = (english: ReadonlyMap<string, string>): Set<string> =>
  new Set([...english.keys()].flatMap((key) => PLURAL_KEY.exec(key)?.[1] ?? []));

/** Every key a language must have: English's, with each counted one in the language's forms. */
export function keysFor(code: string, english: ReadonlyMap<string, string>): string[] {
  const counted = countedIn(english);
  const forms = new Intl.PluralRules(code).resolvedOptions().pluralCategories;
  return [
    ...[...english.keys()].filter((key) => !counted.has(PLURAL_KEY.exec(key)?.[1] ?? '')),
    ...[...counted].flatMap((base) => forms.map((form) => `${base}_${form}`)),
  ];
}

/** The English a key translates: its own, or English's `_other` for a form English lacks. */
export function englishOf(key: string, english: ReadonlyMap<string, string>): string | undefined {
  const base = PLURAL_KEY.exec(key)?.[1];
  return english.get(key) ?? (base === undefined ? undefined : english.get(`${base}_other`));
}

/** The keys a language's catalogue lacks, in English's order. */
export function missingKeys(code: string, own: Tree, english: Tree): string[] {
  const present = sentences(own);
  return keysFor(code, sentences(english)).filter((key) => !present.has(key));
}
