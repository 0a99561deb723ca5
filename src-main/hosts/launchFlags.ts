/**
 * The tray app's launch flags, `--service-url URL` and `--classroom ID` (also `--flag=value`),
 * read from a command line that carries Electron's and Chromium's own switches too. They mean
 * what the preview's do: the account of this run, saved once the service confirms it.
 */
import type { z } from 'zod';
import { issueProblems } from '../contract/zodIssues';
import { ApiInputError } from '../core/api/apiInput';
import type { ClassTrayOptions } from '../core/classTray';
import { api } from '../core/api/classTrayApi';

export type LaunchFlags = Pick<ClassTrayOptions, 'launchServiceUrl' | 'launchClassroom'>;

/** Throws ApiInputError, with one sentence naming the flag, for a missing or invalid value. */
export function launchFlags(argv: readonly string[]): LaunchFlags {
  const flags: LaunchFlags = {};
  const serviceUrl = flagValue(argv, '--service-url');
  if (serviceUrl !== undefined) {
    flags.launchServiceUrl = checked(
      api.connectService.input.shape.serviceUrl,
      serviceUrl,
      '--service-url',
    );
  }
  const classroom = flagValue(argv, '--classroom');
  if (classroom !== undefined) {
    flags.launchClassroom = checked(api.selectClassroom.input.shape.id, classroom, '--classroom');
  }
  return flags;
}

/** The last value given, as with most command-line tools. */
function flagValue(argv: readonly string[], flag: string): string | undefined {
  let found: string | undefined;
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index] ?? '';
    if (arg.startsWith(`${flag}=`)) found = arg.slice(flag.length + 1);
    else if (arg === flag) {
      const next = argv[index + 1];
      if (next === undefined || next.startsWith('--')) {
        throw new ApiInputError(`${flag} needs a value.`);
      }
      found = next;
      index += 1;
    }
  }
  return found;
}

function checked(schema: z.ZodType<string>, value: string, flag: string): string {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const message = issueProblems(parsed.error.issues)[0]?.message ?? 'not valid';
  throw new ApiInputError(`${flag}: ${message.replace(/[.!?]?$/, '.')}`);
}
