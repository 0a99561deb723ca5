// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TYPE_AHEAD_PAUSE_MS } from '../../../src-renderer/views/devices/typeAhead';
import { device, classTrayState } from '../../support/classTrayState';
import { FakeClassTray } from '../../support/fakeClassTray';
import { renderApp } from '../renderApp';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const classroom = () =>
  new FakeClassTray(
    classTrayState({
      devices: [
        device(1, { alias: 'Front desk', online: true }),
        device(2, { alias: 'Window seat', online: true }),
        device(3, { alias: 'Fire exit', online: true }),
        device(4, { alias: null, online: true }),
      ],
    }),
  );

const rows = () => within(screen.getByRole('list', { name: 'Devices' })).getAllByRole('listitem');
const focusedText = () => document.activeElement?.textContent ?? '';
const search = () => screen.getByRole('searchbox', { name: 'Search students and devices' });

describe('device list by keyboard', () => {
  it('opens with the focus in the search box', async () => {
    await renderApp(classroom());
    expect(document.activeElement).toBe(search());
  });

  it('is one Tab stop, whose row moves with the arrows, Home and End', async () => {
    const { user } = await renderApp(classroom());
    const stops = () => rows().filter((row) => row.tabIndex === 0);
    expect(stops()).toHaveLength(1);
    expect(
      rows().flatMap((row) =>
        within(row)
          .getAllByRole('button')
          .map((b) => b.tabIndex),
      ),
    ).toSatisfy((indexes: number[]) => indexes.every((index) => index === -1));

    stops()[0]?.focus();
    await user.keyboard('{ArrowDown}');
    expect(focusedText()).toContain('Window seat');
    await user.keyboard('{End}');
    expect(focusedText()).toContain('100000004');
    await user.keyboard('{ArrowDown}');
    expect(focusedText()).toContain('100000004');
    await user.keyboard('{Home}');
    expect(focusedText()).toContain('Front desk');
    await user.keyboard('{ArrowUp}');
    expect(focusedText()).toContain('Front desk');
    await user.keyboard('{ArrowDown}');
    expect(stops()).toEqual([document.activeElement]);
  });

  it('jumps to an alias as it is typed, and a letter again goes to the next one', async () => {
    const { user } = await renderApp(classroom());
    // Events take their timeStamp from performance.now(): the test sets the time between keys.
    let now = 10_000;
    vi.spyOn(performance, 'now').mockImplementation(() => now);
    const typeAfterPause = async (key: string) => {
      now += TYPE_AHEAD_PAUSE_MS;
      await user.keyboard(key);
    };
    rows()[0]?.focus();
    await typeAfterPause('w');
    expect(focusedText()).toContain('Window seat');
    await typeAfterPause('f');
    expect(focusedText()).toContain('Fire exit');
    await typeAfterPause('f');
    expect(focusedText()).toContain('Front desk');
    await typeAfterPause('1');
    expect(focusedText()).toContain('100000004');
    await typeAfterPause('f');
    await user.keyboard('r');
    expect(focusedText()).toContain('Front desk');
  });

  it("reaches the row's buttons with Right and comes back with Left or Escape", async () => {
    const { user, fake } = await renderApp(classroom());
    rows()[1]?.focus();
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Copy id 100000002');
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement?.getAttribute('aria-label')).toBe(
      'Copy password for Window seat',
    );
    await user.keyboard('{Enter}');
    expect(fake.copyDevicePassword).toHaveBeenCalledWith({ remoteId: '100000002' });
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Copy id 100000002');
    await user.keyboard('{Escape}');
    expect(document.activeElement).toBe(rows()[1]);
  });

  it('goes to the search box on /, and Escape clears the search', async () => {
    const { user } = await renderApp(classroom());
    rows()[2]?.focus();
    await user.keyboard('/');
    expect(document.activeElement).toBe(search());
    await user.keyboard('window');
    expect(rows()).toHaveLength(1);
    await user.keyboard('{Escape}');
    expect((search() as HTMLInputElement).value).toBe('');
    expect(rows()).toHaveLength(4);
  });
});
