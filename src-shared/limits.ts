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
/**
 * How long a copied device password stays on the clipboard, in seconds; 0: until ClassTray quits.
 * The window offers these choices.
 */
export const CLIPBOARD_CLEAR_SECONDS = { choices: [10, 30, 60, 120, 0], default: 30 } as const;
/** How far ahead an end may be scheduled ("End at 10:50"), in hours: within the school day. */
export const SCHEDULE_AHEAD_HOURS = 24;
/** Scheduled ends at once, per account. */
export const MAX_SCHEDULED_ENDS = 200;
/** A classroom's nickname, in characters. */
export const NICKNAME_MAX_LENGTH = 60;
/**
 * A timetable place (an event's LOCATION) as ClassTray keeps and maps it, in characters: a longer
 * one is cut there when read, so that it can still be mapped.
 */
export const PLACE_MAX_LENGTH = 200;
/** A seat plan's file, in bytes: refused above it before it is read (the window) or parsed. */
export const SEAT_PLAN_MAX_BYTES = 1024 * 1024;
