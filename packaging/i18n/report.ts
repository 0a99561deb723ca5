/**
 * `npm run i18n:report`: how far each language is, from the catalogues themselves, never set by
 * hand. For each language: sentences a translator made from today's English, those a machine
 * made (no person has read them), those made from an English sentence that changed since
 * (stale), and those missing (shown in English). It brings each language's record up to date
 * (a sentence new or rewritten since the last run is recorded from today's English, by a
 * translator: what a platform's commit brings), then writes the state each language runs with
 * (src-shared/i18n/locales/status.json), the languages with machine-made sentences, which the
 * settings name as such (machineMade.json), and docs/translations.md.
 *
 *   npm run i18n:report                         (after English or a translation changed)
 *   npm run i18n:report -- --machine            (the new sentences were machine-made: marked so)
 *   npm run i18n:report -- --confirm de:a.b …   (English changed, the translation still holds)
 *
 * test/shared/translationReport.test.ts fails while any of these files is not what this writes.
 */
import fs from 'node:fs';
import path from 'node:path';
import { format, resolveConfig } from 'prettier';
import {
  catalogueFile,
  MACHINE_MADE_FILE,
  recordFile,
  REPORT_FILE,
  STATUS_FILE,
} from '../../src-shared/i18n/files';
import {
  LOCALES,
  SOURCE_LOCALE,
  SPOKEN_LANGUAGES,
  type LanguageState,
  type Locale,
} from '../../src-shared/i18n/languages';
import {
  recordText,
  tally,
  updated,
  type LanguageRecord,
  type MadeBy,
  type Tally,
  type Tree,
} from './record';
import { sentences } from '../../src-shared/i18n/sentenceKeys';

const root = path.join(import.meta.dirname, '..', '..');

/**
 * The share of English's sentences a language may lack and still be the system's pick: a window
 * mostly in its language, the rest in English (listed), rather than all in English while the
 * translators catch up with the sentences engineers add. Below it, the language is under way.
 */
export const SHOWN_WITH_GAPS = 0.05;

export function stateOf({ missing, of }: Tally): LanguageState {
  if (missing.length === 0) return 'complete';
  return missing.length <= of * SHOWN_WITH_GAPS ? 'gaps' : 'underWay';
}

const readJson = <T>(file: string, otherwise: T): T => {
  const at = path.join(root, file);
  return fs.existsSync(at) ? (JSON.parse(fs.readFileSync(at, 'utf8')) as T) : otherwise;
};

export interface ReportOptions {
  /** Who made the sentences recorded in this run (new, or rewritten since the last). */
  by?: MadeBy;
  /** `<code>:<key>`: recorded again as a translator's, from today's English. */
  confirm?: readonly string[];
}

/** Every file the report writes, by its path from the root, formatted as prettier leaves it. */
export async function buildReport(options: ReportOptions = {}): Promise<Map<string, string>> {
  const english = readJson<Tree>(catalogueFile(SOURCE_LOCALE), {});
  const files = new Map<string, string>();
  const tallies = new Map<Locale, Tally>();
  for (const code of LOCALES) {
    if (code === SOURCE_LOCALE) continue;
    const own = readJson<Tree>(catalogueFile(code), {});
    const confirm = (options.confirm ?? [])
      .filter((entry) => entry.startsWith(`${code}:`))
      .map((entry) => entry.slice(code.length + 1));
    const record = updated(
      readJson<LanguageRecord>(recordFile(code), {}),
      own,
      english,
      options.by ?? 'translator',
      confirm,
    );
    files.set(recordFile(code), recordText(record));
    tallies.set(code, tally(code, own, english, record));
  }
  const status = Object.fromEntries(
    LOCALES.map((code) => {
      const counted = tallies.get(code);
      return [code, counted === undefined ? 'complete' : stateOf(counted)];
    }),
  );
  files.set(STATUS_FILE, JSON.stringify(status, null, 2));
  const machineMade = LOCALES.filter((code) => (tallies.get(code)?.machine ?? 0) > 0);
  files.set(MACHINE_MADE_FILE, JSON.stringify(machineMade));
  files.set(REPORT_FILE, markdown(tallies, english));
  const formatted = new Map<string, string>();
  for (const [file, text] of files) {
    const config = (await resolveConfig(path.join(root, file))) ?? {};
    formatted.set(file, await format(text, { ...config, filepath: path.join(root, file) }));
  }
  return formatted;
}

const STATE_WORDS: Record<LanguageState, string> = {
  complete: 'complete',
  gaps: 'gaps (the missing shown in English)',
  underWay: "under way (not the system's pick; named incomplete)",
};

function markdown(tallies: ReadonlyMap<Locale, Tally>, english: Tree): string {
  const count = sentences(english).size;
  const rows = [...tallies].map(([code, counted]) => {
    const { name } = SPOKEN_LANGUAGES[code];
    return `| ${name} (\`${code}\`) | ${STATE_WORDS[stateOf(counted)]} | ${counted.translated} | ${counted.machine} | ${counted.stale.length} | ${counted.missing.length} | ${counted.of} |`;
  });
  const lists = [...tallies].flatMap(([code, { stale, missing }]) => [
    ...(missing.length > 0
      ? [
          `**Missing in \`${code}\`** (shown in English): ${missing.map((key) => `\`${key}\``).join(', ')}`,
          '',
        ]
      : []),
    ...(stale.length > 0
      ? [
          `**Stale in \`${code}\`** (English changed since): ${stale.map((key) => `\`${key}\``).join(', ')}`,
          '',
        ]
      : []),
  ]);
  return [
    '# Translations',
    '',
    '<!-- Written by `npm run i18n:report` from the catalogues (src-shared/i18n/locales); do not edit. -->',
    '',
    `English is the source (${count} sentences, \`src-shared/i18n/locales/en/translation.json\`). For each`,
    "language, its keys (English's, each counted sentence in the plural forms the language has) are",
    "translated by a person from today's English, machine-made (no person has read them yet), stale",
    '(made from an English sentence that has changed since) or missing (shown in English, and listed',
    'below). A language with machine-made sentences says so in the settings, under the language, in',
    'itself. How to translate: [engineering.md](engineering.md#sentences-and-translations).',
    '',
    '| language | state | by a translator | machine-made | stale | missing | keys |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...rows,
    '',
    ...(lists.length > 0 ? lists : ['Nothing is missing or stale.', '']),
  ].join('\n');
}

/** Writes every file of the report; says what changed. */
export async function writeReport(options: ReportOptions = {}): Promise<void> {
  for (const [file, text] of await buildReport(options)) {
    const at = path.join(root, file);
    const before = fs.existsSync(at) ? fs.readFileSync(at, 'utf8') : undefined;
    if (before === text) continue;
    fs.mkdirSync(path.dirname(at), { recursive: true });
    fs.writeFileSync(at, text);
    console.log(`${file}: written.`);
  }
}

const isMain =
  process.argv[1] !== undefined && path.resolve(process.argv[1]) === import.meta.filename;
if (isMain) {
  const confirm: string[] = [];
  process.argv.forEach((argument, i) => {
    const next = process.argv[i + 1];
    if (argument === '--confirm' && next !== undefined) confirm.push(next);
  });
  await writeReport({ by: process.argv.includes('--machine') ? 'machine' : 'translator', confirm });
}
