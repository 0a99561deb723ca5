import type { PartialMessages } from '../../src-shared/i18n/messages';

/**
 * Every language's catalogue, English's too, by its code (`locales/<code>/translation.json`),
 * each loaded as a chunk of its own, named after its code (`assets/<code>-<hash>.js`: see
 * vite.config.ts), so a window loads the one language it shows; a module of its own so a test
 * can add a language to it.
 */
const files = import.meta.glob<PartialMessages>(
  '../../src-shared/i18n/locales/[a-z][a-z]/translation.json',
  { import: 'default' },
);

export const LANGUAGE_CHUNKS: Readonly<Record<string, () => Promise<PartialMessages | undefined>>> =
  Object.fromEntries(
    Object.entries(files).map(([file, load]) => {
      const code = /([a-z]{2})\/translation\.json$/.exec(file)?.[1] ?? file;
      return [code, load];
    }),
  );
