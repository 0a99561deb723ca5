// `npm run timetable`: the timetable CLI (cli.ts) run built, in plain Node, so that it starts in
// a fraction of a second (through tsx it spent about 2.3 s starting, and its reader's thread as
// long again). The build is made by esbuild into node_modules/.cache/classtray-timetable (not
// out/, which the tray app's package takes whole): straight after `npm ci`, and again whenever a
// source it was made from, or package-lock.json, is newer than it. One file for the command and
// one for the reader's thread, each with its dependencies.
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import { URL, fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const outDir = path.join(root, 'node_modules', '.cache', 'classtray-timetable');
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
  const result = await esbuild({
    absWorkingDir: root,
    entryPoints: {
      cli: 'src-main/core/timetable/cli.ts',
      calendarWorker: 'src-main/core/timetable/calendarWorker.ts',
    },
    outdir: outDir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Bundled CommonJS dependencies (windows-iana) may call require.
    banner: {
      js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
    },
    metafile: true,
    logLevel: 'warning',
  });
  const sources = Object.keys(result.metafile.inputs).filter(
    (input) => !input.startsWith('node_modules/'),
  );
  mkdirSync(outDir, { recursive: true });
  writeFileSync(
    inputsFile,
    JSON.stringify([...sources, 'package-lock.json', 'src-main/core/timetable/cliBuilt.mjs']),
  );
}

const state = buildState();
if (state !== 'current') await build(state);
await import(pathToFileURL(entry).href);
