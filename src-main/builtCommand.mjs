// `npm run timetable | readiness | policy | local-service`: `node src-main/builtCommand.mjs <command>
// [args]` runs the command built, in plain Node, so that it starts in a fraction of a second
// (through tsx's loader each spent over a second starting: readiness 7.5x `node -e 0`, policy
// 8.2x). Each command is built on demand by esbuild into one file in
// node_modules/.cache/classtray-commands (not out/, which the tray app's package takes whole), in
// a folder of its own per checkout (two checkouts sharing one node_modules each keep their own
// builds): on its first run after `npm ci`, and again whenever a source it was made from, or
// package-lock.json, or this file, has changed since.
import {
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import module from 'node:module';
import path from 'node:path';
import process from 'node:process';
import { URL, fileURLToPath, pathToFileURL } from 'node:url';

/** Each command's entry, relative to the root; it reads its arguments from process.argv. */
const COMMANDS = {
  timetable: 'src-main/core/timetable/cli.ts',
  readiness: 'src-main/morningCheck/cli.ts',
  policy: 'src-main/policy-check/cli.ts',
  'local-service': 'src-main/local-service/cli.ts',
};

const root = fileURLToPath(new URL('../', import.meta.url));
const launcher = path.relative(root, fileURLToPath(import.meta.url));
// The command's name is taken out, so that the command sees its own arguments where it would.
const [name] = process.argv.splice(2, 1);
if (!Object.hasOwn(COMMANDS, name ?? '')) {
  process.stderr.write(
    `Usage: node ${launcher} <command> [arguments]\nCommands: ${Object.keys(COMMANDS).join(', ')}\n`,
  );
  process.exit(2);
}

/** A short name for the checkout, FNV-1a of its path (node:crypto would cost the start more). */
function checkoutName(text) {
  let hash = 0x811c9dc5;
  for (const unit of text) hash = Math.imul(hash ^ (unit.codePointAt(0) ?? 0), 0x01000193);
  return (hash >>> 0).toString(16).padStart(8, '0');
}
const outDir = path.join(
  root,
  'node_modules',
  '.cache',
  'classtray-commands',
  checkoutName(root),
  name,
);
const entry = path.join(outDir, 'cli.mjs');
/** Each source the build was made from, relative to the root, with its modification time then. */
const inputsFile = path.join(outDir, 'inputs.json');

/** Modification time in ms, or undefined when the file is not there. */
function modifiedAt(file) {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return undefined;
  }
}

/**
 * Whether the build is missing, or a source it was made from changed since: its time differs
 * from the one the build saw, later or earlier (a file dated ahead of the clock would otherwise
 * look newer than every build made until then).
 */
function buildState() {
  if (modifiedAt(entry) === undefined) return 'missing';
  let inputs;
  try {
    inputs = Object.entries(JSON.parse(readFileSync(inputsFile, 'utf8')));
  } catch {
    return 'missing';
  }
  const changed = inputs.some(([input, at]) => modifiedAt(path.join(root, input)) !== at);
  return changed ? 'stale' : 'current';
}

/**
 * zod's translations of its own messages: 40 languages, half of what the commands loaded from zod
 * (366 of 734 kB), evaluated at every start. The commands word their problems themselves and never
 * ask zod for a language, so only English, which zod sets as it loads, is built in.
 */
const zodInEnglish = {
  name: 'zod-in-english',
  setup(build) {
    build.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, ({ importer }) =>
      importer.split(/[\\/]/).includes('zod')
        ? { path: 'zod-locales', namespace: 'english' }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'english' }, () => ({
      contents: "export { default as en } from 'zod/v4/locales/en.js';",
      resolveDir: root,
    }));
  },
};

async function build(state) {
  process.stderr.write(
    state === 'missing'
      ? `${name}: building the command once (esbuild)...\n`
      : `${name}: its sources changed since it was built: building it again...\n`,
  );
  // Loaded only here: running an up-to-date build needs no bundler.
  const { build: esbuild } = await import('esbuild');
  const result = await esbuild({
    absWorkingDir: root,
    entryPoints: { cli: COMMANDS[name] },
    outdir: outDir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // A dependency's ES module build where it has one (windows-iana's: its data is then not
    // bundled twice, for production and development, and is not wrapped as CommonJS).
    mainFields: ['module', 'main'],
    // Bundled CommonJS dependencies (windows-iana, fastify's) may call require.
    banner: {
      js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
    },
    plugins: [zodInEnglish],
    // Split where a command imports a part only on some runs (the local service's server):
    // a run that never loads it never parses it either.
    splitting: true,
    chunkNames: '[name]-[hash]',
    // Less source to read at every start (Node 20 keeps no compiled code between runs); names
    // are kept, for readable stack traces.
    minifyWhitespace: true,
    minifySyntax: true,
    metafile: true,
    write: false,
    logLevel: 'warning',
  });
  // Dependencies change with package-lock.json (a node_modules shared from another checkout
  // shows as a path outside this one).
  const sources = Object.keys(result.metafile.inputs).filter(
    (input) => !input.includes(':') && !input.split(/[\\/]/).includes('node_modules'),
  );
  mkdirSync(outDir, { recursive: true });
  const inputs = [...sources, 'package-lock.json', launcher];
  writeFileSync(
    inputsFile,
    JSON.stringify(
      Object.fromEntries(inputs.map((input) => [input, modifiedAt(path.join(root, input))])),
    ),
  );
  // Chunks are named by their content; the entry is written beside itself and renamed into place
  // last: a run started meanwhile (or a second build) reads the old build or the new one whole.
  for (const file of result.outputFiles) {
    const written = `${file.path}.${process.pid}`;
    writeFileSync(written, file.contents);
    if (file.path !== entry) renameSync(written, file.path);
  }
  renameSync(`${entry}.${process.pid}`, entry);
  // An earlier build's chunks, named by a content that is no longer built.
  const built = new Set(result.outputFiles.map((file) => path.basename(file.path)));
  for (const file of readdirSync(outDir)) {
    if (file.endsWith('.mjs') && !built.has(file)) rmSync(path.join(outDir, file), { force: true });
  }
}

const state = buildState();
if (state !== 'current') await build(state);
// Node 22.1 and later keep the compiled code between runs (Node 20 has no such cache).
module.enableCompileCache?.(path.join(outDir, 'compiled'));
await import(pathToFileURL(entry).href);
