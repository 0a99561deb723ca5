/** A room's readiness, its report for IT and the mail link: what they say, in what order. */
import { describe, expect, it } from 'vitest';
import {
  MAILTO_MAX_LENGTH,
  mailtoLink,
  readinessReport,
  reasonsOf,
  roomReadiness,
} from '../../src-shared/readinessReport';
import { englishReportWords } from '../../src-main/morningCheck/readinessCommand';
import { pc } from '../support/readinessDevice';

const at = (time: string) => `2026-03-02T${time}:00.000Z`;

describe("a room's readiness", () => {
  const devices = [
    pc(1),
    pc(2, { has2fa: false }),
    pc(3, { online: false }),
    pc(4, { status: 'disabled' }),
    pc(5, { online: false, has2fa: false }),
    pc(6, { online: null }),
    pc(7, { online: false }),
  ];
  const history = new Map([
    ['103', { onlineAt: at('08:00'), offlineSince: at('09:10'), atLeast: false }],
    ['105', { onlineAt: null, offlineSince: at('08:10'), atLeast: true }],
  ]);
  const room = roomReadiness('room-12', devices, (id) => history.get(id), at('09:30'));

  it('counts the devices ready and offline, and lists the others, the longest offline first', () => {
    expect(room).toMatchObject({ total: 7, ready: 1, offline: 3 });
    expect(room.notReady.map(({ alias }) => alias)).toEqual([
      'PC-5',
      'PC-3',
      'PC-7',
      'PC-6',
      'PC-4',
      'PC-2',
    ]);
    const [longest] = room.notReady;
    expect(longest && reasonsOf(longest)).toEqual([
      { kind: 'offline', since: at('08:10'), atLeast: true },
      { kind: 'no2fa' },
    ]);
  });

  it('names a room without a nickname by its id once', () => {
    const text = readinessReport(room, null, englishReportWords('UTC'));
    expect(text.split('\n')[1]).toBe('Room: id room-12');
  });

  it('writes a plain report for IT: room, time, each device with its remote id and since when, the counts', () => {
    const text = readinessReport(room, 'Room 12', englishReportWords('UTC'));
    expect(text.split('\n')).toEqual([
      'ClassTray: devices not ready',
      'Room: Room 12 (id room-12)',
      'Checked: Mar 2, 2026, 09:30',
      'Ready: 1 of 7. Offline: 3. Status unknown: 1. Disabled in the service: 1. Without 2FA: 2.',
      '',
      '- PC-5 (remote id 105): offline since at least Mar 2, 2026, 08:10, when ClassTray started watching; no 2FA (an access on it cannot be ended automatically)',
      '- PC-3 (remote id 103): offline since Mar 2, 2026, 09:10',
      '- PC-7 (remote id 107): offline',
      "- PC-6 (remote id 106): not in the account's device list",
      '- PC-4 (remote id 104): disabled in the service',
      '- PC-2 (remote id 102): no 2FA (an access on it cannot be ended automatically)',
      '',
      "Please check on each device offline: the remote-desktop tool is installed and started; it can connect to its servers; its licence is set up and has not expired; the account is not on the service's trial licence.",
      '',
    ]);
  });

  it('says every device is ready, without what to check, when they are', () => {
    const ready = roomReadiness('room-12', [pc(1), pc(2)], () => undefined, at('09:30'));
    const text = readinessReport(ready, 'Room 12', englishReportWords('UTC'));
    // Its heading too: not "devices not ready" over a room whose devices all are.
    expect(text.split('\n')[0]).toBe('ClassTray: every device ready');
    expect(text).toContain('Every device is ready.');
    expect(text).not.toContain('Please check');
  });
});

describe('a time seen after the check (the clock was set back since)', () => {
  it('is said as the time of the check, and "at least", never later', () => {
    const later = new Map([
      ['103', { onlineAt: at('10:05'), offlineSince: at('10:40'), atLeast: false }],
    ]);
    const room = roomReadiness(
      'room-12',
      [pc(3, { online: false })],
      (id) => later.get(id),
      at('09:30'),
    );
    expect(room.notReady[0]).toMatchObject({
      onlineAt: at('09:30'),
      offlineSince: at('09:30'),
      atLeast: true,
    });
    const text = readinessReport(room, 'Room 12', englishReportWords('UTC'));
    expect(text).toContain('offline since at least Mar 2, 2026, 09:30');
    expect(text).not.toContain('10:40');
  });
});

describe('the mail to IT', () => {
  it('carries the whole report when it fits, cut at a line with a sentence saying so when not', () => {
    const short = mailtoLink('it@school.example', 'Room 12', 'line 1\nline 2\n', 'Cut.');
    expect(short).toBe('mailto:it@school.example?subject=Room%2012&body=line%201%0Aline%202%0A');
    const long = Array.from({ length: 100 }, (_, i) => `- PC-${i} (remote id ${i}): offline`).join(
      '\n',
    );
    const cut = mailtoLink('it@school.example', 'Room 12', long, 'Cut to fit.');
    expect(cut.length).toBeLessThanOrEqual(MAILTO_MAX_LENGTH);
    const body = new URL(cut).searchParams.get('body') ?? '';
    expect(body.endsWith('…\nCut to fit.\n')).toBe(true);
    expect(long.startsWith(body.split('\n…\n')[0] ?? 'x')).toBe(true);
  });
});
