// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type {
  InvalidateResultView,
  TrackedAccessView,
} from '../../../src-main/core/accesses/accessView';
import {
  classTrayState,
  device,
  endAnswer,
  failedEnd,
  trackedAccess,
} from '../../support/classTrayState';
import { isolated } from '../../../src-renderer/views/bidi';
import { FakeClassTray } from '../../support/fakeClassTray';
import { invalidatedAt10h42m18s, renderApp } from '../renderApp';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

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

  it("marks a device with a temporal access given with the student's initial, until it ends", async () => {
    const fake = new FakeClassTray(
      classTrayState({
        devices: [device(1, { alias: 'PC-1' }), device(2, { alias: 'PC-2' })],
        temporalAccesses: [trackedAccess({ remoteId: device(1).remoteId, studentName: 'ana' })],
      }),
    );
    const { user, push } = await renderApp(fake);
    await user.click(compactButton());
    const tile = screen.getByTitle('PC-1, Online, temporal access given to ana');
    expect(tile.querySelector('.tile-access')?.textContent).toBe('A');
    expect(screen.getByTitle('PC-2, Online').querySelector('.tile-access')).toBeNull();

    const learnedAt = '2026-01-05T09:10:00.000Z';
    await push({
      type: 'temporal-accesses',
      temporalAccesses: [
        trackedAccess({
          remoteId: device(1).remoteId,
          studentName: 'ana',
          state: { kind: 'already-ended', learnedAt },
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

/** A compact classroom of three, an access on LAB-PC03. */
const withAccess = (access: Partial<TrackedAccessView> = {}) =>
  new FakeClassTray(
    classTrayState({
      devices: [device(1), device(2), device(3)],
      temporalAccesses: [trackedAccess({ remoteId: device(3).remoteId, ...access })],
      preferences: { compactView: true },
    }),
  );

/** By the device's full name, which starts its tooltip (the tile shows it without "LAB-"). */
const tileOf = (name: string) => {
  const tile = items().find((item) =>
    item.querySelector('.tile')?.getAttribute('title')?.startsWith(`${name}, `),
  );
  if (!tile) throw new Error(`no tile for ${name}`);
  return tile;
};

/** Ana's access on LAB-PC03 ended from its tile, the core answering `answer`. */
async function endAnasAccess(answer: InvalidateResultView) {
  const fake = withAccess({ studentName: 'Ana' });
  fake.invalidateTemporalAccess.mockResolvedValueOnce(answer);
  const { user } = await renderApp(fake);
  const tile = tileOf('LAB-PC03');
  await user.click(within(tile).getByRole('button', { name: /End Ana's access/ }));
  return { fake, user, tile };
}

describe('ending an access from a compact tile', () => {
  it("ends it in one click on the student's initial, and says the outcome as the row does", async () => {
    const fake = withAccess({ studentName: 'Ana' });
    fake.invalidateTemporalAccess.mockResolvedValueOnce(invalidatedAt10h42m18s());
    await renderApp(fake);
    const tile = tileOf('LAB-PC03');
    expect(within(tile).getByRole('status').textContent).toBe('Given');
    const end = within(tile).getByRole('button', { name: "End Ana's access on LAB-PC03" });
    expect(end.textContent).toBe('A');
    expect(end.tabIndex).toBe(-1);

    vi.useFakeTimers({ now: new Date(2026, 0, 5, 10, 42, 18) });
    await act(async () => {
      fireEvent.click(end);
    });
    expect(fake.invalidateTemporalAccess).toHaveBeenCalledExactlyOnceWith({
      token: trackedAccess().token,
    });
    expect(within(tile).getByRole('status').textContent).toBe(`Ends ${isolated('10:42:30')}`);
    expect(within(tile).queryByRole('button')).toBeNull();
    expect(tile.querySelector('.tile-access.ending')?.textContent).toBe('A');
    await act(async () => {
      vi.advanceTimersByTime(13_000);
    });
    expect(within(tile).getByRole('status').textContent).toBe('Ended');
    expect(tile.querySelector('.tile-access')).toBeNull();
  });

  it('names the device alone when no student was given', async () => {
    await renderApp(withAccess());
    expect(
      within(tileOf('LAB-PC03')).getByRole('button', { name: 'End access on LAB-PC03' }),
    ).toBeTruthy();
  });

  it('keeps End after a failure, to try again', async () => {
    const { fake, user, tile } = await endAnasAccess(failedEnd('network'));
    expect(within(tile).getByRole('status').textContent).toBe(
      'Not ended, try again: the service could not be reached.',
    );
    await user.click(within(tile).getByRole('button', { name: /End Ana's access/ }));
    expect(fake.invalidateTemporalAccess).toHaveBeenCalledTimes(2);
  });

  it('says an access unknown to the service without offering to end it again', async () => {
    const { tile } = await endAnasAccess(endAnswer('unknown'));
    expect(within(tile).getByRole('status').textContent).toBe('Unknown to the service');
    expect(within(tile).queryByRole('button')).toBeNull();
  });

  it('is reached with Enter from the focused tile, left with Escape, and hands the focus back once ended', async () => {
    const fake = withAccess({ studentName: 'Ana' });
    const { user } = await renderApp(fake);
    const tile = tileOf('LAB-PC03');
    tile.focus();
    await user.keyboard('{Enter}');
    expect(document.activeElement?.getAttribute('aria-label')).toBe("End Ana's access on LAB-PC03");
    await user.keyboard('{Escape}');
    expect(document.activeElement).toBe(tile);
    expect(fake.invalidateTemporalAccess).not.toHaveBeenCalled();

    await user.keyboard('{Enter}{Enter}');
    expect(fake.invalidateTemporalAccess).toHaveBeenCalledOnce();
    expect(within(tile).queryByRole('button')).toBeNull();
    expect(document.activeElement).toBe(tile);
    // The arrows still move between tiles, the list still one Tab stop.
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(tileOf('LAB-PC02'));
    expect(items().filter((item) => item.tabIndex === 0)).toEqual([tileOf('LAB-PC02')]);
  });

  it('does nothing on Enter on a tile without an access', async () => {
    const { user } = await renderApp(withAccess());
    const tile = tileOf('LAB-PC01');
    tile.focus();
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(tile);
  });
});
