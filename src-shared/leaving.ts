/**
 * What happens to running accesses when the teacher leaves: ClassTray quits, or the computer
 * sleeps. The choices of the two preferences (and the school's two policy keys), which the core,
 * main and Settings read alike.
 */

/**
 * ClassTray quits while accesses run: ask the teacher, end them, or keep them (they stay tracked
 * and are shown again at the next start).
 */
export const RUNNING_ON_QUIT = ['ask', 'end', 'keep'] as const;
export type RunningOnQuit = (typeof RUNNING_ON_QUIT)[number];

/**
 * A scheduled end (the bell, "End at 10:50") and a sleep: end it when the computer goes to sleep,
 * or when it wakes, late (what it did before the choice existed).
 */
export const ENDS_DURING_SLEEP = ['end-at-sleep', 'end-on-wake'] as const;
export type EndsDuringSleep = (typeof ENDS_DURING_SLEEP)[number];
