/**
 * The launch page is written as every file of the data folder is (issue 55): 0600, renamed over
 * whole, never through a link at its name, and never into a folder put in place of the checked one.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FolderReplacedError, makePrivateFolder } from '../../src-main/dataFolder/privateFolder';
import { LaunchPage } from '../../src-main/preview/launchPage';
import { tempDir } from '../support/tempDir';

const URL = 'http://127.0.0.1:5173';

async function dataFolder(): Promise<string> {
  const dataDir = path.join(await tempDir('classtray-launch'), 'data');
  makePrivateFolder(dataDir);
  return dataDir;
}

// POSIX modes (0600) and a link at the page's name are what it checks: Windows has neither as such.
describe.skipIf(process.platform === 'win32')('the launch page', () => {
  it('is written 0600, replacing a link at its name rather than writing through it', async () => {
    const dataDir = await dataFolder();
    const elsewhere = path.join(path.dirname(dataDir), 'elsewhere.html');
    fs.writeFileSync(elsewhere, 'not ClassTray’s', { mode: 0o644 });
    const file = path.join(dataDir, 'preview-launch.html');
    fs.symlinkSync(elsewhere, file);

    new LaunchPage(dataDir).write(URL);

    expect(fs.lstatSync(file).isFile()).toBe(true);
    expect((fs.statSync(file).mode & 0o777).toString(8)).toBe('600');
    expect(fs.readFileSync(file, 'utf8')).toContain(`action="${URL}/launch"`);
    expect(fs.readFileSync(elsewhere, 'utf8')).toBe('not ClassTray’s');
    // No temporary file left beside it.
    expect(fs.readdirSync(dataDir)).toEqual(['preview-launch.html']);
  });

  it('is not written into a folder put in place of the checked one', async () => {
    const dataDir = await dataFolder();
    const page = new LaunchPage(dataDir);
    page.write(URL);
    fs.renameSync(dataDir, `${dataDir}-moved`);
    fs.mkdirSync(dataDir, { mode: 0o700 });

    expect(() => page.redeem('a wrong key')).not.toThrow();
    expect(() => page.write(URL)).toThrow(FolderReplacedError);
    expect(fs.readdirSync(dataDir)).toEqual([]);
  });
});
