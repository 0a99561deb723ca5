/**
 * What a tracked access's one state means, for the core (what End all and scheduled ends reach,
 * what is cleared) and for every place the window shows an access (row, tile, card, End all,
 * reports), so none of them can disagree. Plain values: the state is the core's, as it recorded
 * the service's last answer.
 */

/**
 * given: ClassTray never asked the service (it cannot know whether the access is in use).
 * invalidated: the service ends the session at sessionExpiresAt. already-ended: the service said
 * it was already invalidated or expired (422). unknown: the service does not know it (404).
 * failed: the end did not go through, for `problem`.
 */
export type AccessStateShape =
  | { kind: 'given' }
  | { kind: 'invalidated'; sessionExpiresAt: string }
  | { kind: 'already-ended' | 'unknown' }
  | { kind: 'failed'; problem: { kind: string } };

/**
 * The failures a later attempt may get past: no answer, the service failing or asking to slow
 * down, a token fixed meanwhile, an answer ClassTray could not read. Scheduled ends retry these
 * by themselves.
 */
export const RETRIED_PROBLEMS: ReadonlySet<string> = new Set([
  'network',
  'server',
  'rate-limited',
  'unauthorized',
  // No token was saved: the teacher may yet connect.
  'no-token',
  'bad-response',
]);

export interface AccessStanding {
  /** Over for good: the service ended it or never knew it; its device is free again. */
  ended: boolean;
  /** End access is offered (and End all and "End class at…" reach it). */
  endable: boolean;
  /** Counted as running: endable and not ended. */
  running: boolean;
  /** A failure worth trying again. */
  retry: boolean;
}

export function accessStanding(state: AccessStateShape): AccessStanding {
  switch (state.kind) {
    case 'given':
      return { ended: false, endable: true, running: true, retry: false };
    case 'failed': {
      const retry = RETRIED_PROBLEMS.has(state.problem.kind);
      return { ended: false, endable: true, running: true, retry };
    }
    case 'invalidated':
    case 'already-ended':
    case 'unknown':
      return { ended: true, endable: false, running: false, retry: false };
  }
}

/**
 * An access belongs to the classroom it was given in, and only there: one with no recorded
 * classroom (older data) belongs to none, so no classroom's End all reaches it.
 */
export const belongsTo = (
  access: { classroomId?: string | null | undefined },
  classroomId: string | null,
): boolean =>
  classroomId !== null && access.classroomId !== undefined && access.classroomId === classroomId;

/** An access as the core records it (no outcome yet: given) or as a view shows it. */
export type AccessRecord = { classroomId?: string | null | undefined } & (
  { state: AccessStateShape } | { state?: never; lastOutcome?: AccessStateShape | undefined }
);

const GIVEN: AccessStateShape = { kind: 'given' };

/**
 * The accesses running in this classroom: given there and not ended. What its End all and its
 * scheduled end reach, and what the window counts as running there; the order kept.
 */
export function runningIn<Access extends AccessRecord>(
  accesses: readonly Access[],
  classroomId: string | null,
): Access[] {
  return accesses.filter(
    (access) =>
      belongsTo(access, classroomId) &&
      accessStanding(access.state ?? access.lastOutcome ?? GIVEN).running,
  );
}
