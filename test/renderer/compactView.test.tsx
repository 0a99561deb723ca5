// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { device, classTrayState, trackedAccess } from '../support/classTrayState';
import { FakeClassTray } from '../support/fakeClassTray';
import { renderApp } from './renderApp';

afterEach(cleanup);

const classroom = (count: number) =>
  new FakeClassTray(
    classTrayState({
      devices: Array.from({ length: count }, (_, i) =>
        device(i + 1, { alias: `PC-${i + 1}`, online: i % 2 === 0, has2fa: i !== 1 }),
      ),
    }),
  );

const compactButton = () => screen.getByRole('button', { name: 'Compact view' });
const items = () => within(screen.getByRole('list', { name: 'Devices' })).getAllByRole('listitem');

describe('compact view', () => {
  it('turns on from the toolbar, saved as a preference, and shows tiles', async () => {
    const fake = classroom(4);
    const { user } = await renderApp(fake);
    expect(compactButton().getAttribute('aria-pressed')).toBe('false');
    await user.click(compactButton());
    expect(fake.updatePreferences).toHaveBeenCalledWith({ compactView: true });
    expect(compactButton().getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText('PC-2, Offline, No 2FA').closest('[role="listitem"]')).toBeTruthy();
    expect(screen.getByTitle('PC-1, Online')).toBeTruthy();
  });

  it("marks a device whose temporal access is in use with the student's initial, until it ends", async () => {
    const fake = new FakeClassTray(
      classTrayState({
        devices: [device(1, { alias: 'PC-1' }), device(2, { alias: 'PC-2' })],
        temporalAccesses: [trackedAccess({ remoteId: device(1).remoteId, label: 'ana' })],
      }),
    );
    const { user, push } = await renderApp(fake);
    await user.click(compactButton());
    const tile = screen.getByTitle('PC-1, Online, temporal access of ana');
    expect(tile.querySelector('.tile-access')?.textContent).toBe('A');
    expect(screen.getByTitle('PC-2, Online').querySelector('.tile-access')).toBeNull();

    const learnedAt = '2026-01-05T09:10:00.000Z';
    await push({
      type: 'temporal-accesses',
      temporalAccesses: [
        trackedAccess({
          remoteId: device(1).remoteId,
          label: 'ana',
          lastOutcome: { kind: 'already-ended', learnedAt },
        }),
      ],
    });
    expect(screen.getByTitle('PC-1, Online').querySelector('.tile-access')).toBeNull();
  });

  it('is a single Tab stop there too', async () => {
    const fake = classroom(100);
    const { user } = await renderApp(fake);
    await user.click(compactButton());
    expect(items().filter((item) => item.tabIndex === 0)).toHaveLength(1);
    expect(items().length).toBeLessThan(100);
  });
});
