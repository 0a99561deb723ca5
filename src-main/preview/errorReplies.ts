/**
 * What the preview answers when the core refuses or fails: a status and one sentence. Only
 * messages written to be shown travel (input refusals, the service's redacted problems); anything
 * unexpected becomes a generic sentence, so no secret in an error's text reaches a page.
 */
import { ApiInputError } from '../core/apiInput';
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
  if (
    error instanceof ApiInputError ||
    error instanceof SettingsValidationError ||
    error instanceof VaultError
  ) {
    return { status: 422, error: sentence(error.message) };
  }
  if (error instanceof ServiceError) return { status: 502, error: sentence(error.message) };
  return {
    status: 500,
    error: 'ClassTray failed unexpectedly; the terminal running the preview shows why.',
    unexpected: true,
  };
}

function sentence(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}
