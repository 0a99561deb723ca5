/**
 * The window loads one language at a time: each one's sentences, English's too, come from a
 * chunk of their own, found by its code, holding the same file main and the tests read all at
 * once; the built window carries none, and its main chunk stays under 250 kB (built with the
 * config of the preview's build, which Electron's shares). A language under way brings English
 * with it: languageUnderWay.test.tsx.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import { describe, expect, it, vi } from 'vitest';
import { loadSentences, openI18n } from '../../src-renderer/i18n';
import { CATALOGUES, SENTENCES } from '../../src-shared/i18n';
import {
  lacksSentences,
  LOCALES,
  SOURCE_LOCALE,
  type Locale,
} from '../../src-shared/i18n/languages';
import { sentences, type Tree } from '../../src-shared/i18n/sentenceKeys';
import { tempDir } from '../support/tempDir';

/** A sentence of the language's own catalogue that no other language's has. */
function ownSentence(locale: Locale): string {
  const others = new Set(
    LOCALES.filter((other) => other !== locale).flatMap((other) => [
      ...sentences(CATALOGUES[other] as Tree).values(),
    ]),
  );
  const own = [...sentences(CATALOGUES[locale] as Tree).values()].find(
    (text) => text.length > 20 && /^[\p{L}\p{M} ,.]+$/u.test(text) && !others.has(text),
  );
  if (own === undefined) throw new Error(`${locale} has no sentence of its own.`);
  return own;
}

describe("the window's languages", () => {
  it.each(LOCALES)('load %s as the sentences main and the tests read', async (locale) => {
    expect(await loadSentences(locale)).toBe(CATALOGUES[locale]);
    const i18n = await openI18n(locale);
    expect(i18n.language).toBe(locale);
    expect(i18n.t('settings.heading')).toBe(SENTENCES[locale].settings.heading);
  });

  it('open in English, saying why, when a language cannot be loaded', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const i18n = await openI18n('xx' as Locale);
      expect(i18n.t('settings.heading')).toBe(SENTENCES[SOURCE_LOCALE].settings.heading);
      expect(error).toHaveBeenCalledWith(new Error('No sentences for the language "xx".'));
    } finally {
      error.mockRestore();
    }
  });

  it(
    'are built each in a chunk of its own, English too, none in the main chunk, which stays under 250 kB',
    { timeout: 120_000 },
    async () => {
      // Built apart from out/renderer, which other test files may be building at the same time.
      const outDir = await tempDir('classtray-renderer-chunks');
      await build({
        configFile: path.join(process.cwd(), 'vite.config.ts'),
        logLevel: 'warn',
        build: { outDir, emptyOutDir: true },
      });
      const html = await readFile(path.join(outDir, 'index.html'), 'utf8');
      const entry = /<script type="module"[^>]* src="\.\/assets\/([^"]+\.js)"/.exec(html)?.[1];
      expect(entry).toBeDefined();
      const assets = path.join(outDir, 'assets');
      const scripts = (await readdir(assets)).filter((file) => file.endsWith('.js'));
      const entryText = await readFile(path.join(assets, entry ?? ''), 'utf8');
      // What the window loads before its first render: the main chunk and what it imports at once
      // (each named in index.html for the browser to fetch beside it).
      const atStart = [
        entry ?? '',
        ...[...html.matchAll(/<link rel="modulepreload"[^>]* href="\.\/assets\/([^"]+)"/g)].map(
          (match) => match[1] ?? '',
        ),
      ];
      // A size bound is the build's, not a timing: the main chunk stays under 250 kB (React is a
      // chunk of its own, see vite.config.ts).
      expect(Buffer.byteLength(entryText), 'main chunk bytes').toBeLessThan(250_000);
      // Each chunk found by its language's code, the name Rollup gives it after its file.
      const chunkOf = (locale: Locale) =>
        scripts.filter((file) => file.startsWith(`${locale}-`) && file !== entry);
      // (A regular expression's test, so that a failure does not print the whole bundle.)
      const imports = (how: string, file: string) =>
        new RegExp(`${how}\\s*[\`"']\\./${file.replaceAll('.', '\\.')}[\`"']`).test(entryText);
      for (const locale of LOCALES) {
        const files = chunkOf(locale);
        expect(files, locale).toHaveLength(1);
        const file = path.join(assets, files[0] ?? '');
        // Loaded only when shown, and holding nothing but the language's file as written.
        expect(atStart, `${locale}: loaded at start`).not.toContain(files[0]);
        expect(imports('from', files[0] ?? ''), `${locale}: imported at once`).toBe(false);
        expect(imports('import\\(', files[0] ?? ''), `${locale}: imported when shown`).toBe(true);
        const chunk = (await import(pathToFileURL(file).href)) as { default: unknown };
        expect(chunk.default, locale).toEqual(CATALOGUES[locale]);
      }
      // No language's sentences in what loads at start (the main chunk, React's): one of each
      // language's, looked for as the build writes it, found in its own chunk and in none of those.
      // Whichever sentence of its own no other language has: one under way may lack any given one.
      const written = (locale: Locale) => ownSentence(locale);
      for (const locale of LOCALES) {
        const own = await readFile(path.join(assets, chunkOf(locale)[0] ?? ''), 'utf8');
        expect(own.includes(written(locale)), `${locale}'s sentence as built`).toBe(true);
      }
      for (const file of atStart) {
        const text = await readFile(path.join(assets, file), 'utf8');
        for (const locale of LOCALES) {
          expect(text.includes(written(locale)), `${locale}'s sentences in ${file}`).toBe(false);
        }
      }
    },
  );

  it.each(LOCALES.filter((locale) => locale !== SOURCE_LOCALE))(
    'load %s alone when it is complete, English beside it when it lacks sentences',
    async (locale) => {
      const i18n = await openI18n(locale);
      expect(i18n.t('settings.heading')).toBe(SENTENCES[locale].settings.heading);
      expect(i18n.hasResourceBundle(SOURCE_LOCALE, 'translation')).toBe(lacksSentences(locale));
    },
  );
});
