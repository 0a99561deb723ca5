/**
 * Input a renderer sent that the core refuses. Hosts turn it into a 422 (preview) or a rejected
 * IPC call; its message is a sentence for the teacher and never quotes a secret.
 */
import type { z } from 'zod';
import type { Refusal } from '../../src-shared/refusal';
import { describeIssues } from '../contract/zodIssues';
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
