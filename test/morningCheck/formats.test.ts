/**
 * The forms of a readiness run IT's tools read, from a run made by hand: the CSV a spreadsheet
 * opens (RFC 4180, no formula run), the Nagios plugin's line and thresholds, Prometheus' text
 * format with its label values escaped; and the list of rooms a file gives.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ReadinessDevice } from '../../src-shared/readinessReport';
import { roomReadiness } from '../../src-shared/readinessReport';
import type { SchoolReadiness } from '../../src-main/morningCheck/formats';
import {
  csvField,
  csvOf,
  jsonOf,
  nagiosOf,
  parseThreshold,
  prometheusOf,
} from '../../src-main/morningCheck/formats';
import {
  MAX_ROOMS_FILE_BYTES,
  mergeRooms,
  readPlansFolder,
  readRoomsFile,
  roomsOfText,
} from '../../src-main/morningCheck/roomList';
import { parseCsv } from '../support/csv';
import { parsePrometheusText } from '../support/prometheusText';
import { tempDir } from '../support/tempDir';
import { pc } from '../support/readinessDevice';

const AT = '2026-03-02T07:30:00.000Z';

/** Ten devices, `offline` of them offline (PC-1 since 07:00). */
const roomWith = (id: string, offline: number, overrides: Partial<ReadinessDevice> = {}) =>
  roomReadiness(
    id,
    Array.from({ length: 10 }, (_, i) =>
      pc(i + 1, i < offline ? { online: false, ...overrides } : {}),
    ),
    (remoteId) =>
      remoteId === '101'
        ? { onlineAt: null, offlineSince: '2026-03-02T07:00:00.000Z', atLeast: false }
        : undefined,
    AT,
  );

const school = (...offline: number[]): SchoolReadiness => ({
  checkedAt: AT,
  rooms: offline.map((count, i) => ({
    id: `room-${String(i)}`,
    nickname: `room ID room-${String(i)}`,
    readiness: roomWith(`room-${String(i)}`, count),
  })),
});

/** monitoring-plugins' performance data: 'label'=value[UOM];[warn];[crit];[min];[max], space-separated. */
const PERFDATA = /^(?:'(?:[^']|'')+'|[^\s=']+)=-?\d+(?:\.\d+)?(?:[a-zA-Z%]+)?(?:;(?:\d+)?){0,4}$/;

describe('Nagios', () => {
  it('is OK with every device ready, WARNING above --warning, CRITICAL above --critical', () => {
    const thresholds = {
      warning: { value: 1, percent: false },
      critical: { value: 3, percent: false },
    };
    expect(nagiosOf(school(0, 0), thresholds).code).toBe(0);
    // One offline is not more than 1: still OK.
    expect(nagiosOf(school(1, 0), thresholds).code).toBe(0);
    expect(nagiosOf(school(2, 0), thresholds).code).toBe(1);
    expect(nagiosOf(school(2, 4), thresholds).code).toBe(2);
    // No --warning: any device offline warns.
    expect(nagiosOf(school(1), {}).code).toBe(1);
  });

  it('reads a percentage of each room: 10% of ten devices is one', () => {
    const percent = { warning: { value: 10, percent: true } };
    expect(nagiosOf(school(1), percent).code).toBe(0);
    expect(nagiosOf(school(2), percent).code).toBe(1);
    expect(nagiosOf(school(2), percent).text).toContain("'room-0 offline'=2;1;;0;10");
  });

  it('is UNKNOWN for a room not checked, unless another is CRITICAL', () => {
    const unchecked: SchoolReadiness = {
      checkedAt: AT,
      rooms: [
        ...school(0).rooms,
        {
          id: 'gone',
          nickname: 'room ID gone',
          problem: 'the service does not know this classroom.',
        },
      ],
    };
    expect(nagiosOf(unchecked, {}).code).toBe(3);
    unchecked.rooms.push({ id: 'x', nickname: 'x', readiness: roomWith('x', 5) });
    expect(nagiosOf(unchecked, { critical: { value: 3, percent: false } }).code).toBe(2);
  });

  it('writes one status line, its performance data in the plugins grammar', () => {
    const { text } = nagiosOf(school(3, 0), { warning: { value: 1, percent: false } });
    expect(text.endsWith('\n')).toBe(true);
    expect(text.trimEnd().split('\n')).toHaveLength(1);
    const [status = '', perf = ''] = text.trimEnd().split(' | ');
    expect(status).toBe(
      'CLASSTRAY READINESS WARNING - room ID room-0: 7 of 10 ready, 3 offline; room ID room-1: all 10 ready',
    );
    const fields = perf.split(' ').reduce<string[]>((all, part) => {
      // A quoted label may hold a space.
      const last = all.at(-1);
      if (last !== undefined && (last.match(/'/g) ?? []).length % 2 === 1)
        all[all.length - 1] = `${last} ${part}`;
      else all.push(part);
      return all;
    }, []);
    for (const field of fields) expect(field).toMatch(PERFDATA);
    expect(fields.slice(0, 2)).toEqual(['ready=17;;;0;20', 'offline=3;;;0;20']);
    expect(fields).toContain("'room-0 offline'=3;1;;0;10");
  });

  it('refuses a threshold that is not a count or a percentage', () => {
    expect(parseThreshold('3')).toEqual({ value: 3, percent: false });
    expect(parseThreshold('10%')).toEqual({ value: 10, percent: true });
    for (const bad of ['', '-1', '1.5', '101%', '3:5', 'x'])
      expect(parseThreshold(bad)).toBeUndefined();
  });
});

describe('CSV', () => {
  it('reads back as it was written: a header, one row per device not ready, one per room without', () => {
    const rows = parseCsv(csvOf(school(2, 0)));
    expect(rows[0]?.slice(0, 4)).toEqual(['room_id', 'room_name', 'room_status', 'checked_at']);
    expect(rows.slice(1).map((row) => [row[0], row[2], row[10], row[12]])).toEqual([
      ['room-0', 'not ready', '101', 'offline'],
      ['room-0', 'not ready', '102', 'offline'],
      ['room-1', 'ready', '', ''],
    ]);
    expect(rows[1]?.[13]).toBe('2026-03-02T07:00:00.000Z');
  });

  it('quotes as RFC 4180 says and keeps a formula from running', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('Lab "B", back')).toBe('"Lab ""B"", back"');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    for (const formula of ['=HYPERLINK("http://x")', '+1', '-1', '@SUM(A1)', '\t=1']) {
      expect(csvField(formula).replace(/^"/, '').startsWith("'")).toBe(true);
    }
    const named = roomReadiness(
      'r',
      [pc(1, { online: false, alias: '=cmd|"/c calc"!A1' })],
      () => undefined,
      AT,
    );
    const rows = parseCsv(
      csvOf({ checkedAt: AT, rooms: [{ id: 'r', nickname: '-Lab', readiness: named }] }),
    );
    expect(rows[1]?.[1]).toBe("'-Lab");
    expect(rows[1]?.[11]).toBe('\'=cmd|"/c calc"!A1');
  });
});

describe('Prometheus', () => {
  it('parses as the exposition format, every family with HELP and TYPE, label values escaped', () => {
    const run = school(2, 0);
    const odd = 'Lab "B" \\ east\nwing';
    run.rooms.push({ id: 'lab', nickname: odd, readiness: roomWith('lab', 1) });
    run.rooms.push({ id: 'gone', nickname: 'room ID gone', problem: 'not known.' });
    const families = parsePrometheusText(prometheusOf(run));
    const family = (name: string) => families.find((found) => found.name === name);
    for (const found of families) {
      expect(found.help).not.toBe('');
      expect(found.type).toBe('GAUGE');
    }
    const offline = family('classtray_devices')?.metrics.filter(
      ({ labels }) => labels?.state === 'offline',
    );
    expect(offline?.map(({ labels, value }) => [labels?.room, labels?.room_name, value])).toEqual([
      ['room-0', 'room ID room-0', '2'],
      ['room-1', 'room ID room-1', '0'],
      ['lab', odd, '1'],
    ]);
    expect(family('classtray_room_checked')?.metrics.map(({ value }) => value)).toEqual([
      '1',
      '1',
      '1',
      '0',
    ]);
    expect(family('classtray_offline_since_seconds')?.metrics[0]).toEqual({
      value: String(Date.parse('2026-03-02T07:00:00.000Z') / 1000),
      labels: {
        room: 'room-0',
        room_name: 'room ID room-0',
        remote_id: '101',
        device: 'PC-1',
        at_least: 'false',
      },
    });
  });
});

describe('JSON', () => {
  it("carries the room's name and id, every count, and each device's reasons with since when", () => {
    const run = JSON.parse(jsonOf(school(2))) as { rooms: Record<string, unknown>[] };
    expect(run.rooms[0]).toMatchObject({
      classroomId: 'room-0',
      name: 'room ID room-0',
      total: 10,
      ready: 8,
      offline: 2,
      unknown: 0,
      disabled: 0,
      no2fa: 0,
      notReady: [
        {
          remoteId: '101',
          reasons: [{ kind: 'offline', since: '2026-03-02T07:00:00.000Z', atLeast: false }],
        },
        { remoteId: '102', reasons: [{ kind: 'offline', since: null, atLeast: false }] },
      ],
    });
  });
});

describe('the rooms of a file', () => {
  it('takes one id a line, a nickname after a tab, and skips comments and blank lines', () => {
    expect(
      roomsOfText('# the first floor\nroom-a\tMaths 1\n\n  room-b  \r\n', 'rooms.txt'),
    ).toEqual({
      kind: 'rooms',
      rooms: [{ id: 'room-a', nickname: 'Maths 1' }, { id: 'room-b' }],
    });
  });

  it('names each bad line by its number', () => {
    const list = roomsOfText(`room-a\n${'x'.repeat(201)}\nroom-c\ta\tb\n`, 'rooms.txt');
    expect(list).toEqual({
      kind: 'bad',
      problem: [
        'rooms.txt, line 2: expected a classroom id, then optionally a tab and its nickname.',
        'rooms.txt, line 3: expected a classroom id, then optionally a tab and its nickname.',
      ].join('\n'),
    });
  });

  it('refuses a file larger than the cap without reading it whole', async () => {
    const file = join(await tempDir(), 'rooms.txt');
    await writeFile(file, 'room-a\n'.repeat(MAX_ROOMS_FILE_BYTES / 7 + 1));
    expect(await readRoomsFile(file)).toMatchObject({
      kind: 'bad',
      problem: expect.stringContaining('larger than 64 KiB'),
    });
    await writeFile(file, 'room-a\nroom-b\n');
    expect(await readRoomsFile(file)).toEqual({
      kind: 'rooms',
      rooms: [{ id: 'room-a' }, { id: 'room-b' }],
    });
  });

  it("takes the rooms of a school's plans folder by their files' names, and nothing else", async () => {
    const folder = await tempDir();
    for (const name of ['room-b.json', 'room-a.json', 'notes.txt', '..json', 'a b.json']) {
      await writeFile(join(folder, name), '{}');
    }
    expect(await readPlansFolder(folder)).toEqual({
      kind: 'rooms',
      rooms: [{ id: 'room-a' }, { id: 'room-b' }],
    });
    expect(await readPlansFolder(join(folder, 'missing'))).toMatchObject({
      kind: 'bad',
      problem: expect.stringContaining('cannot be read (ENOENT)'),
    });
  });

  it('checks each room once, with the nickname given', () => {
    expect(mergeRooms([{ id: 'a' }], [{ id: 'b' }, { id: 'a', nickname: 'Art' }])).toEqual([
      { id: 'a', nickname: 'Art' },
      { id: 'b' },
    ]);
  });
});
