/**
 * electron-builder's beforePack hook (electron-builder.yml): refuses a package that would not
 * work where it goes, before anything is copied.
 *
 * - Each OS is packaged on its own machine. keytar's .node is the one npm built here
 *   (`npmRebuild: false`), so a Windows or macOS package made on Linux would ship Linux's keytar.
 * - A macOS package is signed: since Electron 42 macOS shows notifications only for a signed app.
 *   The identity comes from CSC_LINK (with CSC_KEY_PASSWORD) or CSC_NAME; `-c.mac.identity=null`
 *   asks for an unsigned build on purpose (a local try-out).
 */
import process from 'node:process';

/** The OS electron-builder names a target by (the Mac App Store is macOS too). */
const OS_OF_TARGET = { darwin: 'darwin', mas: 'darwin', linux: 'linux', win32: 'win32' };
const OS_NAMES = { darwin: 'macOS', linux: 'Linux', win32: 'Windows' };

const osName = (os) => OS_NAMES[os] ?? os;

/** Why this package must not be built, as one sentence; undefined when it may. */
export function packagingProblem({ target, host, env, macIdentity }) {
  const targetOs = OS_OF_TARGET[target] ?? target;
  if (targetOs !== host) {
    return (
      `A ${osName(targetOs)} package cannot be built on ${osName(host)}: it would ship ` +
      `${osName(host)}'s keytar.node. Build each OS on its own machine (npm ci && npm run dist).`
    );
  }
  if (targetOs === 'darwin' && macIdentity !== null && !env.CSC_LINK && !env.CSC_NAME) {
    return (
      'A macOS package needs a signing identity (macOS shows notifications only for a signed ' +
      'app): set CSC_LINK and CSC_KEY_PASSWORD, or CSC_NAME; `-c.mac.identity=null` builds ' +
      'an unsigned one on purpose.'
    );
  }
  return undefined;
}

export default async function beforePack(context) {
  const problem = packagingProblem({
    target: context.electronPlatformName,
    host: process.platform,
    env: process.env,
    macIdentity: context.packager.platformSpecificBuildOptions.identity,
  });
  if (problem !== undefined) throw new Error(problem);
}
