/** A damaged availability history never keeps ClassTray from starting: set aside, logged. */
import { readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ClassTray } from '../../../src-main/core/classTray';
import { createClassTray } from '../../../src-main/core/classTray';
import { startDemoSchool } from '../../../src-main/hosts/demoSchool';
import { AVAILABILITY_FILE } from '../../../src-main/core/readiness/availability';
import { recordingLogger } from '../../support/recordingLogger';
import { tempDir } from '../../support/tempDir';

let classTray: ClassTray | undefined;
afterEach(async () => {
  await classTray?.close();
  classTray = undefined;
});

describe('a damaged availability history', () => {
  it('is set aside and ClassTray starts without history', async () => {
    const dataDir = await tempDir();
    await writeFile(path.join(dataDir, AVAILABILITY_FILE), '\u0000not json at all');
    const { log, lines } = recordingLogger();
    classTray = await createClassTray({
      dataDir,
      env: {},
      loadKeytar: () => Promise.reject(new Error('no keychain here')),
      demoSchool: () => startDemoSchool(),
      log,
    });
    const state = await classTray.getState();
    expect(state.readiness.lesson).toBeNull();
    const names = await readdir(dataDir);
    expect(names.some((name) => name.startsWith(`${AVAILABILITY_FILE}.unreadable-`))).toBe(true);
    expect(
      lines.some((line) => line.includes('availability history') && line.includes('set aside')),
    ).toBe(true);
  });
});
