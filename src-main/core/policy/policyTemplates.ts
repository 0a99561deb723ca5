/**
 * What IT reads about the policy, made from the one table (policyTable.ts): the Windows ADMX and
 * an ADML in every language ClassTray speaks (its `schoolPolicies` and `policyTemplate`
 * sentences from the translators' catalogues; a language that lacks some, with English for those
 * and a note saying so) for
 * the Group Policy editor, and README's table. `npm run policy-templates`
 * writes them; test/core/policy/policyTemplates.test.ts fails when a written copy is out of date.
 *
 * Each key is a policy twice: under "ClassTray" (locked, SOFTWARE\Policies\ClassTray) and under
 * "ClassTray: defaults the teacher may change" (the Defaults subkey). class="Both": the editor
 * offers it for the computer (HKLM) and the user (HKCU); the computer's wins.
 */
import { CATALOGUES, SENTENCES } from '../../../src-shared/i18n';
import {
  LOCALES,
  SOURCE_LOCALE,
  SPOKEN_LANGUAGES,
  type Locale,
} from '../../../src-shared/i18n/languages';
import type { PolicyName } from './policyTable';
import { DEFAULTS_SECTION, POLICIES, POLICY_NAMES, WINDOWS_POLICY_KEY } from './policyTable';

const NAMESPACE = 'http://schemas.microsoft.com/GroupPolicy/2006/07/PolicyDefinitions';
const HEADER = `<?xml version="1.0" encoding="utf-8"?>`;
const SUPPORTED = 'SUPPORTED_ClassTray';
/** The first version that reads the policy, as "supported on" names it. */
const FIRST_VERSION = '0.1';

/**
 * Windows' display language for each of ClassTray's (the folder the Group Policy editor reads
 * an ADML from): the language's likeliest region (de → de-DE), except Arabic, which Windows
 * ships as ar-SA only, and Portuguese, written as in Portugal (pt.ts), not Brazil.
 */
const WINDOWS_LANGUAGE: Partial<Record<Locale, string>> = { ar: 'ar-SA', pt: 'pt-PT' };

export function windowsLanguageOf(locale: Locale): string {
  const likely = new Intl.Locale(locale).maximize();
  return WINDOWS_LANGUAGE[locale] ?? `${likely.language}-${likely.region ?? ''}`;
}

/** Each ADML's folder beside the ADMX (packaging/policy/<folder>/ClassTray.adml), by language. */
export const ADML_FOLDERS = LOCALES.map((locale) => ({
  locale,
  folder: windowsLanguageOf(locale),
}));

const escape = (text: string): string =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');

interface Variant {
  suffix: '' | '_Default';
  category: 'ClassTray' | 'ClassTrayDefaults';
  key: string;
}

const VARIANTS: readonly Variant[] = [
  { suffix: '', category: 'ClassTray', key: WINDOWS_POLICY_KEY },
  {
    suffix: '_Default',
    category: 'ClassTrayDefaults',
    key: `${WINDOWS_POLICY_KEY}\\${DEFAULTS_SECTION}`,
  },
];

function admxPolicy(name: PolicyName, { suffix, category, key }: Variant): string {
  const policy = POLICIES[name];
  const id = `${name}${suffix}`;
  const head = `    <policy name="${id}" class="Both" displayName="$(string.${id})" explainText="$(string.${name}_Explain)" key="${key}"`;
  const place = `      <parentCategory ref="${category}" />\n      <supportedOn ref="${SUPPORTED}" />`;
  if (policy.kind === 'boolean') {
    return [
      `${head} valueName="${name}">`,
      place,
      '      <enabledValue><decimal value="1" /></enabledValue>',
      '      <disabledValue><decimal value="0" /></disabledValue>',
      '    </policy>',
    ].join('\n');
  }
  const element =
    policy.kind === 'integer'
      ? `<decimal id="${name}" valueName="${name}" minValue="${policy.min}" maxValue="${policy.max}" required="true" />`
      : policy.kind === 'choice'
        ? [
            `<enum id="${name}" valueName="${name}" required="true">`,
            ...(policy.choices ?? []).map(
              (choice) =>
                `          <item displayName="$(string.${name}_${choice})"><value><string>${choice}</string></value></item>`,
            ),
            '        </enum>',
          ].join('\n')
        : `<text id="${name}" valueName="${name}" required="true" />`;
  return [
    `${head} presentation="$(presentation.${name})">`,
    place,
    '      <elements>',
    `        ${element}`,
    '      </elements>',
    '    </policy>',
  ].join('\n');
}

export function admx(): string {
  return [
    HEADER,
    `<policyDefinitions xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" revision="1.0" schemaVersion="1.0" xmlns="${NAMESPACE}">`,
    '  <policyNamespaces>',
    '    <target prefix="classtray" namespace="ClassTray.Policies.ClassTray" />',
    '    <using prefix="windows" namespace="Microsoft.Policies.Windows" />',
    '  </policyNamespaces>',
    '  <resources minRequiredRevision="1.0" />',
    '  <supportedOn>',
    '    <definitions>',
    `      <definition name="${SUPPORTED}" displayName="$(string.${SUPPORTED})" />`,
    '    </definitions>',
    '  </supportedOn>',
    '  <categories>',
    '    <category name="ClassTray" displayName="$(string.ClassTray)" />',
    '    <category name="ClassTrayDefaults" displayName="$(string.ClassTrayDefaults)">',
    '      <parentCategory ref="ClassTray" />',
    '    </category>',
    '  </categories>',
    '  <policies>',
    ...VARIANTS.flatMap((variant) => POLICY_NAMES.map((name) => admxPolicy(name, variant))),
    '  </policies>',
    '</policyDefinitions>',
    '',
  ].join('\n');
}

function presentation(name: PolicyName, title: string): string | undefined {
  const policy = POLICIES[name];
  const label = escape(title);
  switch (policy.kind) {
    case 'boolean':
      return undefined;
    case 'integer':
      return `<decimalTextBox refId="${name}">${label}</decimalTextBox>`;
    case 'choice':
      return `<dropdownList refId="${name}">${label}</dropdownList>`;
    case 'string':
      return `<textBox refId="${name}"><label>${label}</label></textBox>`;
  }
}

/** The sentences an ADML is written from, each by its path in a language's file. */
const TEMPLATE_SENTENCES: readonly (readonly string[])[] = [
  ['policyTemplate', 'description'],
  ['policyTemplate', 'defaults'],
  ['policyTemplate', 'supportedOn'],
  ...POLICY_NAMES.flatMap((name) => [
    ['schoolPolicies', name, 'title'],
    ['schoolPolicies', name, 'explain'],
  ]),
];

/**
 * How much of a language's ADML is in it, when it lacks any of the sentences the template is
 * written from (those are English's, as the window shows them). Undefined when it lacks none.
 */
export function partialTemplate(locale: Locale): { translated: number; of: number } | undefined {
  if (locale === SOURCE_LOCALE) return undefined;
  const own = (path: readonly string[]): boolean =>
    typeof path.reduce<unknown>(
      (at, key) =>
        typeof at === 'object' && at !== null ? (at as Record<string, unknown>)[key] : undefined,
      CATALOGUES[locale],
    ) === 'string';
  const translated = TEMPLATE_SENTENCES.filter(own).length;
  const of = TEMPLATE_SENTENCES.length;
  return translated === of ? undefined : { translated, of };
}

/**
 * What an ADML of a language that lacks sentences says first, to whoever opens it (the Group
 * Policy editor shows none of it): in English, as the strings it lacks are. Nothing for one
 * that lacks none.
 */
function partialNote(locale: Locale): string[] {
  const partial = partialTemplate(locale);
  if (partial === undefined) return [];
  const { name } = SPOKEN_LANGUAGES[locale];
  const { translated, of } = partial;
  return [
    `<!-- ${name} (${locale}) is still being translated: ${translated} of ${of} sentences here are in it; English stands in for the other ${of - translated}. -->`,
  ];
}

/**
 * The strings and presentations the ADMX refers to, in one language (English by default). A
 * language that lacks sentences has every string too (the editor needs each one the ADMX names): English
 * for each sentence it lacks, and a note that says so (partialNote).
 */
export function adml(locale: Locale = SOURCE_LOCALE): string {
  const { schoolPolicies, policyTemplate } = SENTENCES[locale];
  const strings: [string, string][] = [
    ['ClassTray', 'ClassTray'],
    ['ClassTrayDefaults', policyTemplate.defaults],
    [SUPPORTED, policyTemplate.supportedOn.replace('{{version}}', FIRST_VERSION)],
    ...POLICY_NAMES.flatMap((name): [string, string][] => {
      const { choices } = POLICIES[name];
      const { title, explain } = schoolPolicies[name];
      return [
        [name, title],
        [`${name}_Default`, title],
        [`${name}_Explain`, explain],
        ...(choices ?? []).map((choice): [string, string] => [`${name}_${choice}`, choice]),
      ];
    }),
  ];
  const presentations = POLICY_NAMES.flatMap((name) => {
    const control = presentation(name, schoolPolicies[name].title);
    return control === undefined
      ? []
      : [`      <presentation id="${name}">${control}</presentation>`];
  });
  return [
    HEADER,
    ...partialNote(locale),
    `<policyDefinitionResources xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" revision="1.0" schemaVersion="1.0" xmlns="${NAMESPACE}">`,
    '  <displayName>ClassTray</displayName>',
    `  <description>${escape(policyTemplate.description)}</description>`,
    '  <resources>',
    '    <stringTable>',
    ...strings.map(([id, text]) => `      <string id="${id}">${escape(text)}</string>`),
    '    </stringTable>',
    '    <presentationTable>',
    ...presentations,
    '    </presentationTable>',
    '  </resources>',
    '</policyDefinitionResources>',
    '',
  ].join('\n');
}

const REGISTRY_TYPE = {
  string: 'REG_SZ',
  choice: 'REG_SZ',
  integer: 'REG_DWORD',
  boolean: 'REG_DWORD (0 or 1)',
};
const JSON_TYPE = {
  string: 'string',
  choice: 'string',
  integer: 'number',
  boolean: 'true or false',
};

/** Where README's table of the keys sits. */
export const README_MARKERS = ['<!-- policy-table:start -->', '<!-- policy-table:end -->'] as const;

/** README's table of the keys, between its policy-table markers. */
export function policyMarkdown(): string {
  const rows = POLICY_NAMES.map((name) => {
    const { kind, explain, min, max, choices } = POLICIES[name];
    const range =
      kind === 'integer'
        ? ` (${min} to ${max})`
        : kind === 'choice'
          ? ` (${(choices ?? []).join(', ')})`
          : '';
    return `| \`${name}\` | ${JSON_TYPE[kind]}${range} | ${REGISTRY_TYPE[kind]} | ${explain} |`;
  });
  return [
    '| key | JSON / plist | registry | what it sets |',
    '| --- | --- | --- | --- |',
    ...rows,
  ].join('\n');
}
