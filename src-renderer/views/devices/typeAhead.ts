/** Keys typed within this many milliseconds of each other spell one prefix, as in a file list. */
export const TYPE_AHEAD_PAUSE_MS = 700;

export interface TypedPrefix {
  text: string;
  at: number;
}

/** The prefix after one more key typed at `at` (an event's timeStamp: no timer needed). */
export function extendPrefix(previous: TypedPrefix, key: string, at: number): TypedPrefix {
  const text = at - previous.at < TYPE_AHEAD_PAUSE_MS ? previous.text + key : key;
  return { text: text.toLowerCase(), at };
}

/**
 * The index of the next name starting with `prefix`, wrapping around. A single letter looks
 * past the current row, so typing it again walks through every name with that letter; a longer
 * prefix may stay on the current row. -1 when no name matches.
 */
export function nextMatch(names: readonly string[], current: number, prefix: string): number {
  const start = prefix.length === 1 ? current + 1 : current;
  for (let step = 0; step < names.length; step++) {
    const index = (((start + step) % names.length) + names.length) % names.length;
    if (names[index]?.toLowerCase().startsWith(prefix)) return index;
  }
  return -1;
}
