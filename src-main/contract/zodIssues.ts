/**
 * The one reading of zod's issues into words, for every place that refuses a value (a service
 * response, a renderer's input, a settings file, a command line, a request to the local service).
 * zod's messages state the rule, never the value, so nothing that was sent is echoed back.
 */
import type { z } from 'zod';

export interface IssueProblem {
  /** Where, as `data[3].has_2fa`; empty for the value as a whole. */
  field: string;
  path: readonly PropertyKey[];
  message: string;
}

/** Each issue with the field it is about; an unknown key is one problem of its own. */
export function issueProblems(
  issues: readonly z.core.$ZodIssue[],
  prefix: readonly PropertyKey[] = [],
): IssueProblem[] {
  return issues.flatMap((issue) => {
    const at = [...prefix, ...issue.path];
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({
        field: fieldOf([...at, key]),
        path: [...at, key],
        message: 'is not allowed',
      }));
    }
    return [
      { field: fieldOf(at), path: at, message: issue.message.replace(/^Invalid input: /, '') },
    ];
  });
}

/** "data[3].has_2fa: expected boolean, received string (and 2 more problems)". */
export function describeIssues(error: z.ZodError, whole: string): string {
  const [first, ...rest] = issueProblems(error.issues);
  if (first === undefined) return `the ${whole} is not valid`;
  const more = rest.length ? ` (and ${rest.length} more problem${rest.length > 1 ? 's' : ''})` : '';
  return `${first.field || whole}: ${first.message}${more}`;
}

function fieldOf(at: readonly PropertyKey[]): string {
  return at
    .map((key, i) => (typeof key === 'number' ? `[${key}]` : `${i === 0 ? '' : '.'}${String(key)}`))
    .join('');
}
