// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeClassTray } from '../../support/fakeClassTray';
import { classTrayState, device, trackedAccess } from '../../support/classTrayState';
import { renderApp } from '../renderApp';

afterEach(cleanup);

const rowTexts = () =>
  within(screen.getByRole('list', { name: 'Devices' }))
    .getAllByRole('listitem')
    .map((row) => row.textContent);

const classroom = (problemsFirst = true) =>
  new FakeClassTray(
    classTrayState({
      preferences: { problemsFirst },
      devices: [
        device(1, { alias: 'Front desk', online: false }),
        device(2, { alias: 'Window seat', online: true }),
        device(3, { alias: null, online: null }),
        device(4, { alias: 'Back row', online: true, has2fa: false, status: 'disabled' }),
      ],
    }),
  );

describe('device list', () => {
  it('counts the online devices out of all of them', async () => {
    await renderApp(classroom());
    expect(screen.getByText('2 of 4 online')).toBeTruthy();
  });

  it('updates the count when a device comes online', async () => {
    const { push } = await renderApp(classroom());
    await push({ type: 'online-changed', remoteId: '100000001', online: true });
    expect(screen.getByText('3 of 4 online')).toBeTruthy();
  });

  it('lists problems first (offline devices), then online ones, otherwise the service order', async () => {
    await renderApp(classroom());
    const names = rowTexts().map(
      (text) => text?.match(/^(Window seat|Back row|Front desk|100000003)/)?.[1],
    );
    expect(names).toEqual(['Front desk', 'Window seat', 'Back row', '100000003']);
  });

  it('lists online devices first and keeps the service order otherwise without Problems first', async () => {
    await renderApp(classroom(false));
    const names = rowTexts().map(
      (text) => text?.match(/^(Window seat|Back row|Front desk|100000003)/)?.[1],
    );
    expect(names).toEqual(['Window seat', 'Back row', 'Front desk', '100000003']);
  });

  it('shows each status as a word, and Unknown when nobody can say', async () => {
    await renderApp(classroom());
    const [frontDesk, windowSeat, , noAlias] = rowTexts();
    expect(windowSeat).toContain('Online');
    expect(frontDesk).toContain('Offline');
    expect(noAlias).toContain('Unknown');
  });

  it('names a device without an alias by its remote id', async () => {
    await renderApp(classroom());
    expect(rowTexts()[3]).toContain('100000003');
  });

  it('marks devices without 2FA and disabled ones', async () => {
    await renderApp(classroom());
    const backRow = rowTexts()[2];
    expect(backRow).toContain('No 2FA');
    expect(backRow).toContain('Disabled');
  });

  it('finds devices by alias', async () => {
    const { user } = await renderApp(classroom());
    await user.type(screen.getByRole('searchbox', { name: /Search/ }), 'row');
    expect(rowTexts()).toEqual([expect.stringContaining('Back row')]);
  });

  it('finds devices by remote id, spaces ignored', async () => {
    const { user } = await renderApp(classroom());
    await user.type(screen.getByRole('searchbox', { name: /Search/ }), '100 000 003');
    expect(rowTexts()).toEqual([expect.stringContaining('100000003')]);
  });

  it('finds students as well as devices, the student first', async () => {
    const fake = new FakeClassTray(
      classTrayState({
        devices: [
          device(1, { alias: 'Luisa desk', online: true }),
          device(2, { alias: 'Window seat', online: true }),
          device(3, { alias: 'Back row', online: true }),
        ],
        temporalAccesses: [trackedAccess({ remoteId: '100000003', studentName: 'Luis Pérez' })],
      }),
    );
    const { user } = await renderApp(fake);
    await user.type(screen.getByRole('searchbox', { name: /Search/ }), 'luis');
    // Luis's device first (his name), then the device whose name matches.
    expect(rowTexts()).toEqual([
      expect.stringMatching(/^Back row.*Luis Pérez/),
      expect.stringMatching(/^Luisa desk/),
    ]);
    // The compact view (a grid of tiles) finds him too, in the same order.
    await user.click(screen.getByRole('button', { name: 'Compact view' }));
    const tiles = within(screen.getByRole('list', { name: 'Devices' }))
      .getAllByRole('listitem')
      .map((tile) => tile.querySelector('.tile')?.getAttribute('title'));
    expect(tiles).toEqual([
      expect.stringMatching(/^Back row, .*Luis Pérez/),
      expect.stringMatching(/^Luisa desk, /),
    ]);
  });

  it('says so when nothing matches the search', async () => {
    const { user } = await renderApp(classroom());
    await user.type(screen.getByRole('searchbox', { name: /Search/ }), 'nothing like this');
    expect(screen.queryByRole('list', { name: 'Devices' })).toBeNull();
    expect(screen.getByText('No student or device matches.')).toBeTruthy();
  });

  it('filters to online devices', async () => {
    const { user } = await renderApp(classroom());
    await user.click(screen.getByRole('radio', { name: 'Online 2' }));
    expect(rowTexts()).toEqual([
      expect.stringContaining('Window seat'),
      expect.stringContaining('Back row'),
    ]);
  });

  it('filters to offline devices', async () => {
    const { user } = await renderApp(classroom());
    await user.click(screen.getByRole('radio', { name: 'Offline 1' }));
    expect(rowTexts()).toEqual([expect.stringContaining('Front desk')]);
  });

  it('shows a device added while the window is open', async () => {
    const { push } = await renderApp(classroom());
    await push({ type: 'device-added', device: device(5, { alias: 'New laptop' }) });
    expect(rowTexts()).toContainEqual(expect.stringContaining('New laptop'));
  });

  it('copies a password through the api, says when it is cleared, and never shows it', async () => {
    const fake = classroom();
    const { user } = await renderApp(fake);
    await user.click(screen.getByRole('button', { name: 'Copy password for Front desk' }));
    expect(fake.copyDevicePassword).toHaveBeenCalledWith({ remoteId: '100000001' });
    const row = screen.getByText('Front desk').closest('[role="listitem"]') as HTMLElement;
    expect(within(row).getByRole('status').textContent).toBe('Copied: cleared in 30 s');
  });

  it.each([
    ['en', { afterSeconds: 10 }, 'Copied: cleared in 10 s'],
    ['en', 'on-quit', 'Copied: cleared when ClassTray quits'],
    ['en', 'never', 'Copied: this browser cannot clear it later'],
    ['es', { afterSeconds: 30 }, 'Copiado: se borra en 30 s'],
    ['es', 'on-quit', 'Copiado: se borra al salir de ClassTray'],
    ['es', 'never', 'Copiado: este navegador no puede borrarlo después'],
  ] as const)('in %s, a password cleared %j says "%s"', async (language, cleared, sentence) => {
    const fake = classroom();
    fake.state.preferences.language = language;
    fake.copyDevicePassword.mockResolvedValueOnce({ copied: true, cleared });
    const { user } = await renderApp(fake);
    const name = { en: 'Copy password for', es: 'Copiar contraseña de' }[language];
    await user.click(screen.getByRole('button', { name: `${name} Front desk` }));
    expect(await screen.findByText(sentence)).toBeTruthy();
  });

  it('says a password is not available when the host has none', async () => {
    const fake = classroom();
    fake.copyDevicePassword.mockResolvedValueOnce({ copied: false });
    const { user } = await renderApp(fake);
    await user.click(screen.getByRole('button', { name: 'Copy password for Window seat' }));
    expect(await screen.findByText('Not available')).toBeTruthy();
  });

  it('asks for a classroom when none is chosen', async () => {
    await renderApp(
      new FakeClassTray(classTrayState({ devices: [], classroom: { id: null, recent: [] } })),
    );
    expect(screen.getByText('Choose or add a classroom to see its devices.')).toBeTruthy();
  });
});
