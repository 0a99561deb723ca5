/**
 * A clock that ran ahead and was set right (issue 55): the times it wrote never decide retention
 * nor say "since" a time to come. The availability history takes them as the time it reads them;
 * a student name typed on a day to come is forgotten by the day of the check that finds it.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { silentLogger } from '../../src-main/core/logger';
import {
  AVAILABILITY_FILE,
  Availability,
  FORGET_AFTER_MS,
} from '../../src-main/core/readiness/availability';
import { PLAIN_TEXT, StudentNames } from '../../src-main/core/students/studentNames';
import { tempDir } from '../support/tempDir';

const DAY = 24 * 3_600_000;
/** 08:05 in Berlin. */
const T = Date.parse('2026-03-02T07:05:00.000Z');
const AHEAD = T + 30 * DAY;

describe('the availability history after a clock 30 days ahead', () => {
  it('says offline since no later than the reading, and forgets the device 30 days after it', async () => {
    const dataDir = await tempDir('classtray-ahead');
    const ahead = new Availability(dataDir, silentLogger, () => AHEAD);
    await ahead.load();
    ahead.saw('demo', [{ remoteId: 'a', online: false }], AHEAD);
    await ahead.close();

    let now = T;
    const corrected = new Availability(dataDir, silentLogger, () => now);
    await corrected.load();
    expect(corrected.of('demo', 'a')?.offlineSince).toBe(new Date(T).toISOString());
    await corrected.close();
    // The file says so too, so a later start does not read the time to come again.
    expect(await readFile(path.join(dataDir, AVAILABILITY_FILE), 'utf8')).not.toContain(
      new Date(AHEAD).toISOString(),
    );

    now = T + FORGET_AFTER_MS + 1;
    const later = new Availability(dataDir, silentLogger, () => now);
    await later.load();
    expect(later.of('demo', 'a')).toBeUndefined();
  });

  it('a look at the right time after one ahead says offline since that look', async () => {
    const dataDir = await tempDir('classtray-ahead-look');
    let now = AHEAD;
    const history = new Availability(dataDir, silentLogger, () => now);
    history.saw('demo', [{ remoteId: 'a', online: true }], now);
    now = T;
    history.saw('demo', [{ remoteId: 'a', online: false }], now);
    expect(history.of('demo', 'a')).toMatchObject({ onlineAt: new Date(T).toISOString() });
    expect(Date.parse(history.of('demo', 'a')?.offlineSince ?? '')).toBeLessThanOrEqual(T);
    await history.close();
  });
});

describe('a student name typed while the clock was 30 days ahead', () => {
  it('is forgotten by the day of the check that found it, not 30 days later', async () => {
    const dataDir = await tempDir('classtray-ahead-names');
    let now = AHEAD;
    const options = {
      dataDir,
      cipher: PLAIN_TEXT,
      log: silentLogger,
      clock: () => now,
      zone: () => 'Europe/Berlin',
      rules: () => ({ names: 'full' as const, retentionHours: 0 }),
    };
    const names = new StudentNames(options);
    await names.load();
    names.keep('3f2c1a4e-8b7d-4c6e-9a1b-2d3e4f5a6b7c', 'Ana Lima', now);
    await names.close();

    // Set right; ClassTray starts again that morning: the name stays for today.
    now = T;
    const restarted = new StudentNames(options);
    await restarted.load();
    expect(restarted.all().map((name) => name.name)).toEqual(['Ana Lima']);
    // 18:00 in Berlin that day, with no retention hours.
    expect(restarted.nextForgetAt()).toBe(Date.parse('2026-03-02T17:00:00.000Z'));

    // The next morning it is gone, and so is the file's copy.
    now = T + DAY;
    expect(restarted.tidy()).toBe(true);
    expect(restarted.all()).toEqual([]);
    await restarted.close();
    const file = path.join(dataDir, 'students.json');
    await expect(readFile(file, 'utf8')).rejects.toThrow('ENOENT');
  });
});
