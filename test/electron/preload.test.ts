import { contextBridge, ipcRenderer } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import { ACTION_NAMES } from '../../src-shared/actions';
import { failureShown, messageWithRefusal } from '../../src-shared/refusal';
import type { RendererApi } from '../../src-main/core/api/hostApi';
import { channels } from '../../src-main/electron/channels';
import type { ElectronMock } from './electronMock';

vi.mock('electron', async () => (await import('./electronMock')).electronMock());

const exposed = async (): Promise<{ name: string; api: RendererApi }> => {
  await import('../../src-main/electron/preload');
  const [name, api] = vi.mocked(contextBridge.exposeInMainWorld).mock.calls[0] ?? [];
  return { name: name as string, api: api as RendererApi };
};

describe('preload', () => {
  it('exposes exactly the RendererApi as window.classTray, and no ipcRenderer', async () => {
    const { name, api } = await exposed();
    expect(name).toBe('classTray');
    expect(Object.keys(api).sort()).toEqual(
      [
        ...ACTION_NAMES,
        'getState',
        'subscribe',
        'copyDevicePassword',
        'openLogFolder',
        'copyDiagnostics',
      ].sort(),
    );
    expect(Object.values(api).every((value) => typeof value === 'function')).toBe(true);
    expect(Object.values(api)).not.toContain(ipcRenderer);
  });

  it('has a channel for every action of the core, named after it', () => {
    expect(Object.keys(channels.actions)).toEqual([...ACTION_NAMES]);
    for (const action of ACTION_NAMES) {
      expect(channels.actions[action]).toBe(`classtray:action:${action}`);
    }
  });

  it('invokes each action on its channel with only the input', async () => {
    const { api } = await exposed();
    const invoke = vi.mocked(ipcRenderer.invoke);
    invoke.mockClear();
    await api.selectClassroom({ id: 'room-12' });
    await api.refresh();
    await api.getState();
    await api.copyDevicePassword({ remoteId: '1' });
    await api.openLogFolder();
    await api.copyDiagnostics();
    expect(invoke.mock.calls).toEqual([
      ['classtray:action:selectClassroom', { id: 'room-12' }],
      ['classtray:action:refresh', undefined],
      ['classtray:state'],
      ['classtray:copy-password', { remoteId: '1' }],
      ['classtray:open-log-folder', undefined],
      ['classtray:copy-diagnostics', undefined],
    ]);
  });

  it("rejects with main's sentence alone, without Electron's wrapping", async () => {
    const { api } = await exposed();
    vi.mocked(ipcRenderer.invoke).mockRejectedValueOnce(
      new Error(
        "Error invoking remote method 'classtray:action:connectService': " +
          'Error: No service URL is saved yet: connect your account first.',
      ),
    );
    await expect(api.connectService({ serviceUrl: 'https://x.example' })).rejects.toThrow(
      /^No service URL is saved yet: connect your account first\.$/,
    );
  });

  it("keeps main's refusal in the rejection it passes on", async () => {
    const { api } = await exposed();
    const shown = {
      message: 'This classroom is not in your list: open it first.',
      refusal: { code: 'classroomNotListed', values: {} },
    } as const;
    vi.mocked(ipcRenderer.invoke).mockRejectedValueOnce(
      new Error(
        "Error invoking remote method 'classtray:action:scheduleEnd': " +
          `Error: ${messageWithRefusal(shown)}`,
      ),
    );
    const error: unknown = await api
      .scheduleEnd({ target: { classroomId: 'room-9' }, at: '2030-01-01T10:50:00.000Z' })
      .catch((caught: unknown) => caught);
    expect(failureShown(error)).toEqual(shown);
  });

  it('subscribes on the push channel, hides the IPC event, and unsubscribes', async () => {
    const { api } = await exposed();
    const listeners = (ipcRenderer as unknown as ElectronMock['ipcRenderer']).listeners;
    const listener = vi.fn();
    const unsubscribe = api.subscribe(listener);
    const change = { type: 'online-changed', remoteId: '1', online: true };
    for (const forward of listeners.get('classtray:changes') ?? []) {
      forward({ sender: 'the ipc event' }, change);
    }
    expect(listener.mock.calls).toEqual([[change]]);
    unsubscribe();
    expect(listeners.get('classtray:changes')?.size).toBe(0);
  });
});
