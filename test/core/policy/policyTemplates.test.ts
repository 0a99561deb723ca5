import fs from 'node:fs';
import path from 'node:path';
import { Window } from 'happy-dom';
import { describe, expect, it } from 'vitest';
import { POLICIES, POLICY_NAMES } from '../../../src-main/core/policy/policyTable';
import {
  ADML_FOLDERS,
  README_MARKERS,
  adml,
  admx,
  policyMarkdown,
  windowsLanguageOf,
} from '../../../src-main/core/policy/policyTemplates';
import { SENTENCES } from '../../../src-shared/i18n';
import { LOCALES } from '../../../src-shared/i18n/languages';

const root = path.join(import.meta.dirname, '..', '..', '..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

function parse(xml: string) {
  const document = new new Window().DOMParser().parseFromString(xml, 'application/xml');
  expect(document.querySelector('parsererror')).toBeNull();
  return document;
}

/** A Markdown table's cells, row by row, whatever its alignment; the separator row left out. */
const cells = (table: string) =>
  table
    .trim()
    .split('\n')
    .filter((line) => !/^\|[\s|-]+\|$/.test(line))
    .map((line) =>
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );

describe('the templates IT reads, made from the policy table', () => {
  it('are written as generated (npm run policy-templates)', () => {
    expect(read('packaging/policy/ClassTray.admx')).toBe(admx());
    expect(read('packaging/policy/en-US/ClassTray.adml')).toBe(adml());
    for (const { locale, folder } of ADML_FOLDERS)
      expect(read(`packaging/policy/${folder}/ClassTray.adml`), folder).toBe(adml(locale));
    // No folder of a language ClassTray no longer speaks.
    const folders = fs
      .readdirSync(path.join(root, 'packaging', 'policy'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(folders.sort()).toEqual(ADML_FOLDERS.map(({ folder }) => folder).sort());
    const readme = read('README.md');
    const [start, end] = README_MARKERS;
    const table = readme.slice(readme.indexOf(start) + start.length, readme.indexOf(end));
    expect(cells(table)).toEqual(cells(policyMarkdown()));
    expect(cells(table)).toHaveLength(POLICY_NAMES.length + 1);
  });

  it('ADMX: each key locked and as a default, under the registry key and value the core reads', () => {
    const policies = [...parse(admx()).querySelectorAll('policy')];
    expect(policies.map((policy) => policy.getAttribute('name'))).toEqual([
      ...POLICY_NAMES,
      ...POLICY_NAMES.map((name) => `${name}_Default`),
    ]);
    for (const policy of policies) {
      const name = policy.getAttribute('name')?.replace(/_Default$/, '') as keyof typeof POLICIES;
      const isDefault = policy.getAttribute('name')?.endsWith('_Default');
      expect(policy.getAttribute('key')).toBe(
        isDefault ? 'SOFTWARE\\Policies\\ClassTray\\Defaults' : 'SOFTWARE\\Policies\\ClassTray',
      );
      expect(policy.getAttribute('class')).toBe('Both');
      const { kind, min, max, choices } = POLICIES[name];
      const element = policy.querySelector('elements > *');
      switch (kind) {
        case 'boolean':
          expect(policy.getAttribute('valueName')).toBe(name);
          expect(element).toBeNull();
          expect(policy.querySelector('enabledValue decimal')?.getAttribute('value')).toBe('1');
          expect(policy.querySelector('disabledValue decimal')?.getAttribute('value')).toBe('0');
          break;
        case 'integer':
          expect(element?.tagName.toLowerCase()).toBe('decimal');
          expect(element?.getAttribute('minValue')).toBe(String(min));
          expect(element?.getAttribute('maxValue')).toBe(String(max));
          break;
        case 'choice':
          expect(element?.tagName.toLowerCase()).toBe('enum');
          expect(
            [...(element?.querySelectorAll('string') ?? [])].map((s) => s.textContent),
          ).toEqual(choices);
          break;
        case 'string':
          expect(element?.tagName.toLowerCase()).toBe('text');
      }
      if (element) expect(element.getAttribute('valueName')).toBe(name);
    }
  });

  it("ADML: one per language, in the folder of Windows' display language", () => {
    expect(ADML_FOLDERS.map(({ locale }) => locale)).toEqual(LOCALES);
    expect(['en', 'es', 'ar'].map((code) => windowsLanguageOf(code as 'en'))).toEqual([
      'en-US',
      'es-ES',
      'ar-SA',
    ]);
    for (const { folder } of ADML_FOLDERS) expect(folder).toMatch(/^[a-z]{2}-[A-Z]{2}$/);
  });

  it.each(LOCALES)("ADML in %s: its language's words for each key and the template", (locale) => {
    const resources = parse(adml(locale));
    const string = (id: string) =>
      resources.querySelector(`stringTable > string[id="${id}"]`)?.textContent;
    const { schoolPolicies, policyTemplate } = SENTENCES[locale];
    for (const name of POLICY_NAMES) {
      expect(string(name)).toBe(schoolPolicies[name].title);
      expect(string(`${name}_Default`)).toBe(schoolPolicies[name].title);
      expect(string(`${name}_Explain`)).toBe(schoolPolicies[name].explain);
    }
    expect(string('ClassTrayDefaults')).toBe(policyTemplate.defaults);
    expect(string('SUPPORTED_ClassTray')).toContain('0.1');
    expect(resources.querySelector('description')?.textContent).toBe(policyTemplate.description);
  });

  it.each(LOCALES)('ADML in %s: every string and presentation the ADMX refers to', (locale) => {
    const resources = parse(adml(locale));
    const strings = new Set(
      [...resources.querySelectorAll('stringTable > string')].map((s) => s.getAttribute('id')),
    );
    const presentations = new Set(
      [...resources.querySelectorAll('presentationTable > presentation')].map((p) =>
        p.getAttribute('id'),
      ),
    );
    const text = admx();
    const referred = (kind: string) =>
      [...text.matchAll(new RegExp(`\\$\\(${kind}\\.([^)]+)\\)`, 'g'))].map((match) => match[1]);
    expect(referred('string').length).toBeGreaterThan(POLICY_NAMES.length * 4);
    for (const id of referred('string')) expect(strings).toContain(id);
    for (const id of referred('presentation')) expect(presentations).toContain(id);
    for (const name of POLICY_NAMES) expect(strings).toContain(`${name}_Explain`);
  });
});
