/**
 * The student names store as most tests keep it: in plain text, every full name kept with no
 * retention, days counted in Berlin, the clock still at `now`.
 */
import type { Logger } from '../../src-main/core/logger';
import { silentLogger } from '../../src-main/core/logger';
import { PLAIN_TEXT, StudentNames } from '../../src-main/core/students/studentNames';

export function studentNamesAt(
  dataDir: string,
  now: number,
  log: Logger = silentLogger,
): StudentNames {
  return new StudentNames({
    dataDir,
    cipher: PLAIN_TEXT,
    log,
    clock: () => now,
    zone: () => 'Europe/Berlin',
    rules: () => ({ names: 'full', retentionHours: 0 }),
  });
}
