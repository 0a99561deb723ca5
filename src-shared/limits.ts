/**
 * Limits that the core's schemas enforce and the window shows before sending: one place, so a
 * renderer field and the core's check can never disagree. Plain values: the renderer may import
 * this module (no Node, no zod).
 */

/** Refresh interval while the window is open, in seconds. */
export const VISIBLE_POLL_SECONDS = { min: 5, max: 300, default: 10 } as const;
/** Refresh interval while the window is hidden, in seconds. */
export const HIDDEN_POLL_SECONDS = { min: 15, max: 3600, default: 60 } as const;
/** How long an ended temporal access stays listed under "Ended today", in hours. */
export const ENDED_RETENTION_HOURS = { min: 1, max: 168, default: 24 } as const;
/** A classroom's nickname, in characters. */
export const NICKNAME_MAX_LENGTH = 60;
