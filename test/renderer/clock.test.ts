import { afterEach, describe, expect, it } from 'vitest';
import { formatClock } from '../../src-renderer/views/clock';

const zone = process.env.TZ;
afterEach(() => {
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

describe('the window’s clock times', () => {
  it('follow the computer’s time zone when it changes while the window is open', () => {
    const instant = '2026-11-28T09:42:30.000Z';
    process.env.TZ = 'Europe/Madrid';
    expect(formatClock(instant, 'de')).toBe('10:42:30');
    process.env.TZ = 'America/New_York';
    expect(formatClock(instant, 'de')).toBe('04:42:30');
    process.env.TZ = 'Asia/Kolkata';
    expect(formatClock(instant, 'de')).toBe('15:12:30');
  });

  it('read the offset of the instant they show, across a change to summer time', () => {
    process.env.TZ = 'Europe/Berlin';
    // 29 March 2026: 02:00 CET became 03:00 CEST.
    expect(formatClock('2026-03-29T00:59:59.000Z', 'en')).toBe('01:59:59');
    expect(formatClock('2026-03-29T01:00:00.000Z', 'en')).toBe('03:00:00');
  });

  it('are written in the language’s digits', () => {
    process.env.TZ = 'UTC';
    expect(formatClock('2026-11-28T09:42:30.000Z', 'ar-EG')).toBe(
      new Date('2026-11-28T09:42:30.000Z').toLocaleTimeString('ar-EG', {
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        hourCycle: 'h23',
      }),
    );
  });
});
