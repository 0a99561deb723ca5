/**
 * electron-builder's beforePack hook (electron-builder.yml): refuses a package that would not
 * work where it goes, before anything is copied.
 *
 * - Each OS is packaged on its own machine. keytar's .node is the one npm built here
 *   (`npmRebuild: false`), so a Windows or macOS package made on Linux would ship Linux's keytar.
 * - For the same reason, each architecture too: the keytar.node built here must be of the
 *   target's (read from its ELF, PE or Mach-O header); an arm64 or universal package made on an
 *   x64 machine would ship an x64 keytar.node that arm64 cannot load.
 * - A macOS package is signed: since Electron 42 macOS shows notifications only for a signed app.
 *   The identity comes from CSC_LINK (with CSC_KEY_PASSWORD) or CSC_NAME; `-c.mac.identity=null`
 *   asks for an unsigned build on purpose (a local try-out).
 */
import fs from 'node:fs';
import path from 'node:path';
import process from 'node:process';

/** The OS electron-builder names a target by (the Mac App Store is macOS too). */
const OS_OF_TARGET = { darwin: 'darwin', mas: 'darwin', linux: 'linux', win32: 'win32' };
const OS_NAMES = { darwin: 'macOS', linux: 'Linux', win32: 'Windows' };

const osName = (os) => OS_NAMES[os] ?? os;

/** electron-builder's Arch enum (builder-util), by value. */
const ARCH_NAMES = ['ia32', 'x64', 'armv7l', 'arm64', 'universal'];

/** Machine fields of the three formats, by architecture. */
const ELF_MACHINES = { 3: 'ia32', 40: 'armv7l', 62: 'x64', 183: 'arm64' };
const PE_MACHINES = { 0x14c: 'ia32', 0x1c4: 'armv7l', 0x8664: 'x64', 0xaa64: 'arm64' };
const MACH_O_CPUS = { 7: 'ia32', 12: 'armv7l', 0x1000007: 'x64', 0x100000c: 'arm64' };

/**
 * The architectures a native module holds, from its header: one for ELF (Linux), PE (Windows)
 * and thin Mach-O, each slice's for a fat (universal) Mach-O; empty when it is none of these.
 */
export function binaryArchitectures(bytes) {
  const at = (offset, size) => offset + size <= bytes.length;
  if (at(0, 20) && bytes.readUInt32BE(0) === 0x7f454c46) {
    const machine = bytes[5] === 2 ? bytes.readUInt16BE(18) : bytes.readUInt16LE(18);
    return ELF_MACHINES[machine] ? [ELF_MACHINES[machine]] : [];
  }
  if (at(0, 0x40) && bytes.toString('latin1', 0, 2) === 'MZ') {
    const pe = bytes.readUInt32LE(0x3c);
    if (!at(pe, 6) || bytes.readUInt32BE(pe) !== 0x50450000) return [];
    const machine = bytes.readUInt16LE(pe + 4);
    return PE_MACHINES[machine] ? [PE_MACHINES[machine]] : [];
  }
  if (at(0, 8) && [0xfeedface, 0xfeedfacf].includes(bytes.readUInt32LE(0))) {
    const cpu = MACH_O_CPUS[bytes.readUInt32LE(4)];
    return cpu ? [cpu] : [];
  }
  if (at(0, 8) && [0xcafebabe, 0xcafebabf].includes(bytes.readUInt32BE(0))) {
    const entrySize = bytes.readUInt32BE(0) === 0xcafebabf ? 32 : 20;
    const count = bytes.readUInt32BE(4);
    const cpus = [];
    for (let index = 0; index < count && at(8 + index * entrySize, 4); index++) {
      const cpu = MACH_O_CPUS[bytes.readUInt32BE(8 + index * entrySize)];
      if (cpu) cpus.push(cpu);
    }
    return cpus;
  }
  return [];
}

/** What a package of `arch` needs its native modules to hold. */
const neededArchitectures = (arch) => (arch === 'universal' ? ['x64', 'arm64'] : [arch]);

/** Why this package must not be built, as one sentence; undefined when it may. */
export function packagingProblem({ target, host, env, macIdentity, arch, keytarArchitectures }) {
  const targetOs = OS_OF_TARGET[target] ?? target;
  if (targetOs !== host) {
    return (
      `A ${osName(targetOs)} package cannot be built on ${osName(host)}: it would ship ` +
      `${osName(host)}'s keytar.node. Build each OS on its own machine (npm ci && npm run dist).`
    );
  }
  // Undefined: no keytar.node was built here (keytar is optional), so none is shipped.
  if (keytarArchitectures !== undefined) {
    const missing = neededArchitectures(arch).filter((one) => !keytarArchitectures.includes(one));
    if (missing.length > 0) {
      const built = keytarArchitectures.length > 0 ? keytarArchitectures.join(' + ') : 'unknown';
      return (
        `A ${arch} package cannot be built with the keytar.node built here (${built}): ` +
        `it would ship a keytar that ${missing.join(' and ')} cannot load. Build each ` +
        'architecture on its own machine (npm ci && npm run dist).'
      );
    }
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

/** The architectures of the keytar.node npm built in `projectDir`; undefined when there is none. */
export function keytarArchitectures(projectDir) {
  const file = path.join(projectDir, 'node_modules', 'keytar', 'build', 'Release', 'keytar.node');
  if (!fs.existsSync(file)) return undefined;
  return binaryArchitectures(fs.readFileSync(file));
}

export default async function beforePack(context) {
  const problem = packagingProblem({
    target: context.electronPlatformName,
    host: process.platform,
    env: process.env,
    macIdentity: context.packager.platformSpecificBuildOptions.identity,
    arch: ARCH_NAMES[context.arch] ?? String(context.arch),
    keytarArchitectures: keytarArchitectures(context.packager.projectDir),
  });
  if (problem !== undefined) throw new Error(problem);
}
