/**
 * Input a renderer sent that the core refuses. Hosts turn it into a 422 (preview) or a rejected
 * IPC call; its message is a sentence for the teacher and never quotes a secret.
 */
import type { z } from 'zod';
import { en } from '../../../src-shared/i18n/en';
import type { Refusal, RefusalCode, RefusalValues } from '../../../src-shared/refusal';
import { refusal } from '../../../src-shared/refusal';
import { describeIssues } from '../../contract/zodIssues';
import { TeacherFacingError } from './teacherFacing';

export class ApiInputError extends TeacherFacingError {
  override readonly name = 'ApiInputError';

  /** `refusal` lets a window say it in its language; the message stays for everything else. */
  constructor(
    message: string,
    override readonly refusal?: Refusal,
  ) {
    super(message);
  }
}

/**
 * A refusal the window words in its own language; its message is the English sentence of the
 * window's resources (en.ts `refusals`), so the two never drift apart.
 */
export function refused<Code extends RefusalCode>(
  code: Code,
  values: RefusalValues<Code>,
): ApiInputError {
  return new ApiInputError(englishRefusal(code, values), refusal(code, values));
}

/** A refusal's English sentence (en.ts `refusals`): the message of an error that carries it. */
export function englishRefusal<Code extends RefusalCode>(
  code: Code,
  values: RefusalValues<Code>,
): string {
  const named: Record<string, string | number> = values;
  return en.refusals[code].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(named[name]));
}

/** The input as the schema's output, or an ApiInputError naming the action and the field. */
export function parseInput<Schema extends z.ZodType>(
  action: string,
  schema: Schema,
  input: unknown,
): z.output<Schema> {
  const result = schema.safeParse(input);
  if (!result.success) {
    throw new ApiInputError(`${action}: ${describeIssues(result.error, 'input')}`);
  }
  return result.data;
}
