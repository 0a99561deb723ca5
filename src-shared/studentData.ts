/**
 * What ClassTray keeps of a student, as both the core and the window read it: how much of a
 * typed name is kept, for how long, and initials as ClassTray makes them. Plain values: the
 * renderer may import this module. docs/privacy.md says what follows from them.
 */

/** How much of the name the teacher typed is kept: as typed, its initials, or none at all. */
export const STUDENT_NAME_CHOICES = ['full', 'initials', 'off'] as const;
export type StudentNameChoice = (typeof STUDENT_NAME_CHOICES)[number];

/**
 * Hours a name is kept after the end of the school day it was typed on: 0, gone at the end of
 * that day; at most 30 days.
 */
export const STUDENT_DATA_RETENTION_HOURS = { min: 0, max: 720, default: 0 } as const;

/** The end of the school day, local time: names typed before it are forgotten then (+ retention). */
export const SCHOOL_DAY_ENDS_AT = { hour: 18, minute: 0 } as const;

/** A student's name as the teacher typed it, in characters (the form's and the core's limit). */
export const STUDENT_NAME_MAX_LENGTH = 80;

/** "Anna-Lena van Berg" → "A. v. B.": each word's first letter, capitalised as typed. */
export function initialsOf(name: string): string {
  return name
    .trim()
    .split(/\s+/u)
    .filter((word) => word !== '')
    .map((word) => `${Array.from(word)[0] ?? ''}.`)
    .join(' ');
}

/** The name as the choice keeps it; null: nothing is kept. */
export function keptName(typed: string, choice: StudentNameChoice): string | null {
  const name = typed.trim();
  if (name === '' || choice === 'off') return null;
  return choice === 'initials' ? initialsOf(name) : name;
}
