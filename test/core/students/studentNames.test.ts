import { describe, expect, it } from 'vitest';
import { forgetAt } from '../../../src-main/core/students/studentNames';
import { initialsOf, keptName } from '../../../src-shared/studentData';

const HOUR = 3_600_000;
const berlin = (iso: string) => Date.parse(iso);

describe('when a name is forgotten', () => {
  it('at 18:00 local time on the day it was typed, plus the retention hours', () => {
    // 08:05 in Berlin (UTC+1 in winter).
    const typed = berlin('2026-03-02T07:05:00.000Z');
    expect(forgetAt(typed, 0, 'Europe/Berlin')).toBe(berlin('2026-03-02T17:00:00.000Z'));
    expect(forgetAt(typed, 1, 'Europe/Berlin')).toBe(berlin('2026-03-02T18:00:00.000Z'));
    expect(forgetAt(typed, 720, 'Europe/Berlin')).toBe(
      berlin('2026-03-02T17:00:00.000Z') + 720 * HOUR,
    );
  });

  it('at midnight for a name typed after 18:00, and in summer time as local time says', () => {
    expect(forgetAt(berlin('2026-03-02T18:30:00.000Z'), 0, 'Europe/Berlin')).toBe(
      berlin('2026-03-02T23:00:00.000Z'),
    );
    // 18:00 in Berlin in July is 16:00 UTC (UTC+2).
    expect(forgetAt(berlin('2026-07-01T06:00:00.000Z'), 0, 'Europe/Berlin')).toBe(
      berlin('2026-07-01T16:00:00.000Z'),
    );
    expect(forgetAt(berlin('2026-07-01T06:00:00.000Z'), 0, 'America/New_York')).toBe(
      berlin('2026-07-01T22:00:00.000Z'),
    );
  });
});

describe('what is kept of a typed name', () => {
  it('as typed, its initials, or nothing', () => {
    expect(keptName('  Anna-Lena van Berg ', 'full')).toBe('Anna-Lena van Berg');
    expect(keptName('Anna-Lena van Berg', 'initials')).toBe('A. v. B.');
    expect(initialsOf('Ωmega Łukasz')).toBe('Ω. Ł.');
    expect(keptName('Anna', 'off')).toBeNull();
    expect(keptName('   ', 'full')).toBeNull();
  });
});
