import type { PartialMessages } from '../../src-shared/i18n/messages';

/**
 * Every language's file, English's too, by its code (`<code>.ts` exports `<code>`), each loaded
 * as a chunk of its own, named after it (`assets/<code>-<hash>.js`), so a window loads the one
 * language it shows; a module of its own so a test can add a language to it.
 */
const files = import.meta.glob<Readonly<Record<string, PartialMessages>>>(
  '../../src-shared/i18n/[a-z][a-z].ts',
);

export const LANGUAGE_CHUNKS: Readonly<Record<string, () => Promise<PartialMessages | undefined>>> =
  Object.fromEntries(
    Object.entries(files).map(([file, load]) => {
      const code = /([a-z]{2})\.ts$/.exec(file)?.[1] ?? file;
      return [code, async () => (await load())[code]];
    }),
  );
