import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentTypeOf, readRendererFile, rendererPath } from '../../src-main/hosts/rendererFiles';
import { rendererBuild } from '../support/rendererBuild';

let dir: string;
let root: string;
beforeAll(() => {
  ({ dir, root } = rendererBuild('classtray-renderer-files-', '<!doctype html>'));
  fs.writeFileSync(path.join(root, '.env'), 'SECRET=1');
  fs.mkdirSync(path.join(dir, 'outside'));
  fs.writeFileSync(path.join(dir, 'outside', 'secret.txt'), 'outside');
  fs.symlinkSync(path.join(dir, 'outside', 'secret.txt'), path.join(root, 'leak.txt'));
  fs.symlinkSync(path.join(dir, 'outside'), path.join(root, 'leaks'), 'dir');
  fs.symlinkSync(path.join(root, 'assets', 'index.js'), path.join(root, 'alias.js'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Path segments a build could produce. */
const safeSegment = fc.stringMatching(/^[A-Za-z0-9_-][A-Za-z0-9_.-]{0,11}$/);
/** `..` and `.` however a request may spell them. */
const dotSegment = fc.constantFrom('..', '.', '%2e%2e', '%2E.', '.%2e', '%2e', '...', '.env');
const encodedSlash = fc.constantFrom('%2f', '%2F', '%5c', '%5C');
/** Characters that matter to traversal, mixed with ordinary ones. */
const trickyPath = fc
  .array(
    fc.constantFrom('/', '.', '%', '2', 'e', 'E', 'f', 'F', '5', 'c', '0', '\\', ':', 'a', '\0'),
    {
      maxLength: 24,
    },
  )
  .map((chars) => chars.join(''));

const insideRoot = (file: string): boolean => {
  const relative = path.relative(root, file);
  return (
    relative !== '' &&
    !path.isAbsolute(relative) &&
    relative.split(path.sep).every((segment) => segment !== '' && !segment.startsWith('.'))
  );
};

describe('rendererPath', () => {
  it('names index.html for / and files by their path', () => {
    expect(rendererPath(root, '/')).toBe(path.join(root, 'index.html'));
    expect(rendererPath(root, '/assets/index.js')).toBe(path.join(root, 'assets', 'index.js'));
    expect(rendererPath(root, '/assets/my%20file.js')).toBe(
      path.join(root, 'assets', 'my file.js'),
    );
  });

  it('never names anything outside the folder or any dot segment, whatever the path', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          trickyPath,
          trickyPath.map((p) => `/${p}`),
          fc.string(),
        ),
        (urlPath) => {
          const file = rendererPath(root, urlPath);
          expect(file === undefined || insideRoot(file)).toBe(true);
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it('refuses any path with a dot segment in any spelling', () => {
    fc.assert(
      fc.property(
        fc.array(safeSegment),
        dotSegment,
        fc.array(safeSegment),
        (before, dot, after) => {
          expect(rendererPath(root, `/${[...before, dot, ...after].join('/')}`)).toBeUndefined();
        },
      ),
    );
  });

  it('refuses encoded slashes and backslashes anywhere', () => {
    fc.assert(
      fc.property(
        fc.array(safeSegment, { minLength: 1 }),
        encodedSlash,
        fc.nat(),
        (segments, slash, at) => {
          const joined = segments.join('/');
          const cut = at % (joined.length + 1);
          expect(
            rendererPath(root, `/${joined.slice(0, cut)}${slash}${joined.slice(cut)}`),
          ).toBeUndefined();
        },
      ),
    );
  });

  it.each([
    '/%00index.html',
    '/index.html%00',
    '/%E0%A4%A',
    '/a\\b',
    '/C:/x',
    '//index.html',
    'index.html',
  ])('refuses %s', (urlPath) => {
    expect(rendererPath(root, urlPath)).toBeUndefined();
  });

  it('accepts every plain path and maps it segment by segment', () => {
    fc.assert(
      fc.property(fc.array(safeSegment, { minLength: 1, maxLength: 6 }), (segments) => {
        expect(rendererPath(root, `/${segments.join('/')}`)).toBe(path.join(root, ...segments));
      }),
    );
  });
});

describe('readRendererFile', () => {
  const read = (urlPath: string) => {
    const file = rendererPath(root, urlPath);
    return file === undefined ? Promise.resolve(undefined) : readRendererFile(root, file);
  };

  it('reads a file with its content type', async () => {
    const found = await read('/assets/index.js');
    expect(found?.body.toString()).toBe('console.log(1)');
    expect(found?.contentType).toBe('text/javascript; charset=utf-8');
  });

  it('follows a symlink that stays inside the folder', async () => {
    expect((await read('/alias.js'))?.body.toString()).toBe('console.log(1)');
  });

  it('refuses symlinks out of the folder, dotfiles, folders and missing files', async () => {
    for (const urlPath of ['/leak.txt', '/leaks/secret.txt', '/.env', '/assets', '/missing.js']) {
      expect(await read(urlPath)).toBeUndefined();
    }
  });
});

describe('contentTypeOf', () => {
  it('knows the build output and falls back to bytes', () => {
    expect(contentTypeOf('index.HTML')).toBe('text/html; charset=utf-8');
    expect(contentTypeOf('index.css')).toBe('text/css; charset=utf-8');
    expect(contentTypeOf('font.woff2')).toBe('font/woff2');
    expect(contentTypeOf('archive.zip')).toBe('application/octet-stream');
  });
});
