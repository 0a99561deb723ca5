// @vitest-environment happy-dom
import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DeviceActivity } from '../../../src-main/core/classroom/classroomView';
import { isolated } from '../../../src-renderer/views/bidi';
import { FakeClassTray } from '../../support/fakeClassTray';
import { classTrayState, device, trackedAccess } from '../../support/classTrayState';
import { renderApp, rowOf } from '../renderApp';

// The window's clock stands at a fixed instant (only Date is faked, so user-event still runs):
// "2 minutes ago" is then measured from it, not from a wall clock a loaded machine lets slip.
beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-01-07T09:00:00Z'), toFake: ['Date'] });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const MINUTE = 60_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

/** Tells the window it was hidden or shown, as a browser (or Electron's window) does. */
const showWindow = (state: 'visible' | 'hidden') =>
  act(async () => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
    document.dispatchEvent(new Event('visibilitychange'));
  });

const names = () => rowTexts().map((text) => text.slice(0, 8));

const rowTexts = () =>
  within(screen.getByRole('list', { name: 'Devices' }))
    .getAllByRole('listitem')
    .map((row) => row.textContent ?? '');

const devices = [
  device(1, { alias: 'R12-PC01' }),
  device(2, { alias: 'R12-PC02' }),
  device(3, { alias: 'R12-PC03', online: false }),
  device(6, { alias: 'R12-PC06' }),
];

const room = (
  options: { activity?: Record<string, DeviceActivity>; problemsFirst?: boolean } = {},
) =>
  new FakeClassTray(
    classTrayState({
      devices,
      classroom: { activity: options.activity ?? {} },
      preferences: { problemsFirst: options.problemsFirst ?? true },
    }),
  );

const wentOffline = (remoteId: string) => ({
  type: 'online-changed' as const,
  remoteId,
  online: false,
});

describe('changes that catch the eye', () => {
  it('marks a device that just went offline where it stands, and announces it', async () => {
    const { push } = await renderApp(room());
    const region = screen
      .getAllByRole('status')
      .find((element) => element.classList.contains('visually-hidden'));
    const before = names();
    const lastSeen = ago(10_000);
    await push({
      type: 'devices',
      changes: [wentOffline('100000006')],
      activity: { 100000006: { changedAt: ago(0), lastSeenOnlineAt: lastSeen } },
    });
    // The rows did not move: R12-PC06 is marked where it was.
    expect(names()).toEqual(before);
    expect(rowTexts().find((text) => text.startsWith('R12-PC06'))).toMatch(/Went offline just now/);
    expect(region?.textContent).toBe('R12-PC06 went offline');
  });

  it('brings the changed devices to the top when the teacher asks, with a count in both languages', async () => {
    const { push, user } = await renderApp(room());
    // Hidden, keeping its place in the toolbar, until something changes.
    expect(screen.queryByRole('button', { name: /changed/ })).toBeNull();
    await push({
      type: 'devices',
      changes: [wentOffline('100000006')],
      activity: { 100000006: { changedAt: ago(5_000), lastSeenOnlineAt: ago(10_000) } },
    });
    await push({
      type: 'devices',
      changes: [{ type: 'online-changed', remoteId: '100000003', online: true }],
      activity: { 100000003: { changedAt: ago(0), lastSeenOnlineAt: null } },
    });
    expect(names()).toEqual(['R12-PC03', 'R12-PC01', 'R12-PC02', 'R12-PC06']);
    const button = screen.getByRole('button', { name: '2 changed: show them at the top' });
    expect(button.querySelector('.changed-label')?.textContent).toBe('2 changed');
    await user.click(button);
    // The latest change first; the others keep their order.
    expect(names()).toEqual(['R12-PC03', 'R12-PC06', 'R12-PC01', 'R12-PC02']);
    expect(screen.queryByRole('button', { name: /changed/ })).toBeNull();
    // The focus goes to the first row, not to the page, as the button hides.
    expect(document.activeElement?.textContent).toMatch(/^R12-PC03/);
    await push({
      type: 'devices',
      changes: [wentOffline('100000001')],
      activity: { 100000001: { changedAt: ago(0), lastSeenOnlineAt: ago(1_000) } },
    });
    expect(screen.getByRole('button', { name: '1 changed: show it at the top' })).toBeTruthy();
  });

  it('says the count in Spanish with its plural', async () => {
    const fake = room();
    fake.state.preferences.language = 'es';
    const { push } = await renderApp(fake);
    await push({
      type: 'devices',
      changes: [wentOffline('100000006'), wentOffline('100000001')],
      activity: {
        100000006: { changedAt: ago(0), lastSeenOnlineAt: null },
        100000001: { changedAt: ago(0), lastSeenOnlineAt: null },
      },
    });
    const button = screen.getByRole('button', { name: '2 cambios: mostrarlos arriba' });
    expect(button.querySelector('.changed-label')?.textContent).toBe('2 cambios');
  });

  it('sorts the rows again when the window is shown again, as when it opens', async () => {
    const { push } = await renderApp(room());
    await push({
      type: 'devices',
      changes: [wentOffline('100000006')],
      activity: { 100000006: { changedAt: ago(0), lastSeenOnlineAt: null } },
    });
    expect(names()).toEqual(['R12-PC03', 'R12-PC01', 'R12-PC02', 'R12-PC06']);
    await showWindow('hidden');
    expect(names()).toEqual(['R12-PC03', 'R12-PC01', 'R12-PC02', 'R12-PC06']);
    await showWindow('visible');
    // Problems first: the latest change on top, then the offline device, then the online ones.
    expect(names()).toEqual(['R12-PC06', 'R12-PC03', 'R12-PC01', 'R12-PC02']);
    expect(screen.queryByRole('button', { name: /changed/ })).toBeNull();
  });

  it('tells going offline and coming back apart by shape, colour and word, and an access running most', async () => {
    const fake = new FakeClassTray(
      classTrayState({
        devices: [...devices, device(4, { alias: 'R12-PC04', online: false })],
        classroom: {
          activity: {
            100000001: { changedAt: ago(0), lastSeenOnlineAt: null },
            100000003: { changedAt: ago(0), lastSeenOnlineAt: ago(1_000) },
            100000004: { changedAt: ago(0), lastSeenOnlineAt: ago(1_000) },
          },
        },
        temporalAccesses: [
          trackedAccess({ remoteId: '100000004', deviceAlias: 'R12-PC04', studentName: 'Ana' }),
        ],
      }),
    );
    await renderApp(fake);
    const mark = (name: string) => rowOf(name).querySelector('.mark');
    // Short on screen ("now" beside its arrow), the sentence read out and on hover.
    const says = (name: string) => ({
      shown: mark(name)?.querySelector('.mark-text')?.textContent,
      read: mark(name)?.querySelector('.visually-hidden')?.textContent,
      title: mark(name)?.getAttribute('title'),
    });
    expect(mark('R12-PC01')?.className).toBe('mark back');
    expect(says('R12-PC01')).toEqual({
      shown: 'now',
      read: 'Back online just now',
      title: 'Back online just now',
    });
    expect(mark('R12-PC03')?.className).toBe('mark gone');
    expect(says('R12-PC03')).toEqual({
      shown: 'now',
      read: 'Went offline just now',
      title: 'Went offline just now',
    });
    // The icons differ in shape, not only in colour.
    expect(mark('R12-PC01')?.querySelector('svg')?.innerHTML).not.toBe(
      mark('R12-PC03')?.querySelector('svg')?.innerHTML,
    );
    // Ana's device going offline is marked in the alarm colour, her name beside the mark (the
    // device's id leaves her line the room).
    expect(mark('R12-PC04')?.className).toBe('mark urgent');
    expect(rowOf('R12-PC04').querySelector('.device-detail')?.textContent).toBe(
      'nowWent offline just nowAnaGiven',
    );
  });

  it('says how many minutes ago a device changed, and that one is back online', async () => {
    await renderApp(
      room({
        activity: {
          100000003: { changedAt: ago(2.5 * MINUTE), lastSeenOnlineAt: ago(3 * MINUTE) },
          100000002: { changedAt: ago(4 * MINUTE), lastSeenOnlineAt: null },
        },
      }),
    );
    expect(screen.getByText('Went offline 2 minutes ago')).toBeTruthy();
    expect(screen.getByText('Back online 4 minutes ago')).toBeTruthy();
    expect(screen.getByTitle('Went offline 2 minutes ago').textContent).toMatch(/^2 min/);
  });

  it('keeps a recently changed device above the others under Problems first, not without it', async () => {
    const activity = { 100000002: { changedAt: ago(MINUTE), lastSeenOnlineAt: null } };
    await renderApp(room({ activity }));
    expect(rowTexts().map((text) => text.slice(0, 8))).toEqual([
      'R12-PC02',
      'R12-PC03',
      'R12-PC01',
      'R12-PC06',
    ]);
    cleanup();
    await renderApp(room({ activity, problemsFirst: false }));
    expect(rowTexts().map((text) => text.slice(0, 8))).toEqual([
      'R12-PC01',
      'R12-PC02',
      'R12-PC06',
      'R12-PC03',
    ]);
  });

  it('stops marking a change after a few minutes, and says when an offline device was last seen online', async () => {
    const lastSeen = new Date(2026, 0, 5, 10, 42, 5).toISOString();
    await renderApp(
      room({
        activity: { 100000003: { changedAt: ago(20 * MINUTE), lastSeenOnlineAt: lastSeen } },
      }),
    );
    expect(screen.queryByText(/Went offline/)).toBeNull();
    expect(rowTexts().find((text) => text.startsWith('R12-PC03'))).toContain(
      `Last seen online at ${isolated('10:42:05')}`,
    );
  });

  it('announces several changes of one refresh as one sentence with counts', async () => {
    const { push } = await renderApp(room());
    const now = ago(0);
    await push({
      type: 'devices',
      changes: [
        wentOffline('100000001'),
        wentOffline('100000002'),
        { type: 'online-changed', remoteId: '100000003', online: true },
      ],
      activity: {
        100000001: { changedAt: now, lastSeenOnlineAt: null },
        100000002: { changedAt: now, lastSeenOnlineAt: null },
        100000003: { changedAt: now, lastSeenOnlineAt: null },
      },
    });
    // Joined as English joins a list (Arabic's "و", German's "und").
    expect(
      screen.getByText('3 devices changed: 2 went offline and 1 came back online'),
    ).toBeTruthy();
  });

  it('shows how many devices each filter tab holds', async () => {
    await renderApp(room());
    expect(screen.getByRole('radio', { name: 'All 4' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Online 3' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Offline 1' })).toBeTruthy();
  });

  it('turns Problems first off and on from the settings', async () => {
    const fake = room();
    const { user } = await renderApp(fake);
    await user.click(screen.getByRole('button', { name: 'Settings' }));
    const toggle = screen.getByRole('checkbox', { name: /^Problems first/ });
    expect((toggle as HTMLInputElement).checked).toBe(true);
    await user.click(toggle);
    expect(fake.updatePreferences).toHaveBeenCalledWith({ problemsFirst: false });
  });
});
