/**
 * A room handed over to a colleague (src-main/core/handover/): what the school allows, how long
 * a handover may be taken, and the one-time code's alphabet and shape, as both the core and the
 * window read them. Plain values: the renderer may import this module.
 */

/** What a school allows: handovers with the students' names (when the teacher ticks it), without
 * names, or none at all. */
export const HANDOVER_CHOICES = ['with-names', 'without-names', 'off'] as const;
export type HandoverChoice = (typeof HANDOVER_CHOICES)[number];

/** What the giver keeps of the accesses handed over: endable (co-teaching), or nothing. */
export const GIVER_KEEPS = ['keep', 'drop'] as const;
export type GiverKeeps = (typeof GIVER_KEEPS)[number];

/** How long after it was made a handover can be taken (inside what its code seals). */
export const HANDOVER_VALID_MINUTES = 30;

/**
 * The code's characters: digits and capitals without 0, 1, I and O, which a voice or a
 * projector blurs. 32 of them: each character is 5 bits.
 */
export const CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
/** 10 characters: 50 bits, shown as two groups of five ("7KQ3M-XH2PA"). */
export const CODE_LENGTH = 10;

/** The code as a teacher may type it: any case, with spaces or dashes; null when it is not one. */
export function normalCode(typed: string): string | null {
  const code = typed.toUpperCase().replace(/[\s-]/g, '');
  if (code.length !== CODE_LENGTH) return null;
  return [...code].every((character) => CODE_ALPHABET.includes(character)) ? code : null;
}

/** The code as it is shown and read out: two groups of five. */
export const shownCode = (code: string): string => `${code.slice(0, 5)}-${code.slice(5)}`;

/** A handover's text is at most this long (a room's accesses, sealed, fit easily). */
export const HANDOVER_MAX_CHARS = 200_000;
