/**
 * `npm run policy-templates`: writes the Windows ADMX, an ADML per language (its words from the
 * translators' catalogues, src-shared/i18n/locales) and README's policy table from the policy
 * table (src-main/core/policy/policyTable.ts), so IT's templates never drift from what the core
 * reads. It names each language that lacks some of the template's sentences, whose ADML is
 * partly English and says so.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {
  ADML_FOLDERS,
  README_MARKERS,
  adml,
  admx,
  partialTemplate,
  policyMarkdown,
} from '../src-main/core/policy/policyTemplates';

const root = path.join(import.meta.dirname, '..');

fs.writeFileSync(path.join(root, 'packaging', 'policy', 'ClassTray.admx'), admx());
for (const { locale, folder } of ADML_FOLDERS) {
  fs.mkdirSync(path.join(root, 'packaging', 'policy', folder), { recursive: true });
  fs.writeFileSync(path.join(root, 'packaging', 'policy', folder, 'ClassTray.adml'), adml(locale));
  // A language that lacks some: its ADML says so in a note, and so does this run.
  const partial = partialTemplate(locale);
  if (partial !== undefined)
    console.log(
      `${folder}/ClassTray.adml: ${locale} lacks sentences, ${partial.translated} of ${partial.of} sentences translated; English stands in for the rest.`,
    );
}

const readmePath = path.join(root, 'README.md');
const readme = fs.readFileSync(readmePath, 'utf8');
const [start, end] = README_MARKERS;
const from = readme.indexOf(start);
const to = readme.indexOf(end);
if (from < 0 || to < from) throw new Error(`README.md has no ${start} … ${end} section.`);
fs.writeFileSync(
  readmePath,
  `${readme.slice(0, from + start.length)}\n\n${policyMarkdown()}\n\n${readme.slice(to)}`,
);
execFileSync(path.join(root, 'node_modules', '.bin', 'prettier'), ['--write', readmePath], {
  stdio: 'inherit',
});
