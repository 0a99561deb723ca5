/**
 * The window loads one language at a time: each one's sentences come from a chunk of their own,
 * the same sentences main and the tests read all at once, and the built window carries English
 * only (built with the config of the preview's build, which Electron's shares).
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'vite';
import { describe, expect, it, vi } from 'vitest';
import { loadSentences, openI18n } from '../../src-renderer/i18n';
import { SENTENCES } from '../../src-shared/i18n';
import { LOCALES, SOURCE_LOCALE, type Locale } from '../../src-shared/i18n/languages';
import { tempDir } from '../support/tempDir';

describe("the window's languages", () => {
  it.each(LOCALES)('load %s as the sentences main and the tests read', async (locale) => {
    expect(await loadSentences(locale)).toBe(SENTENCES[locale]);
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
    'are built as English in the window and each other language in a chunk of its own',
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
      const entry = /<script type="module"[^>]* src="\.\/(assets\/[^"]+\.js)"/.exec(html)?.[1];
      expect(entry).toBeDefined();
      const assets = path.join(outDir, 'assets');
      const scripts = (await readdir(assets)).filter((file) => file.endsWith('.js'));
      const texts = new Map(
        await Promise.all(
          scripts.map(
            async (file) =>
              [
                `assets/${file}`,
                // The minifier writes a no-break space (French, before ; and :) as an escape.
                (await readFile(path.join(assets, file), 'utf8')).replaceAll('\\xA0', '\u00a0'),
              ] as const,
          ),
        ),
      );
      // A sentence long enough to be the language's own, as JSON writes it in a bundle.
      const holding = (locale: (typeof LOCALES)[number]) =>
        [...texts]
          .filter(([, text]) => text.includes(SENTENCES[locale].tray.stoppedBody))
          .map(([file]) => file);
      expect(holding(SOURCE_LOCALE)).toEqual([entry]);
      for (const locale of LOCALES.filter((code) => code !== SOURCE_LOCALE)) {
        const files = holding(locale);
        expect(files, locale).toHaveLength(1);
        expect(files[0], locale).not.toBe(entry);
      }
    },
  );
});
