/**
 * The one error policy of the main side. An error whose message was written for the teacher
 * (a refused input, a setting out of range, the service's redacted problem) extends
 * TeacherFacingError and may reach a window as it is; anything else is a bug: it is logged with
 * its stack and the window gets a generic sentence, since nobody checked its text for secrets.
 */
import type { FailureShown, Refusal } from '../../../src-shared/refusal';
import { refusal } from '../../../src-shared/refusal';
import type { Logger } from '../logger';

export class TeacherFacingError extends Error {
  /** The service failed (502 in the preview), rather than the request being refused (422). */
  readonly fromService: boolean = false;
  /** A refusal the window translates (see src-shared/refusal.ts). */
  readonly refusal?: Refusal | undefined;
}

/** What a window may learn of a failure. */
export interface ShownFailure extends FailureShown {
  /** refused: bad input or a refusal of the host; service: the service failed; internal: a bug. */
  kind: 'refused' | 'service' | 'internal';
}

/**
 * Maps any error to what a window may show; logs anything not written for the teacher, with its
 * stack. `internalMessage` is the host's generic sentence (it says where the log is).
 */
export function shownFailure(
  error: unknown,
  options: { log: Logger; context: string; internalMessage: string },
): ShownFailure {
  if (error instanceof TeacherFacingError) {
    return {
      kind: error.fromService ? 'service' : 'refused',
      message: sentence(error.message),
      refusal: error.refusal,
    };
  }
  options.log.error(`${options.context} failed unexpectedly`, error);
  return {
    kind: 'internal',
    message: options.internalMessage,
    refusal: refusal('classTrayFailed', {}),
  };
}

function sentence(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}
