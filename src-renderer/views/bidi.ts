/**
 * Data inside a sentence, kept apart from the words around it (UAX #9): a Latin name, a device
 * id or a time in an Arabic sentence is read in its own direction, never cut at its start nor
 * reordered with the punctuation beside it. For values given to i18next, whose sentences are
 * plain text; an element of its own takes `dir="auto"` or `<bdi>` instead. Accessible names
 * are left plain: a screen reader reads them in order.
 */

/** FIRST STRONG ISOLATE … POP DIRECTIONAL ISOLATE around `text`. */
export const isolated = (text: string): string => `\u2068${text}\u2069`;
