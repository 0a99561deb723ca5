/**
 * The shape every language's sentences fill in, taken from English (locales/en/translation.json,
 * read by the compiler through resolveJsonModule): the same keys, any text. A counted sentence
 * (`ended_one`, `ended_other`) is written in the plural forms its language has, not English's:
 * the type asks for `_other`, allows every CLDR form, and test/shared/i18n.test.ts checks that
 * each language has exactly the forms Intl.PluralRules names for it. Any language may lack
 * sentences (English shows for each one): PartialMessages.
 */
import type english from './locales/en/translation.json';
import type { PluralForm } from './sentenceKeys';

export { PLURAL_FORMS, type PluralForm } from './sentenceKeys';

/** `ended` for `ended_one`; never for a key that is not a plural form. */
type CountedBase<K> = K extends `${infer Base}_${PluralForm}` ? Base : never;

type Sentences<T> = {
  readonly [K in keyof T as K extends `${string}_${PluralForm}` ? never : K]: T[K] extends string
    ? string
    : Sentences<T[K]>;
} & { readonly [K in keyof T as `${CountedBase<K>}_other`]: string } & {
  readonly [K in keyof T as `${CountedBase<K>}_${Exclude<PluralForm, 'other'>}`]?: string;
};

export type Messages = Sentences<typeof english>;

/** A language's catalogue: any part of the sentences; each one it lacks is shown in English. */
export type PartialMessages = Partly<Messages>;

type Partly<T> = { readonly [K in keyof T]?: T[K] extends string ? string : Partly<T[K]> };

/** A sentence's dotted key, as t() takes it: `header.refresh`, `tray.andMore_one`. */
export type SentenceKey = DottedKeys<typeof english>;

type DottedKeys<T> = {
  [K in keyof T & string]: T[K] extends string ? K : `${K}.${DottedKeys<T[K]>}`;
}[keyof T & string];
