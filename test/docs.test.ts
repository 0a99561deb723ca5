/**
 * The docs say only what exists: every npm command they name is a script of package.json (or one
 * of npm's own), every repository path they write exists, every relative link resolves (and its
 * #heading too), and README.md stays a front door of at most 200 lines. Fast: files only, no
 * network, no child process.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.join(import.meta.dirname, '..');
const README_MAX_LINES = 200;

/** npm's own commands the docs may name (`npm ci`, `npm rebuild keytar`): not scripts. */
const NPM_COMMANDS = new Set(['ci', 'install', 'rebuild', 'list', 'ls', 'exec', 'view', 'pack']);
/** Where a repository path starts. */
const PATH =
  /(?:^|[\s(`'"=])((?:src-main|src-renderer|src-shared|test|packaging|docs|\.ci|assets)\/[^\s`'"()<>,;]*)/g;

interface Repository {
  scripts: ReadonlySet<string>;
  exists: (relative: string) => boolean;
  read: (relative: string) => string;
}

const onDisk: Repository = {
  scripts: new Set(
    Object.keys(
      (JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: object })
        .scripts,
    ),
  ),
  exists: (relative) => fs.existsSync(path.join(root, relative)),
  read: (relative) => fs.readFileSync(path.join(root, relative), 'utf8'),
};

/** The text inside code: fenced blocks and inline spans, where commands and paths are written. */
function codeOf(markdown: string): string[] {
  const fenced = [...markdown.matchAll(/^```[^\n]*\n([\s\S]*?)^```/gm)].map(
    (match) => match[1] ?? '',
  );
  const prose = markdown.replace(/^```[^\n]*\n[\s\S]*?^```/gm, '');
  const spans = [...prose.matchAll(/`([^`\n]+)`/g)].map((match) => match[1] ?? '');
  return [...fenced, ...spans];
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
const slugOf = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[`*_]/g, '')
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .replace(/\s/g, '-');

function anchorsOf(markdown: string): Set<string> {
  const withoutCode = markdown.replace(/^```[^\n]*\n[\s\S]*?^```/gm, '');
  return new Set(
    [...withoutCode.matchAll(/^#{1,6}\s+(.+)$/gm)].map((match) => slugOf(match[1] ?? '')),
  );
}

/** What is wrong in one Markdown file (`file` relative to the repository's root). */
function problemsIn(file: string, markdown: string, repository = onDisk): string[] {
  const problems: string[] = [];
  const code = codeOf(markdown);

  for (const text of code) {
    for (const [, word, name = ''] of text.matchAll(/\bnpm\s+(run\s+)?([a-z][\w:.-]*)/g)) {
      const isScript = word !== undefined || !NPM_COMMANDS.has(name);
      if (isScript && !repository.scripts.has(name)) {
        problems.push(`${file}: npm ${word ?? ''}${name}: no such script in package.json`);
      }
    }
  }

  const links = [
    ...markdown.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g),
    ...markdown.matchAll(/<img[^>]*\ssrc="([^"]+)"/g),
  ].map((match) => match[1] ?? '');
  const relativeLinks = links.filter((link) => !/^[a-z][\w+.-]*:/i.test(link));

  const written = code.flatMap((text) => [...text.matchAll(PATH)].map((match) => match[1] ?? ''));
  for (const candidate of written) {
    const repoPath = candidate.replace(/[.:]+$/, '');
    // A pattern, not a file: `src-shared/i18n/<code>.ts`, `out/main/chunks/calendarWorker-*.js`.
    if (/[<>*{}…]/.test(repoPath)) continue;
    if (!repository.exists(repoPath)) problems.push(`${file}: \`${repoPath}\` does not exist`);
  }

  for (const link of relativeLinks) {
    const [target = '', anchor] = link.split('#');
    const resolved =
      target === ''
        ? file
        : path.posix.normalize(path.posix.join(path.posix.dirname(file), target));
    if (resolved.startsWith('..') || !repository.exists(resolved)) {
      problems.push(`${file}: link ${link} does not resolve`);
      continue;
    }
    if (anchor !== undefined && resolved.endsWith('.md')) {
      const text = resolved === file ? markdown : repository.read(resolved);
      if (!anchorsOf(text).has(anchor)) {
        problems.push(`${file}: link ${link}: ${resolved} has no heading #${anchor}`);
      }
    }
  }
  return problems;
}

const docs = [
  'README.md',
  ...fs
    .readdirSync(path.join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

describe('the docs', () => {
  it.each(docs)('%s names only scripts, paths and links that exist', (file) => {
    expect(problemsIn(file, onDisk.read(file))).toEqual([]);
  });

  it(`keeps README.md to at most ${README_MAX_LINES} lines`, () => {
    expect(onDisk.read('README.md').trimEnd().split('\n').length).toBeLessThanOrEqual(
      README_MAX_LINES,
    );
  });

  it('has a doc for each reader, each linked from README.md', () => {
    const readme = onDisk.read('README.md');
    for (const doc of ['teachers', 'school-it', 'engineering', 'decisions', 'benchmarks']) {
      expect(docs).toContain(`docs/${doc}.md`);
      expect(readme).toContain(`](docs/${doc}.md)`);
    }
  });

  it('fails on a wrong script, path, link or anchor', () => {
    const wrong = [
      'Run `npm run no-such-script`, then `npm ci && npm test`.',
      'See `src-main/core/policy/admx.ts` and `test/core/<concern>/`.',
      '[the guide](docs/nowhere.md), [a heading](#not-here), ![a picture](assets/missing.png)',
      '# A heading',
      '[this one](#a-heading)',
    ].join('\n');
    expect(problemsIn('README.md', wrong)).toEqual([
      'README.md: npm run no-such-script: no such script in package.json',
      'README.md: `src-main/core/policy/admx.ts` does not exist',
      'README.md: link docs/nowhere.md does not resolve',
      'README.md: link #not-here: README.md has no heading #not-here',
      'README.md: link assets/missing.png does not resolve',
    ]);
  });
});

/**
 * docs/privacy.md, for a school's data protection officer: each file name, policy key and figure
 * it states is read from the code here, so the page cannot drift from what ClassTray does; the
 * rest of it names the test that checks each claim (the paths above are checked to exist).
 */
describe('privacy.md', () => {
  const privacy = onDisk.read('docs/privacy.md');
  const sourceOf = (folder: string): string =>
    fs
      .readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' })
      .filter((name) => name.endsWith('.ts'))
      .map((name) => onDisk.read(path.posix.join(folder, name.split(path.sep).join('/'))))
      .join('\n');
  const source = sourceOf('src-main');

  it('is linked from README.md and school-it.md', () => {
    expect(onDisk.read('README.md')).toContain('](docs/privacy.md)');
    expect(onDisk.read('docs/school-it.md')).toContain('](privacy.md)');
  });

  it('names every file ClassTray writes: each file name in the source, and each store', () => {
    // The window's own page is not written: it is served from the build.
    const named = [...source.matchAll(/'([\w.-]+\.(?:json|ics|html|lock|log))'/g)]
      .map((match) => match[1] ?? '')
      .filter((name) => name !== 'index.html');
    const stores = [...source.matchAll(/new Store\(\{[^}]*\bname: '([\w-]+)'/g)].map(
      (match) => `${match[1] ?? ''}.json`,
    );
    const settings = /SETTINGS_CONFIG_NAME = '([\w-]+)'/.exec(source)?.[1];
    const files = [...new Set([...named, ...stores, `${settings ?? ''}.json`])];
    expect(files).toContain('students.json');
    expect(files).toContain('secrets.json');
    expect(files.filter((file) => !privacy.includes(`\`${file}\``))).toEqual([]);
  });

  it('states the policy keys, the end of the school day and the retention as the code has them', () => {
    const keys = [...privacy.matchAll(/`([A-Z][A-Za-z]+)`/g)].map((match) => match[1] ?? '');
    for (const key of keys) expect(source).toContain(`  ${key}: `);
    expect(keys).toEqual(expect.arrayContaining(['StudentNames', 'StudentDataRetentionHours']));
    const shared = onDisk.read('src-shared/studentData.ts');
    const [hour, retention] = [
      /SCHOOL_DAY_ENDS_AT = \{ hour: (\d+), minute: 0 \}/.exec(shared)?.[1],
      /STUDENT_DATA_RETENTION_HOURS = \{ min: (\d+), max: (\d+), default: (\d+) \}/.exec(shared),
    ];
    expect(privacy).toContain(`${hour ?? '?'}:00 local time`);
    expect(privacy).toContain(
      `\`StudentDataRetentionHours\`, ${retention?.[1]} to ${retention?.[2]}`,
    );
    expect(privacy).toContain(`(default ${retention?.[3]}; \`StudentDataRetentionHours\``);
  });
});
