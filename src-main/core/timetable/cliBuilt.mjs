// `npm run timetable`: the timetable CLI (cli.ts) run built, in plain Node, so that it starts in
// a fraction of a second (through tsx it spent about 2.3 s starting). The build is made by esbuild
// into node_modules/.cache/classtray-timetable (not out/, which the tray app's package takes
// whole), in a folder of its own per checkout (two checkouts sharing one node_modules each keep
// their own build): straight after `npm ci`, and again whenever a source it was made from, or
// package-lock.json, is newer than it. One file: the command with the engine it reads with, on
// its own thread (expandCommand.ts).
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import module from 'node:module';
import path from 'node:path';
import process from 'node:process';
import { URL, fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('../../../', import.meta.url));
/** A short name for the checkout, FNV-1a of its path (node:crypto would cost the start more). */
function checkoutName(text) {
  let hash = 0x811c9dc5;
  for (const unit of text) hash = Math.imul(hash ^ (unit.codePointAt(0) ?? 0), 0x01000193);
  return (hash >>> 0).toString(16).padStart(8, '0');
}
const outDir = path.join(root, 'node_modules', '.cache', 'classtray-timetable', checkoutName(root));
const entry = path.join(outDir, 'cli.mjs');
/** The sources the build was made from, relative to the root: written by the build. */
const inputsFile = path.join(outDir, 'inputs.json');

/** Modification time in ms, or undefined when the file is not there. */
function modifiedAt(file) {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return undefined;
  }
}

/** Whether the build is missing, or older than a source it was made from. */
function buildState() {
  const built = modifiedAt(entry);
  if (built === undefined) return 'missing';
  let inputs;
  try {
    inputs = JSON.parse(readFileSync(inputsFile, 'utf8'));
  } catch {
    return 'missing';
  }
  const newer = inputs.some((input) => (modifiedAt(path.join(root, input)) ?? Infinity) > built);
  return newer ? 'stale' : 'current';
}

async function build(state) {
  process.stderr.write(
    state === 'missing'
      ? 'timetable: building the command once (esbuild)...\n'
      : 'timetable: its sources changed since it was built: building it again...\n',
  );
  // Loaded only here: running an up-to-date build needs no bundler.
  const { build: esbuild } = await import('esbuild');
  // Nothing of an earlier build's is left beside the new one (the reader's thread it once had).
  rmSync(outDir, { recursive: true, force: true });
  const result = await esbuild({
    absWorkingDir: root,
    entryPoints: { cli: 'src-main/core/timetable/cli.ts' },
    outdir: outDir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // A dependency's ES module build where it has one (windows-iana's: its data is then not
    // bundled twice, for production and development, and is not wrapped as CommonJS).
    mainFields: ['module', 'main'],
    // Bundled CommonJS dependencies (windows-iana) may call require.
    banner: {
      js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
    },
    metafile: true,
    logLevel: 'warning',
  });
  // Dependencies change with package-lock.json (a node_modules shared from another checkout
  // shows as a path outside this one).
  const sources = Object.keys(result.metafile.inputs).filter(
    (input) => !input.split(/[\\/]/).includes('node_modules'),
  );
  mkdirSync(outDir, { recursive: true });
  writeFileSync(
    inputsFile,
    JSON.stringify([...sources, 'package-lock.json', 'src-main/core/timetable/cliBuilt.mjs']),
  );
}

const state = buildState();
if (state !== 'current') await build(state);
// Node 22.1 and later keep the compiled code between runs (Node 20 has no such cache).
module.enableCompileCache?.(path.join(outDir, 'compiled'));
await import(pathToFileURL(entry).href);
