/** The availability history: what it claims, how it survives a restart, and a bad file. */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import {
  AVAILABILITY_FILE,
  Availability,
  FORGET_AFTER_MS,
  WRITE_EVERY_MS,
} from '../../../src-main/core/readiness/availability';
import { manualTimers } from '../../support/manualTimers';
import { silentLogger } from '../../../src-main/core/logger';
import { recordingLogger } from '../../support/recordingLogger';
import { tempDir } from '../../support/tempDir';

const T0 = Date.parse('2026-03-02T08:10:00.000Z');
const MIN = 60_000;
const iso = (at: number) => new Date(at).toISOString();

async function opened(dataDir: string, now: () => number) {
  const availability = new Availability(dataDir, silentLogger, now);
  await availability.load();
  // Its writes end before the folder goes.
  onTestFinished(() => availability.flushed());
  return availability;
}

describe('the availability history', () => {
  it('says "at least" for a device offline from the first look, and the time it went offline when it watched it go', async () => {
    const dir = await tempDir();
    let now = T0;
    const availability = await opened(dir, () => now);
    availability.saw(
      'demo',
      [
        { remoteId: 'a', online: false },
        { remoteId: 'b', online: true },
      ],
      now,
    );
    now += MIN;
    availability.saw(
      'demo',
      [
        { remoteId: 'a', online: false },
        { remoteId: 'b', online: false },
      ],
      now,
    );
    expect(availability.of('demo', 'a')).toEqual({
      onlineAt: null,
      offlineSince: iso(T0),
      atLeast: true,
    });
    expect(availability.of('demo', 'b')).toEqual({
      onlineAt: iso(T0),
      offlineSince: iso(T0 + MIN),
      atLeast: false,
    });
  });

  it('keeps "offline since" across a restart, and forgets it once the device is back', async () => {
    const dir = await tempDir();
    let now = T0;
    const first = await opened(dir, () => now);
    first.saw('https://remote.example.edu', [{ remoteId: 'a', online: true }], now);
    now += MIN;
    first.saw('https://remote.example.edu', [{ remoteId: 'a', online: false }], now);
    await first.flushed();

    now += 30 * MIN;
    const second = await opened(dir, () => now);
    expect(second.of('https://remote.example.edu', 'a')?.offlineSince).toBe(iso(T0 + MIN));
    second.saw('https://remote.example.edu', [{ remoteId: 'a', online: false }], now);
    expect(second.of('https://remote.example.edu', 'a')?.offlineSince).toBe(iso(T0 + MIN));
    now += MIN;
    second.saw('https://remote.example.edu', [{ remoteId: 'a', online: true }], now);
    expect(second.of('https://remote.example.edu', 'a')).toEqual({
      onlineAt: iso(now),
      offlineSince: null,
      atLeast: false,
    });
    // Another account's device of the same id is another device.
    expect(second.of('demo', 'a')).toBeUndefined();
  });

  it('claims no time it did not watch: back after a gap, a device offline is "at least"', async () => {
    const dir = await tempDir();
    let now = T0;
    const availability = await opened(dir, () => now);
    availability.saw('demo', [{ remoteId: 'a', online: true }], now);
    now += 2 * 60 * MIN;
    availability.saw('demo', [{ remoteId: 'a', online: false }], now);
    expect(availability.of('demo', 'a')).toMatchObject({ offlineSince: iso(now), atLeast: true });
  });

  it('shows the earlier time when the clock is set back', async () => {
    const dir = await tempDir();
    let now = T0;
    const availability = await opened(dir, () => now);
    availability.saw('demo', [{ remoteId: 'a', online: false }], now);
    now -= 45 * MIN;
    availability.saw('demo', [{ remoteId: 'a', online: false }], now);
    expect(availability.of('demo', 'a')?.offlineSince).toBe(iso(T0 - 45 * MIN));
    now = T0 + 10 * MIN;
    availability.saw('demo', [{ remoteId: 'a', online: false }], now);
    expect(availability.of('demo', 'a')?.offlineSince).toBe(iso(T0 - 45 * MIN));
  });

  it('is private, written whole, and forgets devices unseen for 30 days', async () => {
    const dir = await tempDir();
    let now = T0;
    const first = await opened(dir, () => now);
    first.saw('demo', [{ remoteId: 'old', online: false, page: 3 }], now);
    now += FORGET_AFTER_MS + MIN;
    first.saw('demo', [{ remoteId: 'new', online: true }], now);
    await first.flushed();
    const file = path.join(dir, AVAILABILITY_FILE);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await readdir(dir)).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    const kept = JSON.parse(await readFile(file, 'utf8')) as { accounts: { demo: object } };
    expect(Object.keys(kept.accounts.demo)).toEqual(['new']);
  });

  it('is written at most every 10 s with timers, and at once when flushed', async () => {
    const dir = await tempDir();
    const { timers, advance, waits } = manualTimers(T0);
    const availability = new Availability(dir, silentLogger, timers.now, timers);
    await availability.load();
    const kept = async () => {
      try {
        const text = await readFile(path.join(dir, AVAILABILITY_FILE), 'utf8');
        return Object.keys((JSON.parse(text) as { accounts: { demo: object } }).accounts.demo);
      } catch {
        return [];
      }
    };
    availability.saw('demo', [{ remoteId: 'a', online: false }], timers.now());
    await vi.waitFor(async () => expect(await kept()).toEqual(['a']));
    advance(2_000);
    availability.saw('demo', [{ remoteId: 'b', online: false }], timers.now());
    // Not before 10 s after the last write.
    expect(waits()).toEqual([WRITE_EVERY_MS - 2_000]);
    expect(await kept()).toEqual(['a']);
    advance(WRITE_EVERY_MS - 2_000);
    await vi.waitFor(async () => expect(await kept()).toEqual(['a', 'b']));
    availability.saw('demo', [{ remoteId: 'c', online: true }], timers.now());
    expect(waits()).toEqual([WRITE_EVERY_MS]);
    await availability.flushed();
    expect(await kept()).toEqual(['a', 'b', 'c']);
    expect(waits()).toEqual([]);
  });

  it('writes what it saw when closed, and nothing a late refresh brings after it', async () => {
    const dir = await tempDir();
    const { timers, waits } = manualTimers(T0);
    const availability = new Availability(dir, silentLogger, timers.now, timers);
    await availability.load();
    availability.saw('demo', [{ remoteId: 'a', online: false }], T0);
    await availability.flushed();
    // Within 10 s of that write: b waits for a timer, which closing does not wait for.
    availability.saw('demo', [{ remoteId: 'b', online: false }], T0);
    expect(waits()).toEqual([WRITE_EVERY_MS]);
    const closing = availability.close();
    // Seen as it closes, before its last write ran: in that write, and no timer is left armed
    // to write again later.
    availability.saw('demo', [{ remoteId: 'late', online: false }], T0);
    await closing;
    expect(waits()).toEqual([]);
    const file = path.join(dir, AVAILABILITY_FILE);
    const written = await readFile(file, 'utf8');
    expect(
      Object.keys((JSON.parse(written) as { accounts: { demo: object } }).accounts.demo),
    ).toEqual(['a', 'b', 'late']);
    availability.saw('demo', [{ remoteId: 'c', online: false }], T0);
    await availability.flushed();
    expect(await readFile(file, 'utf8')).toBe(written);
  });

  it('remembers the page a device was listed on, for the next check of its room', async () => {
    const dir = await tempDir();
    const availability = await opened(dir, () => T0);
    availability.saw('demo', [{ remoteId: 'a', online: true, page: 7 }], T0);
    availability.saw('demo', [{ remoteId: 'a', online: false }], T0 + MIN);
    expect([...availability.pagesOf('demo', ['a', 'b'])]).toEqual([['a', 7]]);
  });

  it('writes its file as it always has, and reads back one with other offsets at the same times', async () => {
    const dir = await tempDir();
    let now = T0;
    const availability = await opened(dir, () => now);
    availability.saw(
      'demo',
      [
        { remoteId: 'a', online: true, page: 2 },
        { remoteId: 'b', online: false },
        { remoteId: 'c', online: null },
      ],
      now,
    );
    now += MIN;
    availability.saw('demo', [{ remoteId: 'a', online: false, page: 3 }], now);
    await availability.flushed();
    const file = path.join(dir, AVAILABILITY_FILE);
    const text = JSON.stringify({
      version: 1,
      accounts: {
        demo: {
          a: {
            onlineAt: iso(T0),
            offlineSince: iso(T0 + MIN),
            atLeast: false,
            page: 3,
            seenAt: iso(T0 + MIN),
          },
          b: { onlineAt: null, offlineSince: iso(T0), atLeast: true, seenAt: iso(T0) },
          c: { onlineAt: null, offlineSince: null, atLeast: false, seenAt: iso(T0) },
        },
      },
    });
    expect(await readFile(file, 'utf8')).toBe(text);

    // The same times written with an offset (an earlier version's file, or another writer's).
    await writeFile(
      file,
      text.replaceAll('2026-03-02T08:1', '2026-03-02T09:1').replaceAll('.000Z', '.000+01:00'),
    );
    const again = await opened(dir, () => now);
    expect(again.of('demo', 'a')).toEqual({
      onlineAt: iso(T0),
      offlineSince: iso(T0 + MIN),
      atLeast: false,
    });
    // Still offline, a minute on: nothing new but the look, which is not worth a write yet.
    const offsets = await readFile(file, 'utf8');
    again.saw('demo', [{ remoteId: 'b', online: false }], now);
    expect(again.of('demo', 'b')).toEqual({ onlineAt: null, offlineSince: iso(T0), atLeast: true });
    await again.flushed();
    expect(await readFile(file, 'utf8')).toBe(offsets);
  });

  it.each([
    ['not JSON', '{"version": 1, "accounts": '],
    ["another program's", JSON.stringify({ version: 7, devices: [] })],
    [
      'with a bad time',
      JSON.stringify({
        version: 1,
        accounts: {
          demo: { a: { onlineAt: 'yesterday', offlineSince: null, atLeast: false, seenAt: 'now' } },
        },
      }),
    ],
  ])('sets a file %s aside, logs it and starts without history', async (_kind, text) => {
    const dir = await tempDir();
    await writeFile(path.join(dir, AVAILABILITY_FILE), text);
    const { log, lines } = recordingLogger();
    const availability = new Availability(dir, log, () => T0);
    await availability.load();
    expect(availability.of('demo', 'a')).toBeUndefined();
    const names = await readdir(dir);
    expect(names).not.toContain(AVAILABILITY_FILE);
    const aside = names.find((name) => name.startsWith(`${AVAILABILITY_FILE}.unreadable-`));
    expect(aside).toBeDefined();
    expect(await readFile(path.join(dir, aside ?? ''), 'utf8')).toBe(text);
    expect(lines.join('\n')).toContain('set aside');
    // And it works on.
    availability.saw('demo', [{ remoteId: 'a', online: false }], T0);
    await availability.flushed();
    expect(await readdir(dir)).toContain(AVAILABILITY_FILE);
  });
});
