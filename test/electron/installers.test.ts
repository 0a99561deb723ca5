/**
 * The installers of each OS as electron-builder reads them: its own loading and schema check of
 * electron-builder.yml, with no package built (a Windows or macOS target is built on its own
 * runner; packaging/beforePack.mjs refuses it here).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { windowsLanguageOf } from '../../src-main/core/policy/policyTemplates';
import { LOCALES } from '../../src-shared/i18n/languages';
import { UNSIGNED_NOTICE, unsignedWithoutUpdates } from '../../packaging/afterPack.mjs';

const require = createRequire(import.meta.url);
const root = path.join(import.meta.dirname, '..', '..');

/** What this test reads of electron-builder's configuration. */
interface BuilderConfig {
  appId?: string;
  win?: { target?: unknown } & Record<string, unknown>;
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

  it('Windows: the NSIS installer speaks every language ClassTray speaks, English first', () => {
    // electron-builder's own reading of the list: each language with NSIS's name for it.
    const { LangConfigurator, createAddLangsMacro } =
      require('app-builder-lib/out/targets/nsis/nsisLang.js') as {
        LangConfigurator: new (options: Record<string, unknown>) => {
          isMultiLang: boolean;
          langs: string[];
        };
        createAddLangsMacro: (
          generator: { macro: (name: string, lines: string[]) => void },
          languages: { langs: string[] },
        ) => void;
      };
    const languages = new LangConfigurator(config.nsis ?? {});
    expect(languages.isMultiLang).toBe(true);
    expect(languages.langs[0]).toBe('en_US');
    const wanted = LOCALES.map((locale) => windowsLanguageOf(locale).replace('-', '_'));
    expect(wanted.filter((language) => !languages.langs.includes(language))).toEqual([]);
    let macro: string[] = [];
    createAddLangsMacro({ macro: (_name, lines) => (macro = lines) }, languages);
    expect(macro).toContain('!insertmacro MUI_LANGUAGE "Arabic"');
    expect(macro).toHaveLength(languages.langs.length);
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

describe('signed Windows updates (electron-builder 26, electron-updater 6)', () => {
  interface WinSigning {
    signtoolOptions?: { publisherName?: string | string[] | null };
    verifyUpdateCodeSignature?: boolean;
    certificateFile?: unknown;
    certificatePassword?: unknown;
  }
  const win = () => (config.win ?? {}) as WinSigning & Record<string, unknown>;

  it('names the publisher the updater checks, and never turns the check off', () => {
    expect(win().signtoolOptions?.publisherName).toBe('ClassTray team');
    expect(win().verifyUpdateCodeSignature).toBe(true);
    expect((config as Record<string, unknown>)['afterPack']).toBe('./packaging/afterPack.mjs');
  });

  it("is what electron-builder's own signing code writes into app-update.yml", async () => {
    const { WindowsSignToolManager } =
      require('app-builder-lib/out/codeSign/windowsSignToolManager.js') as {
        WindowsSignToolManager: new (packager: unknown) => {
          computedPublisherName: { value: Promise<string[] | null> };
        };
      };
    const manager = new WindowsSignToolManager({ platformSpecificBuildOptions: win() });
    await expect(manager.computedPublisherName.value).resolves.toEqual(['ClassTray team']);
  });

  it('takes the certificate from the environment only: none in the configuration or the repository', () => {
    const yml = fs.readFileSync(path.join(root, 'electron-builder.yml'), 'utf8');
    expect(yml).not.toMatch(/certificateFile|certificatePassword|cscLink|cscKeyPassword/);
    const tracked = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' }).split('\n');
    expect(tracked.filter((file) => /\.(pfx|p12|cer|pem|key|snk)$/i.test(file))).toEqual([]);
  });

  it('leaves app-update.yml out of a Windows build without a certificate, and says so', async () => {
    const resourcesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'classtray-resources-'));
    const updateConfig = path.join(resourcesDir, 'app-update.yml');
    const said: string[] = [];
    const build = (env: Record<string, string>, platform = 'win32') => {
      fs.writeFileSync(updateConfig, 'publisherName:\n  - ClassTray team\n');
      return unsignedWithoutUpdates({
        platform,
        env,
        win: win(),
        resourcesDir,
        say: (line) => said.push(line),
      });
    };
    try {
      expect(build({})).toBe(true);
      expect(fs.existsSync(updateConfig)).toBe(false);
      expect(said).toEqual([UNSIGNED_NOTICE]);
      expect(UNSIGNED_NOTICE).toMatch(/^No Windows code-signing certificate .* updates are off/);
      for (const env of [{ WIN_CSC_LINK: 'school.pfx' }, { CSC_LINK: 'vendor.p12' }]) {
        expect(build(env)).toBe(false);
        expect(fs.existsSync(updateConfig)).toBe(true);
      }
      // Linux and macOS builds are not this hook's business.
      expect(build({}, 'linux')).toBe(false);
      expect(said).toHaveLength(1);
    } finally {
      fs.rmSync(resourcesDir, { recursive: true, force: true });
    }
  });
});
