/**
 * Every file ClassTray reads has a cap (issue 55): a 300 MB history, names file, seat plans,
 * settings, classroom cache, timetable copy, window size or policy defaults file is set aside (the
 * names deleted) without being read, logged, and ClassTray starts. The files are sparse: 300 MB
 * long, next to nothing on disk.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Availability, AVAILABILITY_FILE } from '../../src-main/core/readiness/availability';
import { ClassroomCache, CLASSROOM_CACHE_FILE } from '../../src-main/core/classroom/classroomCache';
import { SEAT_PLANS_FILE, SeatPlanFile } from '../../src-main/core/seatPlan/seatPlanFile';
import { openSettings } from '../../src-main/core/settings/settings';
import { STUDENTS_FILE } from '../../src-main/core/students/studentNames';
import { studentNamesAt } from '../support/studentNamesAt';
import { TimetableCopy } from '../../src-main/core/timetable/timetableCopy';
import { APPLIED_DEFAULTS_FILE, SchoolPolicy } from '../../src-main/core/policy/schoolPolicy';
import { savedWindowSize, WINDOW_SIZE } from '../../src-main/electron/window';
import { FILE_CAPS, readCapped } from '../../src-main/dataFolder/fileCaps';
import { MAX_FEED_BYTES } from '../../src-main/core/timetable/feed';
import { manualTimers } from '../support/manualTimers';
import { recordingLogger } from '../support/recordingLogger';
import { tempDir } from '../support/tempDir';

const MB_300 = 300 * 1000 * 1000;
const now = Date.parse('2026-03-02T07:05:00.000Z');

afterEach(() => {
  vi.restoreAllMocks();
});

/** A file of `size` bytes that starts as JSON would, the rest a hole. */
function sparse(file: string, size = MB_300): void {
  fs.writeFileSync(file, '{"version":1,"accounts":{', { mode: 0o600 });
  fs.truncateSync(file, size);
}

/** Every read of a file's bytes by the modules under test goes through these. */
function watchReads() {
  return {
    readSync: vi.spyOn(fs, 'readSync'),
    readFileSync: vi.spyOn(fs, 'readFileSync'),
    readFile: vi.spyOn(fs.promises, 'readFile'),
  };
}

/** The one entry besides `kept` in `dataDir`: what the file was set aside as. */
function setAside(dataDir: string, name: string): string[] {
  return fs.readdirSync(dataDir).filter((entry) => entry.startsWith(`${name}.`));
}

describe('a file over its cap', () => {
  it('is set aside unread for each of the history, seat plans, settings and classroom cache; the names are deleted', async () => {
    const dataDir = await tempDir('classtray-caps');
    for (const name of [
      AVAILABILITY_FILE,
      STUDENTS_FILE,
      SEAT_PLANS_FILE,
      'settings.json',
      CLASSROOM_CACHE_FILE,
    ]) {
      sparse(path.join(dataDir, name));
    }
    const { log, lines } = recordingLogger();
    const reads = watchReads();

    await new Availability(dataDir, log, () => now).load();
    const names = studentNamesAt(dataDir, now, log);
    await names.load();
    expect(await new SeatPlanFile(dataDir, log, () => now).read()).toEqual(new Map());
    const settings = openSettings({ dataDir, log, now: () => now });
    expect(settings.get().serviceUrl).toBeDefined();
    expect(
      await new ClassroomCache(dataDir, log, () => now).read('https://school.example', 'c-1'),
    ).toBeUndefined();

    // Not a byte of any of them was read.
    expect(reads.readSync).not.toHaveBeenCalled();
    expect(reads.readFile).not.toHaveBeenCalled();
    const bigOnes = reads.readFileSync.mock.calls.filter(([file]) =>
      String(file).startsWith(dataDir),
    );
    expect(bigOnes.filter(([file]) => !String(file).endsWith('settings.json'))).toEqual([]);

    for (const name of [
      AVAILABILITY_FILE,
      SEAT_PLANS_FILE,
      'settings.json',
      CLASSROOM_CACHE_FILE,
    ]) {
      const aside = setAside(dataDir, name);
      expect(aside, name).toHaveLength(1);
      expect(fs.statSync(path.join(dataDir, aside[0] ?? '')).size, name).toBe(MB_300);
    }
    // A copy of names must not outlive their retention: deleted, not set aside.
    expect(setAside(dataDir, STUDENTS_FILE)).toEqual([]);
    expect(fs.existsSync(path.join(dataDir, STUDENTS_FILE))).toBe(false);

    const overCap = lines.filter((line) => line.includes('286.1 MiB, over its cap of'));
    expect(overCap).toHaveLength(5);
    expect(lines).toContainEqual(
      expect.stringContaining(
        `The student names file ${path.join(dataDir, STUDENTS_FILE)} is 286.1 MiB, over its cap of 4 MiB: deleted unread`,
      ),
    );
  });

  it('is set aside unread for the timetable copy, the window size and the policy defaults applied', async () => {
    const dataDir = await tempDir('classtray-caps-small');
    const { log, lines } = recordingLogger();
    const reads = watchReads();
    const meta = JSON.stringify({ savedAt: new Date(now).toISOString() });

    // The calendar text, then its meta.
    fs.writeFileSync(path.join(dataDir, 'timetable.json'), meta);
    sparse(path.join(dataDir, 'timetable.ics'));
    expect(new TimetableCopy(dataDir, log, () => now).read()).toBeUndefined();
    sparse(path.join(dataDir, 'timetable.json'));
    expect(new TimetableCopy(dataDir, log, () => now).read()).toBeUndefined();

    sparse(path.join(dataDir, 'window-size.json'));
    expect(
      savedWindowSize(path.join(dataDir, 'window-size.json'), (line) => log.warn(line)),
    ).toEqual(WINDOW_SIZE);

    sparse(path.join(dataDir, APPLIED_DEFAULTS_FILE));
    const settings = openSettings({ dataDir, log, now: () => now });
    const policy = new SchoolPolicy({
      read: () => Promise.resolve({ locked: {}, defaults: { PollVisibleSeconds: 30 } }),
      settings,
      dataDir,
      timers: manualTimers(now).timers,
      clock: () => now,
      log,
      onChange: () => Promise.resolve(),
    });
    await policy.start();
    policy.stop();
    // The default was applied again and the file written afresh.
    expect(settings.get().poll.visibleSeconds).toBe(30);

    // What was read is the few small files written here, never one of the 300 MB.
    const asked = reads.readSync.mock.calls.reduce(
      (sum, [, buffer]) => sum + (buffer as Buffer).length,
      0,
    );
    expect(asked).toBeLessThan(FILE_CAPS.small);
    // The settings, written here, are read by their store as well.
    const others = reads.readFileSync.mock.calls.filter(
      ([file]) => String(file).startsWith(dataDir) && !String(file).endsWith('settings.json'),
    );
    expect(others).toEqual([]);
    for (const name of [
      'timetable.ics',
      'timetable.json',
      'window-size.json',
      APPLIED_DEFAULTS_FILE,
    ]) {
      // Stamped by the core's clock (the window's size is read before there is a core).
      const aside = setAside(dataDir, name);
      expect(aside, name).toEqual([expect.stringMatching(/\.too-large-\d+$/)]);
      if (name !== 'window-size.json') expect(aside).toEqual([`${name}.too-large-${String(now)}`]);
      expect(fs.statSync(path.join(dataDir, aside[0] ?? '')).size).toBe(MB_300);
    }
    expect(lines.filter((line) => line.includes('286.1 MiB, over its cap of'))).toHaveLength(4);
  });

  it('the timetable copy is capped as the feed and an imported file are', () => {
    expect(FILE_CAPS.timetable).toBe(MAX_FEED_BYTES);
  });

  it('at its cap is read, one byte more is not', async () => {
    const file = path.join(await tempDir('classtray-cap-edge'), 'x.json');
    fs.writeFileSync(file, 'x'.repeat(FILE_CAPS.policy));
    expect(readCapped(file, FILE_CAPS.policy)).toEqual({ text: 'x'.repeat(FILE_CAPS.policy) });
    fs.appendFileSync(file, 'y');
    expect(readCapped(file, FILE_CAPS.policy)).toEqual({ tooLarge: FILE_CAPS.policy + 1 });
  });
});
