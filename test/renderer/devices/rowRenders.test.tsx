// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { FakeClassTray } from '../../support/fakeClassTray';
import { classTrayState, device } from '../../support/classTrayState';
import { renderApp } from '../renderApp';

// The same counter the renderer bench reads: DeviceRow counts its renders in bench mode.
const counters = globalThis as { classTrayRowRenders?: number };

beforeEach(() => {
  vi.stubEnv('MODE', 'bench');
});
afterEach(() => {
  cleanup();
  vi.unstubAllEnvs();
});

const devices = Array.from({ length: 8 }, (_, i) => device(i + 1, { online: i % 2 === 0 }));

it('re-renders only the touched row when one device changes status', async () => {
  const { push } = await renderApp(new FakeClassTray(classTrayState({ devices })));
  counters.classTrayRowRenders = 0;

  await push({ type: 'online-changed', remoteId: '100000002', online: true });

  expect(counters.classTrayRowRenders).toBe(1);
  const row = screen.getByText('LAB-PC02').closest('[role="listitem"]');
  expect(row).not.toBeNull();
  expect(within(row as HTMLElement).getByText('Online')).toBeTruthy();
});

it('re-renders only the touched row when one device is renamed', async () => {
  const { push } = await renderApp(new FakeClassTray(classTrayState({ devices })));
  counters.classTrayRowRenders = 0;

  await push({ type: 'device-changed', device: device(5, { alias: 'Teacher PC' }) });

  expect(counters.classTrayRowRenders).toBe(1);
  expect(screen.getByText('Teacher PC')).toBeTruthy();
});
