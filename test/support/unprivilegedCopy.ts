/**
 * What a script needs to run as "nobody", copied where that user can read it. Root may write
 * anywhere, so a test of an unwritable folder runs its process as that user; but the clone may sit
 * in a private folder (mode 700, as /root is) that "nobody" cannot enter. The script is bundled
 * into one file in a world-readable folder under the system's temporary folder (where the tests'
 * own folders are), with the Node binary beside it when its own place is private too.
 */
import { chmod, copyFile, mkdtemp, rm } from 'node:fs/promises';
import { realpathSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';

export const NOBODY = { uid: 65_534, gid: 65_534 };

/** Only root changes user; anyone else runs the script as itself, through tsx, where it is. */
export const mustDropPrivileges = process.getuid?.() === 0;

/**
 * Whether a user who is neither the owner nor in the group may read and execute `entry` (run a
 * program, enter and list a folder): every folder above it lets them through.
 */
function othersMayUse(entry: string): boolean {
  const real = realpathSync(entry);
  const above: string[] = [];
  for (let folder = path.dirname(real); ; folder = path.dirname(folder)) {
    above.push(folder);
    if (folder === path.dirname(folder)) break;
  }
  const others = (file: string) => statSync(file).mode & 0o007;
  return (
    above.every((folder) => (others(folder) & 0o001) !== 0) && (others(real) & 0o005) === 0o005
  );
}

/** Why "nobody" cannot run these tests here, or undefined when it can. */
export function whyNobodyCannotRun(): string | undefined {
  if (!othersMayUse(tmpdir()))
    return `the user "nobody" cannot enter ${tmpdir()}, where the test's folders are (set TMPDIR to a folder others can enter)`;
  return undefined;
}

export interface UnprivilegedCopy {
  /** The Node binary "nobody" can run: process.execPath, or a copy of it. */
  node(): Promise<string>;
  /** `script` and everything it imports, bundled into one file "nobody" can read. */
  script(script: string): Promise<string>;
  /** The folder the copies are in, a working directory "nobody" can enter. */
  folder(): Promise<string>;
  remove(): Promise<void>;
}

/** One folder of copies, made on first use; `remove` deletes it. */
export function unprivilegedCopy(): UnprivilegedCopy {
  let folder: Promise<string> | undefined;
  let node: Promise<string> | undefined;
  const scripts = new Map<string, Promise<string>>();

  const shared = () =>
    (folder ??= mkdtemp(path.join(tmpdir(), 'classtray-nobody-')).then(async (made) => {
      await chmod(made, 0o755);
      return made;
    }));

  const copyNode = async () => {
    if (othersMayUse(process.execPath)) return process.execPath;
    const copy = path.join(await shared(), 'node');
    await copyFile(process.execPath, copy);
    await chmod(copy, 0o755);
    return copy;
  };

  const bundle = async (script: string, index: number) => {
    const outfile = path.join(await shared(), `${index}-${path.basename(script, '.ts')}.mjs`);
    await build({
      entryPoints: [script],
      outfile,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: `node${process.versions.node.split('.')[0]}`,
      logLevel: 'silent',
      // CommonJS dependencies (fastify's) call require, which an ES module has to make itself.
      banner: {
        js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
      },
      // Loaded lazily, on paths these runs do not take: the keychain's native module, Electron,
      // the renderer's bundler. Left out, a run that reached one would fail on its import.
      external: ['keytar', 'electron', 'vite'],
    });
    await chmod(outfile, 0o644);
    return outfile;
  };

  return {
    node: () => (node ??= copyNode()),
    script(script) {
      let bundled = scripts.get(script);
      if (bundled === undefined) {
        bundled = bundle(script, scripts.size);
        scripts.set(script, bundled);
      }
      return bundled;
    },
    folder: shared,
    async remove() {
      if (folder !== undefined) await rm(await folder, { recursive: true, force: true });
      folder = node = undefined;
      scripts.clear();
    },
  };
}
