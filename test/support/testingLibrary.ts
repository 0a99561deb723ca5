/**
 * The unit project's setup: Testing Library's `findBy…` and `waitFor` wait up to 15 s for what
 * they look for. Their 1 s default is a measure of speed, and a loaded machine missed it (End
 * all's outcome in plurals.test.tsx at load 18). Only in files with a DOM (happy-dom): the others
 * never load the library.
 */
if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/dom');
  configure({ asyncUtilTimeout: 15_000 });
}

export {};
