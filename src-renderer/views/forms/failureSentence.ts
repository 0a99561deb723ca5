import type { TFunction } from 'i18next';
import type { FailureShown, RefusalCode } from '../../../src-shared/refusal';

/** i18next's types want, for a union of keys, every key's values at once, and all as strings. */
type RefusalT = (key: `refusals.${RefusalCode}`, values: object) => string;

/**
 * The one way the window words a failure: a refusal it knows in the window's language, anything
 * else as the host's sentence.
 */
export function failureSentence(t: TFunction, { message, refusal }: FailureShown): string {
  if (refusal === undefined) return message;
  return (t as RefusalT)(`refusals.${refusal.code}`, refusal.values);
}
