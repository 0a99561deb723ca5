/**
 * What ClassTray writes in its data folder is listed in one place in code, docs/privacy.md's table
 * says the same, and what it set aside is removed a week later (issue 55).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  DATA_FOLDER_FILES,
  SET_ASIDE_FILES,
  purgeSetAsideDaily,
  removeOldSetAside,
} from '../../src-main/dataFolder/dataFiles';
import { manualTimers } from '../support/manualTimers';
import { tempDir } from '../support/tempDir';

const DAY = 24 * 3_600_000;
const NOW = Date.parse('2026-03-10T07:00:00.000Z');
const isoStamp = (at: number) => new Date(at).toISOString().replaceAll(':', '-');

describe('the files ClassTray writes', () => {
  it('are the ones docs/privacy.md lists, set-aside copies and temporary files included', () => {
    const doc = fs.readFileSync(
      path.join(import.meta.dirname, '..', '..', 'docs', 'privacy.md'),
      'utf8',
    );
    const section = doc.slice(
      doc.indexOf('## The files ClassTray writes'),
      doc.indexOf('## Student names'),
    );
    const listed = section
      .split('\n')
      .filter((line) => line.startsWith('| `'))
      .flatMap((line) => [...(line.split('|')[1] ?? '').matchAll(/`([^`]+)`/g)].map((m) => m[1]));
    expect(listed.toSorted()).toEqual(
      [...DATA_FOLDER_FILES, ...SET_ASIDE_FILES.map(({ shown }) => shown)].toSorted(),
    );
  });
});

describe('what was set aside', () => {
  it('is removed 7 days after it was made, by the time in its name or else its own', async () => {
    const folder = await tempDir('classtray-set-aside');
    const make = (name: string, modifiedAt = NOW) => {
      fs.writeFileSync(path.join(folder, name), 'x');
      fs.utimesSync(path.join(folder, name), modifiedAt / 1000, modifiedAt / 1000);
    };
    // Old enough: by the name's time (a rename keeps the file's own time, so that is not used).
    make(`settings.json.corrupt-${isoStamp(NOW - 8 * DAY)}`);
    make(`availability.json.unreadable-${String(NOW - 8 * DAY)}`);
    make(`settings.json.other-user-${String(NOW - 7 * DAY - 1)}`);
    make('seat-plans.json.3fa9c2.tmp', NOW - 8 * DAY);
    make('classtray.lock.3fa9c2.stale', NOW - 8 * DAY);
    // A clock that ran ahead stamped it: its file's own time counts.
    make(`classroom-cache.json.corrupt-${isoStamp(NOW + 30 * DAY)}`, NOW - 8 * DAY);
    // Kept.
    make(`seat-plans.json.corrupt-${isoStamp(NOW - 6 * DAY)}`, NOW - 100 * DAY);
    make(`availability.json.unreadable-${String(NOW + 30 * DAY)}`);
    make('students.json.a1b2c3.tmp');
    make('settings.json', NOW - 100 * DAY);
    make('timetable.ics', NOW - 100 * DAY);

    const removed = removeOldSetAside(folder, NOW).map((file) => path.basename(file));
    expect(removed.toSorted()).toEqual(
      [
        `settings.json.corrupt-${isoStamp(NOW - 8 * DAY)}`,
        `availability.json.unreadable-${String(NOW - 8 * DAY)}`,
        `settings.json.other-user-${String(NOW - 7 * DAY - 1)}`,
        'seat-plans.json.3fa9c2.tmp',
        'classtray.lock.3fa9c2.stale',
        `classroom-cache.json.corrupt-${isoStamp(NOW + 30 * DAY)}`,
      ].toSorted(),
    );
    expect(fs.readdirSync(folder).toSorted()).toEqual(
      [
        `seat-plans.json.corrupt-${isoStamp(NOW - 6 * DAY)}`,
        `availability.json.unreadable-${String(NOW + 30 * DAY)}`,
        'students.json.a1b2c3.tmp',
        'settings.json',
        'timetable.ics',
      ].toSorted(),
    );
  });
});

describe('while ClassTray runs', () => {
  it('what was set aside is removed once a day, not only at start', async () => {
    const folder = await tempDir('classtray-set-aside-daily');
    const clock = manualTimers(NOW);
    const removed: string[] = [];
    const purge = purgeSetAsideDaily({
      folder,
      timers: clock.timers,
      clock: clock.timers.now,
      removed: (file) => removed.push(path.basename(file)),
    });
    purge.start();
    const aside = `seat-plans.json.corrupt-${isoStamp(NOW)}`;
    fs.writeFileSync(path.join(folder, aside), 'x');
    clock.advance(6 * DAY);
    expect(fs.readdirSync(folder)).toEqual([aside]);
    // The look on the 7th day finds it 7 days old.
    clock.advance(DAY);
    expect(removed).toEqual([aside]);
    expect(fs.readdirSync(folder)).toEqual([]);
    purge.stop();
    expect(clock.waits()).toEqual([]);
  });
});
