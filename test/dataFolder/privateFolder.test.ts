/**
 * A data folder no other user of the laptop can read (issue 33): created 0700 with its files
 * 0600 by what both hosts run first (takeDataFolderLock) and by what writes there (settings,
 * policy defaults, the lock), and narrowed when found wider, as a folder made with the usual
 * umask (0755, settings.json 0644) is.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { silentLogger } from '../../src-main/core/logger';
import { makePrivateFolder, replaceFileNoFollow } from '../../src-main/dataFolder/privateFolder';
import { openSettings } from '../../src-main/core/settings/settings';
import { takeDataFolderLock } from '../../src-main/dataFolder/writerLock';
import { tempDir } from '../support/tempDir';

const modeOf = (file: string): number => fs.lstatSync(file).mode & 0o777;

/** Every entry's mode, by name relative to `folder` ('.' for the folder itself). */
function modes(folder: string): Record<string, string> {
  const found: Record<string, string> = { '.': modeOf(folder).toString(8) };
  for (const name of fs.readdirSync(folder, { recursive: true }) as string[]) {
    found[name] = modeOf(path.join(folder, name)).toString(8);
  }
  return found;
}

describe.runIf(process.platform !== 'win32')('the data folder, private to the teacher', () => {
  it('is created 0700, and what ClassTray writes there is 0600', async () => {
    const dataDir = path.join(await tempDir('classtray-private'), 'ClassTray');
    const lock = takeDataFolderLock(dataDir, 'a test');
    try {
      const settings = openSettings({ dataDir, log: silentLogger });
      settings.update({ serviceUrl: 'https://school.example', mode: 'service' });
      expect(modes(dataDir)).toEqual({
        '.': '700',
        'classtray.lock': '600',
        'settings.json': '600',
      });
      expect(lock.privateFolder).toEqual({ narrowed: [] });
    } finally {
      lock.release();
    }
  });

  it('is narrowed when found wider: the folder 0755, settings.json 0644, a folder in it 0755', async () => {
    const dataDir = await tempDir('classtray-wide');
    fs.chmodSync(dataDir, 0o755);
    fs.writeFileSync(path.join(dataDir, 'settings.json'), '{}\n', { mode: 0o644 });
    fs.chmodSync(path.join(dataDir, 'settings.json'), 0o644);
    fs.mkdirSync(path.join(dataDir, 'logs'), { mode: 0o755 });
    fs.chmodSync(path.join(dataDir, 'logs'), 0o755);
    fs.writeFileSync(path.join(dataDir, 'policy-defaults.json'), '{}\n');
    fs.chmodSync(path.join(dataDir, 'policy-defaults.json'), 0o666);
    // A link is not ClassTray's to change, nor what it points to.
    const outside = path.join(await tempDir('classtray-outside'), 'shared.txt');
    fs.writeFileSync(outside, 'x');
    fs.chmodSync(outside, 0o644);
    fs.symlinkSync(outside, path.join(dataDir, 'link'));

    const lock = takeDataFolderLock(dataDir, 'a test');
    lock.release();

    expect(modes(dataDir)).toMatchObject({
      '.': '700',
      'settings.json': '600',
      'policy-defaults.json': '600',
      logs: '700',
    });
    expect(modeOf(outside)).toBe(0o644);
    expect(
      lock.privateFolder?.narrowed.map(({ path: file, mode }) => [
        path.basename(file),
        mode.toString(8),
      ]),
    ).toEqual(
      expect.arrayContaining([
        [path.basename(dataDir), '755'],
        ['settings.json', '644'],
        ['logs', '755'],
        ['policy-defaults.json', '666'],
      ]) as unknown,
    );

    // conf writes the whole file again at each change: still 0600 after one.
    const settings = openSettings({ dataDir, log: silentLogger });
    settings.update({ serviceUrl: 'https://school.example', mode: 'service' });
    expect(modeOf(path.join(dataDir, 'settings.json'))).toBe(0o600);
  });

  it('leaves Windows to its profile ACLs', async () => {
    const dataDir = await tempDir('classtray-windows');
    fs.chmodSync(dataDir, 0o755);
    expect(makePrivateFolder(dataDir, { platform: 'win32' })).toEqual({ narrowed: [] });
    expect(modeOf(dataDir)).toBe(0o755);
  });
});

describe.runIf(process.platform !== 'win32')('a file of the data folder replaced whole', () => {
  it('is written 0600, over a link at its name without following it, leaving no temporary file', async () => {
    const dir = await tempDir('classtray-replace');
    const elsewhere = path.join(await tempDir('classtray-elsewhere'), 'target.json');
    fs.writeFileSync(elsewhere, 'not ours');
    const file = path.join(dir, 'seat-plans.json');
    fs.symlinkSync(elsewhere, file);
    await replaceFileNoFollow(file, '{"plans":{}}');
    expect(fs.lstatSync(file).isFile()).toBe(true);
    expect(fs.readFileSync(file, 'utf8')).toBe('{"plans":{}}');
    expect(modeOf(file)).toBe(0o600);
    expect(fs.readFileSync(elsewhere, 'utf8')).toBe('not ours');
    expect(fs.readdirSync(dir)).toEqual(['seat-plans.json']);
  });

  it('keeps the file as it was and removes its temporary file when the rename fails', async () => {
    const dir = await tempDir('classtray-replace');
    // A folder at the file's name: the rename over it fails (EISDIR), after the write.
    const file = path.join(dir, 'availability.json');
    fs.mkdirSync(file);
    await expect(replaceFileNoFollow(file, '{}')).rejects.toThrow();
    expect(fs.statSync(file).isDirectory()).toBe(true);
    expect(fs.readdirSync(dir)).toEqual(['availability.json']);
  });
});
