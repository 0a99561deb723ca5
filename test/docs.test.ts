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

/**
 * A figure a document states that the code can change: read from the code here (its constant, as
 * written in its file) and looked for in the document's sentence, so a changed constant fails this
 * test until the document says the new figure. A count, size or list the code can change and that
 * no test reads has no place in a document: say it without the number, or add it here.
 */
describe('the figures the docs state', () => {
  /** The value of `export const NAME = …` in a file: a number (`64 * 1024`, `10_000`). */
  const constant = (file: string, name: string): number => {
    const text = onDisk.read(file);
    const written = new RegExp(`export const ${name} = ([\\d_ *]+);`).exec(text)?.[1];
    if (written === undefined) throw new Error(`${file} has no numeric export const ${name}`);
    return written
      .split('*')
      .map((factor) => Number(factor.trim().replaceAll('_', '')))
      .reduce((product, factor) => product * factor, 1);
  };
  /** A field of `export const NAME = { …, field: N, … }` (a setting's bounds). */
  const field = (file: string, name: string, key: string): number => {
    const object = new RegExp(`export const ${name} = \\{([^}]*)\\}`).exec(onDisk.read(file))?.[1];
    const value = new RegExp(`\\b${key}: ([\\d_]+)`).exec(object ?? '')?.[1];
    if (value === undefined) throw new Error(`${file}: ${name} has no ${key}`);
    return Number(value.replaceAll('_', ''));
  };
  const seconds = (ms: number) => String(ms / 1000);
  const kib = (bytes: number) => String(bytes / 1024);
  /** FILE_CAPS' entry in MiB (`16 * MiB`), or a multiple of another constant. */
  const cap = (key: string): number => {
    const text = onDisk.read('src-main/dataFolder/fileCaps.ts');
    const written = new RegExp(`\\b${key}: ([^,]+),`).exec(text)?.[1] ?? '';
    const mib = /^(\d+) \* MiB$/.exec(written)?.[1];
    if (mib !== undefined) return Number(mib) * 1024 * 1024;
    const plans = /^(\d+) \* SEAT_PLAN_MAX_BYTES$/.exec(written)?.[1];
    if (plans !== undefined) {
      return Number(plans) * constant('src-shared/limits.ts', 'SEAT_PLAN_MAX_BYTES');
    }
    const bytes = /^(\d+) \* 1024$/.exec(written)?.[1];
    if (bytes !== undefined) return Number(bytes) * 1024;
    throw new Error(`fileCaps.ts: ${key} is written as ${written}, which this test cannot read`);
  };
  const mibOf = (bytes: number) => String(bytes / 1024 / 1024);

  const roomsFile = kib(constant('src-main/morningCheck/roomList.ts', 'MAX_ROOMS_FILE_BYTES'));
  const undo = String(constant('src-renderer/views/seatPlan/useArranging.ts', 'MAX_UNDO'));
  const setAside = String(constant('src-main/dataFolder/dataFiles.ts', 'SET_ASIDE_KEEP_DAYS'));
  const quitBox = seconds(constant('src-main/electron/quitQuestion.ts', 'END_TIME_BOX_MS'));
  const history = seconds(constant('src-main/core/readiness/availability.ts', 'WRITE_EVERY_MS'));
  const policyGone = seconds(
    constant('src-main/core/policy/policySources.ts', 'POLICY_ABSENCE_GRACE_MS'),
  );
  const policyMode = seconds(
    constant('src-main/core/policy/policySources.ts', 'POLICY_MODE_GRACE_MS'),
  );
  const poll = (key: string) => String(field('src-shared/limits.ts', 'VISIBLE_POLL_SECONDS', key));
  const hidden = String(field('src-shared/limits.ts', 'HIDDEN_POLL_SECONDS', 'default'));
  const pageText = mibOf(constant('src-main/core/service/client.ts', 'REMEMBERED_CHARS'));
  const cacheEvery = seconds(
    constant('src-main/core/classroom/classroomWatch.ts', 'CACHE_ONLINE_EVERY_MS'),
  );

  const figures: [doc: string, sentence: string][] = [
    ['docs/school-it.md', `a nickname to name the room by it (at most ${roomsFile} KiB;`],
    ['docs/teachers.md', `(up to the last ${undo} of this arranging)`],
    ['docs/school-it.md', `is removed ${setAside} days after it was made, at start or by a daily`],
    ['docs/privacy.md', `is removed ${setAside} days after it was made, at start or by the daily`],
    ['docs/school-it.md', `as End all does, within ${quitBox} seconds, then quits`],
    ['docs/teachers.md', `when some could not be ended within ${quitBox} seconds`],
    ['docs/school-it.md', `(which writes it at most every ${history} s,`],
    ['docs/school-it.md', `keeps it until it is still missing ${policyGone} s later`],
    ['docs/school-it.md', `keeps its last good policy for ${policyMode} s as well`],
    [
      'docs/school-it.md',
      `the history ${mibOf(cap('availability'))} MiB, the settings and the classroom cache ${mibOf(cap('settings'))} MiB, the timetable's copy ${mibOf(cap('timetable'))} MiB, the student names ${mibOf(cap('studentNames'))} MiB, the seat plans ${mibOf(cap('seatPlans'))} MiB, the policy, \`timetable.json\`, \`window-size.json\` and \`policy-defaults.json\` ${kib(cap('small'))} KiB)`,
    ],
    ['docs/decisions.md', `At most ${pageText} Mi characters of text per list`],
    ['docs/benchmarks.md', `at most ${pageText} Mi characters of text a list`],
    [
      'docs/decisions.md',
      `states change, at most every ${cacheEvery} s (\`CACHE_ONLINE_EVERY_MS\`)`,
    ],
    ['docs/privacy.md', `online states at most every ${cacheEvery} s, and when ClassTray quits`],
    [
      'README.md',
      `(${poll('default')} s by default, ${poll('min')} to ${poll('max')}; ${hidden} s while hidden)`,
    ],
  ];

  it.each(figures)('%s says "%s", as the code has it', (doc, sentence) => {
    // Lines are wrapped in the Markdown: any run of spaces and line breaks reads as one space.
    const found = onDisk.read(doc).replace(/\s+/g, ' ').includes(sentence);
    expect(found ? sentence : `not in ${doc}`).toBe(sentence);
  });

  it('counts the languages as languages.ts lists them, and teachers.md names each', () => {
    const languages = onDisk.read('src-shared/i18n/languages.ts');
    const list = /export const SPOKEN_LANGUAGES = \{([\s\S]*?)\n\}/.exec(languages)?.[1] ?? '';
    const names = [...list.matchAll(/name: '([^']+)'/g)].map((match) => match[1] ?? '');
    const WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];
    const WORDS_TOO = ['ten', 'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen'];
    const numbers = [...WORDS, ...WORDS_TOO];
    const count = numbers[names.length];
    expect(names.length).toBeGreaterThan(1);
    const counted = new RegExp(
      `\\b(${numbers.join('|')})(?= (?:language files|languages|ADMLs)\\b)|one of (${numbers.join('|')}), each`,
      'g',
    );
    // decisions.md keeps what held when each decision was made.
    const said = docs
      .filter((doc) => doc !== 'docs/decisions.md')
      .flatMap((doc) =>
        [...onDisk.read(doc).replace(/\s+/g, ' ').matchAll(counted)].map(
          (match) => `${doc}: ${match[1] ?? match[2] ?? ''}`,
        ),
      );
    expect(said.length).toBeGreaterThan(0);
    expect(said.filter((found) => !found.endsWith(`: ${count ?? '?'}`))).toEqual([]);
    const teachers = onDisk.read('docs/teachers.md');
    expect(names.filter((name) => !teachers.includes(name))).toEqual([]);
  });

  it('names the one renderer file besides api/types.ts that imports from src-main', () => {
    const folder = path.join(root, 'src-renderer');
    const importers = fs
      .readdirSync(folder, { recursive: true, encoding: 'utf8' })
      .map((name) => `src-renderer/${name.split(path.sep).join('/')}`)
      .filter((file) => /\.tsx?$/.test(file) && file !== 'src-renderer/api/types.ts')
      .filter((file) => /from '(?:\.\.\/)+src-main\//.test(onDisk.read(file)));
    expect(importers).toEqual(['src-renderer/api/previewClient.ts']);
    expect(onDisk.read('docs/engineering.md')).toContain('`src-renderer/api/previewClient.ts`');
  });

  it('reads each figure from its constant', () => {
    expect(Number(roomsFile)).toBeGreaterThan(0);
    expect(figures.every(([, sentence]) => !sentence.includes('NaN'))).toBe(true);
  });
});
