import type { PolicyReport } from './policySources';

/**
 * Settings' "Set by your school", as a browser's policy page: each policy in force (its value,
 * never a secret; locked or a default; from which source) and each entry ignored with why, as
 * the last read of the school's policy found them.
 */
export type SchoolPolicyView = PolicyReport;
