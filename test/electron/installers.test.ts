/**
 * The installers of each OS as electron-builder reads them: its own loading and schema check of
 * electron-builder.yml, with no package built (a Windows or macOS target is built on its own
 * runner; packaging/beforePack.mjs refuses it here).
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const root = path.join(import.meta.dirname, '..', '..');

/** What this test reads of electron-builder's configuration. */
interface BuilderConfig {
  appId?: string;
  win?: { target?: unknown };
  nsis?: Record<string, unknown>;
  msi?: Record<string, unknown>;
  mac?: { target?: unknown };
  pkg?: Record<string, unknown>;
  linux?: { target?: unknown };
  appImage?: { executableArgs?: unknown };
  deb?: { appArmorProfile?: string };
  publish?: unknown;
}
const builderConfig = require('app-builder-lib/out/util/config/config.js') as {
  getConfig(projectDir: string, configPath: null, fromOptions: null): Promise<BuilderConfig>;
  validateConfiguration(config: BuilderConfig, debug: unknown): Promise<void>;
};
const { DebugLogger } = require('builder-util') as {
  DebugLogger: new (enabled: boolean) => unknown;
};

let config: BuilderConfig;

beforeAll(async () => {
  config = await builderConfig.getConfig(root, null, null);
  // Throws on any option electron-builder does not know, as `npm run dist` would.
  await builderConfig.validateConfiguration(config, new DebugLogger(false));
});

describe('installers for many laptops (electron-builder.yml as electron-builder reads it)', () => {
  it('Windows: a per-machine NSIS installer and an MSI that upgrades in place', () => {
    expect(config.win?.target).toEqual(['nsis', 'msi']);
    expect(config.nsis).toMatchObject({ oneClick: false, perMachine: true });
    expect(config.msi).toMatchObject({ perMachine: true });
    expect(config.msi?.upgradeCode).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
    );
  });

  it('macOS: a dmg, a pkg always into /Applications, and the zip the updater takes', () => {
    expect(config.mac?.target).toEqual(['dmg', 'pkg', 'zip']);
    expect(config.pkg).toMatchObject({ installLocation: '/Applications', isRelocatable: false });
  });

  it("Linux: a deb with electron-builder's AppArmor profile allowing user namespaces, and an AppImage", () => {
    expect(config.linux?.target).toEqual(['deb', 'AppImage']);
    // No profile of our own: the deb's install script writes electron-builder's template.
    expect(config.deb?.appArmorProfile).toBeUndefined();
    const template = path.dirname(
      require.resolve('app-builder-lib/templates/linux/apparmor-profile.tpl'),
    );
    expect(fs.readFileSync(path.join(template, 'apparmor-profile.tpl'), 'utf8')).toContain(
      'userns,',
    );
    expect(fs.readFileSync(path.join(template, 'after-install.tpl'), 'utf8')).toContain(
      "APPARMOR_PROFILE_TARGET='/etc/apparmor.d/${executable}'",
    );
  });

  it('AppImage: the sandbox is off only where its launcher finds user namespaces refused', () => {
    // app-builder-lib 26.17's launcher (AppRun): --no-sandbox when `unshare -Ur true` fails.
    const { generateAppRunScript } =
      require('app-builder-lib/out/targets/appimage/appImageUtil.js') as {
        generateAppRunScript(config: Record<string, string>): string;
      };
    const appRun = generateAppRunScript({
      DesktopFileName: 'classtray.desktop',
      ExecutableName: 'classtray',
      ProductName: 'ClassTray',
      ProductFilename: 'ClassTray',
      ResourceName: 'appimagekit-classtray',
    });
    expect(appRun).toContain(
      'if [ $HAVE_NO_SANDBOX -eq 0 ] && ! unshare -Ur true 2>/dev/null ; then\n  NO_SANDBOX=(--no-sandbox)',
    );
    // Its desktop entry would add it everywhere (the default of the default toolset): not here.
    expect(config.appImage).toEqual({ executableArgs: [] });
  });

  it('updates from a generic feed, over https', () => {
    expect(config.publish).toEqual({
      provider: 'generic',
      url: expect.stringMatching(/^https:\/\//) as unknown,
    });
  });
});
