/** A Logger that keeps what it is told, for tests that check what was logged. */
import type { Logger } from '../../src-main/core/logger';
import { createLogger } from '../../src-main/core/logger';

export interface RecordingLogger {
  log: Logger;
  /** Every line, info, warnings and errors, in order (an error's line ends with its stack). */
  lines: string[];
  /** The lines written as errors. */
  errors: string[];
}

export function recordingLogger(): RecordingLogger {
  const lines: string[] = [];
  const errors: string[] = [];
  const log = createLogger({
    info: (line) => lines.push(line),
    warn: (line) => lines.push(line),
    error: (line) => {
      lines.push(line);
      errors.push(line);
    },
  });
  return { log, lines, errors };
}
