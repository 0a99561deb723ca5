import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { forgetAt, STUDENTS_FILE } from '../../../src-main/core/students/studentNames';
import { studentNamesAt } from '../../support/studentNamesAt';
import { initialsOf, keptName } from '../../../src-shared/studentData';
import { tempDir } from '../../support/tempDir';

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

describe('the names file when ClassTray closes', () => {
  it('holds what was kept, and a name a late refresh brings after closing is not written', async () => {
    const dataDir = await tempDir();
    const names = studentNamesAt(dataDir, berlin('2026-03-02T07:05:00.000Z'));
    await names.load();
    names.keep(
      '3f2c1a4e-8b7d-4c6e-9a1b-2d3e4f5a6b7c',
      'Ana Lima',
      berlin('2026-03-02T07:05:00.000Z'),
    );
    await names.close();
    const file = path.join(dataDir, STUDENTS_FILE);
    const written = await readFile(file, 'utf8');
    expect(written).toContain('Ana Lima');
    names.keep(
      '9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a',
      'Ben Ode',
      berlin('2026-03-02T07:06:00.000Z'),
    );
    await names.flushed();
    expect(await readFile(file, 'utf8')).toBe(written);
  });
});
