/**
 * The same expansion in processes whose own zone is Madrid, Adelaide or UTC (TZ set per process:
 * vitest's workers share one), reading the machine zone as the tray app does: the lessons'
 * instants must not depend on it, and floating times must follow it.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const script = new URL('expandFixtures.ts', import.meta.url).pathname;

async function expandUnder(tz: string) {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', script], {
    env: { ...process.env, TZ: tz },
  });
  return JSON.parse(stdout) as {
    machineZone: string;
    expanded: Record<string, { title: string; start: number; allDay: boolean }[]>;
  };
}

describe('expansion under TZ', () => {
  it('gives the same lessons under TZ=Europe/Madrid, TZ=Australia/Adelaide and TZ=UTC', async () => {
    const [madrid, adelaide, utc] = await Promise.all(
      ['Europe/Madrid', 'Australia/Adelaide', 'UTC'].map(expandUnder),
    );
    expect(madrid?.machineZone).toBe('Europe/Madrid');
    expect(adelaide?.machineZone).toBe('Australia/Adelaide');
    const timed = (result: typeof madrid) =>
      Object.values(result?.expanded ?? {})
        .flat()
        .filter((event) => !event.allDay);
    expect(timed(madrid).length).toBeGreaterThan(40);
    expect(timed(adelaide)).toEqual(timed(madrid));
    expect(timed(utc)).toEqual(timed(madrid));
    // The all-day holiday starts at the machine's midnight.
    const holiday = (result: typeof madrid) =>
      result?.expanded['outlook']?.find((event) => event.allDay)?.start;
    expect(new Date(holiday(madrid) ?? 0).toISOString()).toBe('2026-12-07T23:00:00.000Z');
    expect(new Date(holiday(adelaide) ?? 0).toISOString()).toBe('2026-12-07T13:30:00.000Z');
  });
});
