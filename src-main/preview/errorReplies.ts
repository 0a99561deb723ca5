/**
 * What the preview answers when the core refuses or fails: a status and one sentence. Only
 * messages written to be shown travel (input rules, the service's redacted problems); anything
 * unexpected becomes a generic sentence, so no secret in an error's text reaches a page.
 */
import { z } from 'zod';
import { ServiceError } from '../core/serviceErrors';
import { SettingsValidationError } from '../core/settings';
import { VaultError } from '../core/vault';

export interface ErrorStatus {
  status: number;
  error: string;
  /** Not an answer to bad input: the host should log it. */
  unexpected?: true;
}

export function describeFailure(error: unknown): ErrorStatus {
  if (error instanceof z.core.$ZodError) return { status: 422, error: describeInvalidInput(error) };
  if (error instanceof SettingsValidationError || error instanceof VaultError) {
    return { status: 422, error: sentence(error.message) };
  }
  if (error instanceof ServiceError) return { status: 502, error: sentence(error.message) };
  return {
    status: 500,
    error: 'ClassTray failed unexpectedly; the terminal running the preview shows why.',
    unexpected: true,
  };
}

/** "The input is not valid: id: Too small: expected string to have >=1 characters." */
function describeInvalidInput(error: z.core.$ZodError): string {
  const [first] = error.issues;
  if (first === undefined) return 'The input is not valid.';
  const where = first.path.map(String).join('.');
  return sentence(`The input is not valid: ${where ? `${where}: ` : ''}${first.message}`);
}

function sentence(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}
