import fs from 'node:fs';
import path from 'node:path';
import { safeStorage } from 'electron';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { silentLogger } from '../../src-main/core/logger';
import { STUDENTS_FILE, StudentNames } from '../../src-main/core/students/studentNames';
import { safeStorageCipher } from '../../src-main/electron/studentCipher';
import { tempDir } from '../support/tempDir';

vi.mock('electron', async () => (await import('./electronMock')).electronMock());

const NOW = Date.parse('2026-03-02T09:00:00.000Z');
const TOKEN = '3f2c1a4e-8b7d-4c6e-9a1b-2d3e4f5a6b7c';

async function namesIn(dataDir: string, cipher = safeStorageCipher('linux')) {
  const names = new StudentNames({
    dataDir,
    cipher,
    log: silentLogger,
    clock: () => NOW,
    zone: () => 'Europe/Berlin',
    rules: () => ({ names: 'full', retentionHours: 0 }),
  });
  await names.load();
  return names;
}

describe("students.json in the tray app, through Electron's safeStorage", () => {
  beforeEach(() => {
    vi.mocked(safeStorage.isAsyncEncryptionAvailable).mockReset().mockResolvedValue(true);
    vi.mocked(safeStorage.getSelectedStorageBackend).mockReturnValue('gnome_libsecret');
  });

  it('is encrypted by the OS: no name in the file, read back by the next start', async () => {
    const dataDir = await tempDir();
    const names = await namesIn(dataDir);
    expect(names.protection).toBe('os');
    names.keep(TOKEN, 'Ana Lima', NOW);
    await names.flushed();
    const text = fs.readFileSync(path.join(dataDir, STUDENTS_FILE), 'utf8');
    expect(text).not.toContain('Ana');
    expect(JSON.parse(text)).toMatchObject({ protection: 'os' });
    expect(safeStorage.encryptStringAsync).toHaveBeenCalled();
    expect((await namesIn(dataDir)).nameOf(TOKEN)).toBe('Ana Lima');
  });

  it("counts Linux's basic_text backend (a key in Chromium's source) as no encryption", async () => {
    vi.mocked(safeStorage.getSelectedStorageBackend).mockReturnValue('basic_text');
    const names = await namesIn(await tempDir());
    expect(names.protection).toBe('none');
  });

  it('writes them unencrypted, and says so, where the OS cannot encrypt when asked', async () => {
    vi.mocked(safeStorage.isAsyncEncryptionAvailable).mockResolvedValue(false);
    const dataDir = await tempDir();
    const names = await namesIn(dataDir);
    names.keep(TOKEN, 'Ana Lima', NOW);
    await names.flushed();
    expect(names.protection).toBe('none');
    expect(fs.readFileSync(path.join(dataDir, STUDENTS_FILE), 'utf8')).toContain('Ana Lima');
  });
});
