// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ConnectionView } from '../../../src-main/core/classroom/classroomView';
import type { Locale } from '../../../src-shared/i18n/languages';
import { FakeClassTray } from '../../support/fakeClassTray';
import { classTrayState } from '../../support/classTrayState';
import { renderApp } from '../renderApp';
import { isolated } from '../../../src-renderer/views/bidi';

afterEach(cleanup);

const withStatus = (status: ConnectionView['status']) =>
  new FakeClassTray(classTrayState({ connection: { status } }));

it('alerts that the service cannot be reached and keeps the last known devices', async () => {
  await renderApp(withStatus('offline'));
  expect(screen.getByRole('alert').textContent).toMatch(/Cannot reach the service/);
  expect(screen.getByText('LAB-PC01')).toBeTruthy();
});

it('alerts that the service rejected the token, with a way to settings', async () => {
  const { user } = await renderApp(withStatus('unauthorized'));
  expect(screen.getByRole('alert').textContent).toMatch(/rejected the API token/);
  await user.click(screen.getByRole('button', { name: 'Check settings' }));
  expect(screen.getByRole('heading', { name: 'Settings' })).toBeTruthy();
});

describe('with no API token saved (the service was never asked)', () => {
  const noToken = (language: Locale) =>
    new FakeClassTray(
      classTrayState({
        connection: {
          status: 'unauthorized',
          problem: { kind: 'no-token', detail: 'No API token is saved for this service.' },
        },
        preferences: { language },
      }),
    );

  it('says no token is saved, never that one was rejected, and offers Connect', async () => {
    const { user } = await renderApp(noToken('en'));
    const alert = screen.getByRole('alert').textContent;
    expect(alert).toBe('No API token saved. Showing the last known devices.');
    expect(screen.queryByRole('button', { name: 'Retry now' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Connect' }));
    expect(screen.getByRole('heading', { name: 'Settings' })).toBeTruthy();
  });

  it('says it in Spanish too', async () => {
    await renderApp(noToken('es'));
    expect(screen.getByRole('alert').textContent).toBe(
      'No hay ningún token de la API guardado. Se muestran los últimos equipos conocidos.',
    );
    expect(screen.getByRole('button', { name: 'Conectar' })).toBeTruthy();
  });
});

it('alerts Classroom not found for an unknown classroom id', async () => {
  await renderApp(withStatus('classroom-not-found'));
  expect(screen.getByRole('alert').textContent).toMatch(/Classroom not found/);
});

it('reports stale data as a status, not an alert', async () => {
  await renderApp(withStatus('stale'));
  const banner = screen.getByText(/may be out of date/).closest('[role]');
  expect(banner?.getAttribute('role')).toBe('status');
  expect(screen.queryByRole('alert')).toBeNull();
});

it('says quietly that the service is slow while a refresh runs long', async () => {
  await renderApp(withStatus('slow'));
  const banner = screen.getByText(/The service is slow to answer/).closest('[role]');
  expect(banner?.getAttribute('role')).toBe('status');
  expect(screen.queryByRole('alert')).toBeNull();
});

it('says when the next attempt is, outside the alert so each retry is not read out again', async () => {
  const nextAttemptAt = new Date(2026, 0, 5, 9, 31, 5).toISOString();
  await renderApp(
    new FakeClassTray(classTrayState({ connection: { status: 'offline', nextAttemptAt } })),
  );
  expect(screen.getByText(/Trying again at 09:31:05\./)).toBeTruthy();
  expect(screen.getByRole('alert').textContent).not.toContain('Trying again');
});

it('announces stale data through a status region that was already in the page', async () => {
  // A live region added together with its text is often not read out at all.
  const fake = withStatus('ok');
  const { push } = await renderApp(fake);
  const regionsBefore = screen.queryAllByRole('status');
  await push({ type: 'connection', connection: { ...fake.state.connection, status: 'stale' } });
  const region = screen.getByText(/may be out of date/).closest('[role="status"]');
  expect(region).not.toBeNull();
  expect(regionsBefore).toContain(region);
});

it('disappears once the connection is ok again', async () => {
  const fake = withStatus('offline');
  const { push } = await renderApp(fake);
  await push({ type: 'connection', connection: { ...fake.state.connection, status: 'ok' } });
  expect(screen.queryByRole('alert')).toBeNull();
});

it('shows no banner while the data is fresh', async () => {
  await renderApp(withStatus('ok'));
  expect(screen.queryByRole('alert')).toBeNull();
});

it('does not claim an empty classroom when the devices never arrived', async () => {
  await renderApp(
    new FakeClassTray(
      classTrayState({ devices: [], connection: { status: 'offline', lastSuccessAt: null } }),
    ),
  );
  expect(screen.queryByText('This classroom has no devices.')).toBeNull();
  expect(screen.getByText('No devices loaded yet.')).toBeTruthy();
});

it('says ClassTray itself failed, not the service, when a refresh met a bug', async () => {
  const problem = { kind: 'internal' as const, detail: 'ClassTray failed unexpectedly.' };
  await renderApp(new FakeClassTray(classTrayState({ connection: { status: 'stale', problem } })));
  expect(screen.getByRole('alert').textContent).toMatch(/ClassTray failed while refreshing/);
  expect(screen.queryByText(/may be out of date\.$/)).toBeNull();
});

it('claims no last known devices when none were ever loaded', async () => {
  await renderApp(
    new FakeClassTray(
      classTrayState({ devices: [], connection: { status: 'offline', lastSuccessAt: null } }),
    ),
  );
  const alert = screen.getByRole('alert').textContent ?? '';
  expect(alert).toMatch(/Cannot reach the service, so no devices could be loaded/);
  expect(alert).not.toMatch(/last known/);
});

it('says a slow first answer is still awaited, not that last known devices are shown', async () => {
  await renderApp(
    new FakeClassTray(
      classTrayState({ devices: [], connection: { status: 'slow', lastSuccessAt: null } }),
    ),
  );
  expect(screen.getByText(/still waiting for the devices/)).toBeTruthy();
  expect(screen.queryByText(/last known/)).toBeNull();
});

it('offers Retry now, which refreshes at once', async () => {
  const fake = withStatus('offline');
  const { user } = await renderApp(fake);
  await user.click(screen.getByRole('button', { name: 'Retry now' }));
  expect(fake.refresh).toHaveBeenCalledTimes(1);
});

it('offers no Retry now for a missing or rejected token: the settings fix that', async () => {
  await renderApp(withStatus('unauthorized'));
  expect(screen.queryByRole('button', { name: 'Retry now' })).toBeNull();
});

it('says why Retry now failed, beside it', async () => {
  const fake = withStatus('offline');
  fake.refresh.mockRejectedValueOnce(new Error('still down'));
  const { user } = await renderApp(fake);
  await user.click(screen.getByRole('button', { name: 'Retry now' }));
  expect(await screen.findByText(/still down/)).toBeTruthy();
});

it('mutes the rows and the count and dates them to the last success while offline', async () => {
  const lastSuccessAt = new Date(2026, 0, 5, 10, 42, 0).toISOString();
  await renderApp(
    new FakeClassTray(classTrayState({ connection: { status: 'offline', lastSuccessAt } })),
  );
  const count = screen.getByText(`2 of 3 online as of ${isolated('10:42:00')}`);
  expect(count.classList.contains('old')).toBe(true);
  const list = screen.getByRole('list', { name: 'Devices as of 10:42:00' });
  expect(list.classList.contains('old')).toBe(true);
});

it('shows the rows and the count as live once the connection is ok', async () => {
  const fake = withStatus('offline');
  const { push } = await renderApp(fake);
  await push({ type: 'connection', connection: { ...fake.state.connection, status: 'ok' } });
  expect(screen.getByText('2 of 3 online').classList.contains('old')).toBe(false);
  expect(screen.getByRole('list', { name: 'Devices' }).classList.contains('old')).toBe(false);
});
