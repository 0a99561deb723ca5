/**
 * One-off bridge, deletable once main holds no TypeScript catalogue: turns the old catalogues
 * (`src-shared/i18n/<code>.ts`, each `export const <code> = {…}`) into the translators'
 * catalogues: `src-shared/i18n/locales/<code>/translation.json` (i18next JSON v4), the English
 * notes (`/** … *\/` above a key, and each language's note at the top of its file) in
 * `locales/notes.json`, and each language's record of the English it was made from, every
 * translation marked `machine` (engineers and AI wrote them; no translator has read them yet).
 * Then it runs the report (./report.ts), which writes the status and docs/translations.md.
 *
 *   npx tsx packaging/i18n/fromTypeScript.ts --ref <git ref>   (the catalogues as in that commit)
 *   npx tsx packaging/i18n/fromTypeScript.ts --from <folder>   (a folder holding <code>.ts files)
 *
 * Re-runnable: it rewrites every file it writes from the TypeScript alone.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import {
  CATALOGUE_FOLDER,
  catalogueFile,
  NOTES_FILE,
  recordFile,
} from '../../src-shared/i18n/files';
import { recordText, stampAll, type Tree } from './record';
import { writeReport } from './report';

const root = path.join(import.meta.dirname, '..', '..');

function argument(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at < 0 ? undefined : process.argv[at + 1];
}

/** The old catalogues' sources by language code, from a git ref or a folder. */
function typeScriptSources(): Map<string, string> {
  const ref = argument('--ref');
  const from = argument('--from');
  const sources = new Map<string, string>();
  const isCatalogue = /^([a-z]{2})\.ts$/;
  if (ref !== undefined) {
    const names = execFileSync('git', ['ls-tree', '--name-only', `${ref}:src-shared/i18n`], {
      cwd: root,
      encoding: 'utf8',
    }).split('\n');
    for (const name of names) {
      const code = isCatalogue.exec(name)?.[1];
      if (code === undefined) continue;
      const text = execFileSync('git', ['show', `${ref}:src-shared/i18n/${name}`], {
        cwd: root,
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
      });
      sources.set(code, text);
    }
  } else if (from !== undefined) {
    for (const name of fs.readdirSync(from)) {
      const code = isCatalogue.exec(name)?.[1];
      if (code !== undefined) sources.set(code, fs.readFileSync(path.join(from, name), 'utf8'));
    }
  } else {
    throw new Error('Say where the TypeScript catalogues are: --ref <git ref> or --from <folder>.');
  }
  if (!sources.has('en')) throw new Error('No en.ts among the TypeScript catalogues.');
  return sources;
}

/** A catalogue's object, as the TypeScript evaluates it (its imports are types only). */
async function evaluate(code: string, source: string, folder: string): Promise<Tree> {
  const file = path.join(folder, `${code}.ts`);
  fs.writeFileSync(file, source);
  const module = (await import(pathToFileURL(file).href)) as Record<string, Tree>;
  const tree = module[code];
  if (tree === undefined) throw new Error(`${code}.ts exports no "${code}".`);
  return tree;
}

const commentText = (raw: string): string =>
  raw
    .replace(/^\/\*\*?/, '')
    .replace(/\*\/$/, '')
    .split('\n')
    .map((line) => line.replace(/^\s*\* ?/, '').trim())
    .filter((line) => line !== '')
    .join(' ')
    .trim();

/** The `/** … *\/` comments just above a node. */
function docComments(source: string, node: ts.Node): string[] {
  return (ts.getLeadingCommentRanges(source, node.getFullStart()) ?? [])
    .map((range) => source.slice(range.pos, range.end))
    .filter((raw) => raw.startsWith('/**'))
    .map(commentText);
}

/** Each key's note (a group's too), by its dotted path, and the note at the top of the file. */
function notesOf(code: string, source: string): { keys: Record<string, string>; file?: string } {
  const file = ts.createSourceFile(`${code}.ts`, source, ts.ScriptTarget.Latest, true);
  const keys: Record<string, string> = {};
  let top: string | undefined;
  const walk = (object: ts.ObjectLiteralExpression, prefix: string) => {
    for (const property of object.properties) {
      if (!ts.isPropertyAssignment(property)) continue;
      const name = property.name;
      const key =
        ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name)
          ? name.text
          : name.getText(file);
      const at = prefix === '' ? key : `${prefix}.${key}`;
      const note = docComments(source, property).join(' ');
      if (note !== '') keys[at] = note;
      let value: ts.Expression = property.initializer;
      while (ts.isSatisfiesExpression(value) || ts.isAsExpression(value)) value = value.expression;
      if (ts.isObjectLiteralExpression(value)) walk(value, at);
    }
  };
  for (const statement of file.statements) {
    if (top === undefined) {
      const note = docComments(source, statement).join(' ');
      if (note !== '') top = note;
    }
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      let value = declaration.initializer;
      while (value !== undefined && (ts.isSatisfiesExpression(value) || ts.isAsExpression(value)))
        value = value.expression;
      if (value !== undefined && ts.isObjectLiteralExpression(value)) walk(value, '');
    }
  }
  return top === undefined ? { keys } : { keys, file: top };
}

const writeJson = (file: string, value: unknown): void => {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);
};

async function convert(): Promise<void> {
  const sources = typeScriptSources();
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'classtray-catalogues-'));
  try {
    const trees = new Map<string, Tree>();
    for (const [code, source] of sources) trees.set(code, await evaluate(code, source, scratch));
    const english = trees.get('en') as Tree;
    const notes: { keys: Record<string, string>; languages: Record<string, string> } = {
      keys: notesOf('en', sources.get('en') ?? '').keys,
      languages: {},
    };
    for (const [code, tree] of trees) {
      writeJson(path.join(root, catalogueFile(code)), tree);
      const { file } = notesOf(code, sources.get(code) ?? '');
      if (code !== 'en' && file !== undefined) notes.languages[code] = file;
      if (code !== 'en')
        fs.writeFileSync(
          path.join(root, recordFile(code)),
          recordText(stampAll(tree, english, 'machine')),
        );
    }
    writeJson(path.join(root, NOTES_FILE), notes);
    console.log(
      `${[...trees.keys()].join(' ')}: written to ${CATALOGUE_FOLDER}/<code>/, every translation marked machine.`,
    );
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
  await writeReport({ by: 'machine' });
}

await convert();
