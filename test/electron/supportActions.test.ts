/**
 * The tray app's Open log folder and Copy diagnostics (supportActions.ts) against the mocked electron,
 * on their own and through IPC from the app's page.
 */
import { clipboard, ipcMain, shell } from 'electron';
import path from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { channels } from '../../src-main/electron/channels';
import { registerIpc } from '../../src-main/electron/ipc';
import { electronSupport } from '../../src-main/electron/supportActions';
import { createLogger } from '../../src-main/core/logger';
import { openLogFile } from '../../src-main/hosts/logFile';
import { FakeClassTray } from '../support/fakeClassTray';
import { recordingLogger } from '../support/recordingLogger';
import { tempDir } from '../support/tempDir';
import type { ElectronMock } from './electronMock';
import { roomState } from './stateFixture';

vi.mock('electron', async () => (await import('./electronMock')).electronMock());
const mockedIpc = ipcMain as unknown as ElectronMock['ipcMain'];
const mockedClipboard = clipboard as unknown as ElectronMock['clipboard'];
const mockedShell = shell as unknown as ElectronMock['shell'];

const appFrame = { senderFrame: { url: 'app://classtray/index.html', parent: null } };
const foreignFrame = { senderFrame: { url: 'https://evil.example/', parent: null } };

const call = (channel: string, event: unknown, input?: unknown): Promise<unknown> => {
  const handler = mockedIpc.handlers.get(channel);
  if (!handler) throw new Error(`no handler on ${channel}`);
  return Promise.resolve().then(() => handler(event, input));
};

/** A core whose policy is in force from the machine's file, and one entry it ignored. */
function coreWithPolicy(): FakeClassTray {
  return new FakeClassTray(
    roomState({
      schoolPolicy: {
        inForce: [
          {
            name: 'ServiceUrl',
            value: 'https://policy-secret.example',
            how: 'locked',
            source: '/etc/classtray/policy.json',
          },
          {
            name: 'PollVisibleSeconds',
            // A value no timestamp, line number or temp folder can show by chance.
            value: 7919,
            how: 'default',
            source: '/etc/classtray/policy.json',
          },
        ],
        ignored: [
          {
            source: '/etc/classtray/policy.json',
            name: 'ApiToken',
            why: { code: 'neverPolicyToken' },
          },
        ],
      },
    }),
  );
}

async function logWithLines(count: number) {
  const logFile = openLogFile(path.join(await tempDir(), 'logs'), {
    console: { info: () => undefined, warn: () => undefined, error: () => undefined },
  });
  const log = createLogger(logFile.sink, 'core');
  for (let index = 1; index <= count; index++) log.info(`line ${index}`);
  return logFile;
}

describe('Open log folder', () => {
  beforeEach(() => {
    mockedShell.openPath.mockClear();
  });

  it('opens the log folder in the file manager and says so', async () => {
    const logFile = await logWithLines(1);
    const support = electronSupport(new FakeClassTray(), logFile, recordingLogger().log);
    await expect(support.openLogFolder()).resolves.toEqual({
      folder: logFile.folder,
      opened: true,
    });
    expect(mockedShell.openPath).toHaveBeenCalledWith(logFile.folder);
  });

  it('answers the folder, not opened, and logs why, when the system cannot open it', async () => {
    const logFile = await logWithLines(1);
    const { log, lines } = recordingLogger();
    mockedShell.openPath.mockResolvedValueOnce('No application is registered for folders');
    await expect(
      electronSupport(new FakeClassTray(), logFile, log).openLogFolder(),
    ).resolves.toEqual({ folder: logFile.folder, opened: false });
    expect(lines).toEqual([
      'The log folder could not be opened: No application is registered for folders',
    ]);
  });
});

describe('Copy diagnostics', () => {
  it('puts the version, OS, runtimes, policy by key and source and the last 200 log lines on the clipboard, no value', async () => {
    const logFile = await logWithLines(250);
    await electronSupport(coreWithPolicy(), logFile, recordingLogger().log).copyDiagnostics();
    const text = mockedClipboard.contents()['text/plain'] ?? '';
    expect(text).toMatch(/^ClassTray diagnostics, \d{4}-\d\d-\d\dT/);
    expect(text).toContain('ClassTray 0.1.0 (tray app)');
    expect(text).toMatch(/\nOS: \S.* \((linux|darwin|win32) \w+\)\n/);
    expect(text).toContain(`Node ${process.versions.node}`);
    expect(text).toContain(`Log folder: ${logFile.folder}`);
    expect(text).toContain('  ServiceUrl: locked, from /etc/classtray/policy.json');
    expect(text).toContain('  PollVisibleSeconds: default, from /etc/classtray/policy.json');
    expect(text).toContain('  /etc/classtray/policy.json: ApiToken is never a policy');
    expect(text).not.toContain('policy-secret.example');
    expect(text).not.toMatch(/\b7919\b/);
    // The last 200 lines: 51 to 250, in order.
    expect(text).toContain('Last 200 log lines:');
    const logged = [...text.matchAll(/\[core\] line (\d+)$/gm)].map((match) => Number(match[1]));
    expect(logged).toEqual(Array.from({ length: 200 }, (_, index) => 51 + index));
  });

  it('says in a sentence when the clipboard refuses, and logs why', async () => {
    const logFile = await logWithLines(1);
    const { log, lines } = recordingLogger();
    mockedClipboard.writeText.mockRejectedValueOnce(new Error('clipboard busy'));
    await expect(
      electronSupport(new FakeClassTray(), logFile, log).copyDiagnostics(),
    ).rejects.toMatchObject({
      message: 'The diagnostics could not be copied to the clipboard: try again.',
      // Worded by the window in its language.
      refusal: { code: 'diagnosticsNotCopied', values: {} },
    });
    expect(lines).toEqual(['Writing the diagnostics to the clipboard failed: clipboard busy']);
  });
});

describe('IPC', () => {
  it('handles both for the app page only, passing the folder and nothing of the text', async () => {
    mockedIpc.handlers.clear();
    const logFile = await logWithLines(3);
    const classTray = new FakeClassTray();
    registerIpc(
      classTray,
      recordingLogger().log,
      undefined,
      electronSupport(classTray, logFile, recordingLogger().log),
    );
    await expect(call(channels.openLogFolder, appFrame)).resolves.toEqual({
      folder: logFile.folder,
      opened: true,
    });
    await expect(call(channels.copyDiagnostics, appFrame)).resolves.toBeUndefined();
    expect(mockedClipboard.contents()['text/plain']).toContain('[core] line 3');

    mockedShell.openPath.mockClear();
    mockedClipboard.writeText.mockClear();
    for (const channel of [channels.openLogFolder, channels.copyDiagnostics]) {
      await expect(call(channel, foreignFrame)).rejects.toThrow('outside the ClassTray window');
    }
    expect(mockedShell.openPath).not.toHaveBeenCalled();
    expect(mockedClipboard.writeText).not.toHaveBeenCalled();
  });
});
