// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DeviceActivity } from '../../src-main/core/api/classTrayApi';
import { FakeClassTray } from '../support/fakeClassTray';
import { classTrayState, device } from '../support/classTrayState';
import { renderApp } from './renderApp';

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
  it('marks a device that just went offline, puts it on top and announces it', async () => {
    const { push } = await renderApp(room());
    const region = screen
      .getAllByRole('status')
      .find((element) => element.classList.contains('visually-hidden'));
    const lastSeen = ago(10_000);
    await push({
      type: 'devices',
      changes: [wentOffline('100000006')],
      activity: { 100000006: { changedAt: ago(0), lastSeenOnlineAt: lastSeen } },
    });
    expect(rowTexts()[0]).toMatch(/^R12-PC06.*Went offline just now/);
    expect(region?.textContent).toBe('R12-PC06 went offline');
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
      'Last seen online at 10:42:05',
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
    expect(screen.getByText('3 devices changed: 2 went offline, 1 came back online')).toBeTruthy();
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
