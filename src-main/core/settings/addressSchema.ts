/**
 * The address rule (src-shared/addressRule.ts) as a zod schema, for the settings and the policy
 * table: its message is the refusal's English sentence, never the address.
 */
import { z } from 'zod';
import type { AddressRuleOptions } from '../../../src-shared/addressRule';
import { addressProblem } from '../../../src-shared/addressRule';
import { en } from '../../../src-shared/i18n/en';

export const addressSchema = (options: AddressRuleOptions) =>
  z.string().superRefine((address, context) => {
    const problem = addressProblem(address, options);
    if (problem === undefined) return;
    // The code rides along, so a policy page can say the rule in the teacher's language.
    context.addIssue({
      code: 'custom',
      message: en.refusals[problem],
      params: { addressProblem: problem },
    });
  });
