/**
 * Whether a plural form stands for one whole number only in a language (Arabic's zero, one and
 * two; English's one, but not French's, which is 0 and 1): its sentence may say the number in
 * words ("صلاحيتان", two accesses) instead of showing `{{count}}`.
 */
export function namesOneNumber(code: string, form: string): boolean {
  const rules = new Intl.PluralRules(code);
  let numbers = 0;
  for (let n = 0; n <= 1000 && numbers < 2; n++) if (rules.select(n) === form) numbers++;
  return numbers === 1;
}
