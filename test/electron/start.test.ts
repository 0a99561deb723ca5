import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { chooseLaunch, fallbackLine, type RuntimeFacts } from '../../src-main/start';

const pkg = '/app/node_modules/electron';
const facts = (over: Partial<RuntimeFacts> & { files?: Record<string, string> } = {}) => {
  const files = over.files ?? {
    [path.join(pkg, 'path.txt')]: 'electron',
    [path.join(pkg, 'dist', 'electron')]: '',
  };
  return {
    env: { DISPLAY: ':0' },
    platform: 'linux' as const,
    electronPackageDir: pkg,
    exists: (file: string) => file in files,
    readFile: (file: string) => files[file],
    ...over,
  };
};

describe('npm start', () => {
  it('launches Electron where its runtime was downloaded and there is a display', () => {
    expect(chooseLaunch(facts())).toEqual({
      kind: 'electron',
      executable: path.join(pkg, 'dist', 'electron'),
    });
  });

  it('starts the preview when the runtime was never downloaded', () => {
    expect(chooseLaunch(facts({ files: {} }))).toMatchObject({ kind: 'preview' });
  });

  it('starts the preview when path.txt names a missing binary', () => {
    const files = { [path.join(pkg, 'path.txt')]: 'electron' };
    expect(chooseLaunch(facts({ files }))).toMatchObject({ kind: 'preview' });
  });

  it('starts the preview on Linux without DISPLAY or WAYLAND_DISPLAY', () => {
    expect(chooseLaunch(facts({ env: {} }))).toEqual({
      kind: 'preview',
      reason: 'there is no display (neither DISPLAY nor WAYLAND_DISPLAY)',
    });
    expect(chooseLaunch(facts({ env: { WAYLAND_DISPLAY: 'wayland-0' } })).kind).toBe('electron');
    expect(chooseLaunch(facts({ env: {}, platform: 'darwin' })).kind).toBe('electron');
  });

  it('honors ELECTRON_OVERRIDE_DIST_PATH, as the electron package does', () => {
    const files = { '/opt/electron/electron': '' };
    expect(
      chooseLaunch(
        facts({ files, env: { DISPLAY: ':0', ELECTRON_OVERRIDE_DIST_PATH: '/opt/electron' } }),
      ),
    ).toEqual({
      kind: 'electron',
      executable: '/opt/electron/electron',
    });
    expect(
      chooseLaunch(
        facts({ files: {}, env: { DISPLAY: ':0', ELECTRON_OVERRIDE_DIST_PATH: '/nowhere' } }),
      ),
    ).toMatchObject({ kind: 'preview' });
  });

  it('says so in one line that names Electron', () => {
    const line = fallbackLine('its runtime was not downloaded on this machine');
    expect(line).toContain('Electron');
    expect(line).not.toContain('\n');
  });
});
