/**
 * electron-builder's afterPack hook (electron-builder.yml), run after electron-builder wrote
 * resources/app-update.yml and before signing: a Windows build without a code-signing
 * certificate says so, and leaves app-update.yml out, so the app it makes takes no update
 * (src-main/electron/updates/installs.ts: no publisherName, no updates). electron-updater 6's NsisUpdater
 * skips its Authenticode check when app-update.yml names no publisher, and an unsigned build's
 * own feed could not be told from anyone's; IT deploys each version of such a build.
 */
import fs from 'node:fs';
import path from 'node:path';
import process from 'node:process';

/**
 * Whether electron-builder has a certificate to sign a Windows build with: WIN_CSC_LINK or
 * CSC_LINK in the environment, or one named in the configuration (a certificate in the Windows
 * store, Azure Trusted Signing, a custom sign script).
 */
export function windowsCertificate({ env, win }) {
  const signtool = win?.signtoolOptions ?? {};
  return Boolean(
    env.WIN_CSC_LINK ||
    env.CSC_LINK ||
    signtool.certificateSubjectName ||
    signtool.certificateSha1 ||
    signtool.sign ||
    win?.azureSignOptions,
  );
}

export const UNSIGNED_NOTICE =
  'No Windows code-signing certificate (WIN_CSC_LINK or CSC_LINK): this build is not signed, ' +
  'and its updates are off (resources/app-update.yml left out). Set the certificate to build one ' +
  'that updates itself.';

/** Leaves an unsigned Windows build without app-update.yml; says what it did. */
export function unsignedWithoutUpdates({ platform, env, win, resourcesDir, say }) {
  if (platform !== 'win32' || windowsCertificate({ env, win })) return false;
  fs.rmSync(path.join(resourcesDir, 'app-update.yml'), { force: true });
  say(UNSIGNED_NOTICE);
  return true;
}

export default async function afterPack(context) {
  unsignedWithoutUpdates({
    platform: context.electronPlatformName,
    env: process.env,
    win: context.packager.platformSpecificBuildOptions,
    resourcesDir: context.packager.getResourcesDir(context.appOutDir),
    say: (line) => process.stderr.write(`  • ${line}\n`),
  });
}
