/**
 * The shape every language's sentences fill in, taken from English (en.ts): the same keys, any
 * text. A counted sentence (`ended_one`, `ended_other`) is written in the plural forms its
 * language has, not English's: the type asks for `_other`, allows every CLDR form, and
 * test/shared/i18n.test.ts checks that each language has exactly the forms Intl.PluralRules
 * names for it. A language under way (languages.ts) fills in only part of it: PartialMessages.
 */
import type { en } from './en';

/** CLDR's plural categories, as i18next suffixes a counted key with them. */
export const PLURAL_FORMS = ['zero', 'one', 'two', 'few', 'many', 'other'] as const;
export type PluralForm = (typeof PLURAL_FORMS)[number];

/** `ended` for `ended_one`; never for a key that is not a plural form. */
type CountedBase<K> = K extends `${infer Base}_${PluralForm}` ? Base : never;

type Sentences<T> = {
  readonly [K in keyof T as K extends `${string}_${PluralForm}` ? never : K]: T[K] extends string
    ? string
    : Sentences<T[K]>;
} & { readonly [K in keyof T as `${CountedBase<K>}_other`]: string } & {
  readonly [K in keyof T as `${CountedBase<K>}_${Exclude<PluralForm, 'other'>}`]?: string;
};

export type Messages = Sentences<typeof en>;

/** A language under way: any part of the sentences; each one it lacks is shown in English. */
export type PartialMessages = Partly<Messages>;

type Partly<T> = { readonly [K in keyof T]?: T[K] extends string ? string : Partly<T[K]> };
