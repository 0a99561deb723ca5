/**
 * The scheduled ends' part of the window's state: those pending, soonest first, and how each that
 * ran went.
 */
import type { EndedAccessView } from '../accesses/accessView';
import type { NotebookContents } from '../settings/accountNotebook';
import type { ScheduledEnd } from './scheduledEndSettings';

/** A scheduled end that ran: when, how late, and how each access it ended went. */
export interface ScheduledEndRunView {
  scheduled: ScheduledEnd;
  /** ISO time it ran. */
  ranAt: string;
  /**
   * Whole minutes after its time that it ran: the computer slept or ClassTray was closed at that
   * time, so it ran on wake or start. 0: on time.
   */
  lateMinutes: number;
  /** One per access it ended; empty when none was still running. */
  ended: EndedAccessView[];
  /**
   * It ran when the computer went to sleep, before its time (the 'end-at-sleep' rule): `ranAt`
   * says when.
   */
  atSleep?: true;
  /** Some access could not be ended (the connection failed): it is tried again until it ends. */
  retrying: boolean;
  /**
   * The teacher dismissed the report: no window shows it (the tray still reads its retrying).
   * A later attempt of the same end that still retries stays dismissed; one that finishes is news.
   */
  dismissed?: true;
}

export interface ScheduledEndsView {
  /** Soonest first; one past its time is still being tried (see `ran`). */
  pending: ScheduledEnd[];
  /**
   * The scheduled ends that ran since the session in use opened (ClassTray started, or the
   * account or demo was switched to), newest first (the last few).
   */
  ran: ScheduledEndRunView[];
}

export function scheduledEndsView(
  notebook: NotebookContents | undefined,
  ran: readonly ScheduledEndRunView[],
): ScheduledEndsView {
  return { pending: structuredClone([...(notebook?.scheduledEnds ?? [])]), ran: [...ran] };
}
