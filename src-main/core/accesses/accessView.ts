/**
 * The tracked accesses' part of the window's state, and the results of their actions: each access
 * with its one state, its device's alias and 2FA as the classroom shows them now.
 */
import { accessStanding } from '../../../src-shared/accessState';
import type { DeviceView } from '../classroom/liveStatus';
import type { NotebookContents } from '../settings/accountNotebook';
import type { DeepReadonly } from '../settings/settingsSchema';
import type { AccessOutcome, TrackedTemporalAccess } from './accessSettings';
import type { TokenProblem } from './temporalAccess';

export interface TrackedAccessView {
  token: string;
  /** The student's name the teacher gave it, as the notebook keeps it; null: none kept. */
  studentName: string | null;
  remoteId: string | null;
  /**
   * The classroom it was given in: its device's row, or the classroom open when it was pasted.
   * null: added before that was kept; no classroom's End all reaches it.
   */
  classroomId: string | null;
  /** The device's alias: as the open classroom shows it, else as it was when added. */
  deviceAlias: string | null;
  addedAt: string;
  /** When it was handed over to a colleague (kept here for co-teaching); null: never. */
  handedOverAt: string | null;
  /** Its one state, as the core recorded it; read through accessStanding (src-shared). */
  state: AccessState;
  /**
   * The linked device has no 2FA, so the service cannot end the access by itself when it runs
   * out; false once the access has ended.
   */
  warnNo2fa: boolean;
}

/** A tracked access's state: given (never asked to end), or the service's last answer. */
export type AccessState = { kind: 'given' } | AccessOutcome;

export type AddAccessResult =
  | { ok: true; access: TrackedAccessView }
  | { ok: false; problem: TokenProblem | 'already-tracked' };

/** The access's state after the end (as recorded), and whether its device lacks 2FA. */
export type InvalidateResultView = AccessOutcome & { warnNo2fa: boolean };

/** One access's outcome when several are ended together. */
export interface EndedAccessView {
  token: string;
  result: InvalidateResultView;
}

/**
 * A tracked access, with its device's alias and 2FA: as the classroom shows them now when the
 * device is in it, else as recorded when the access was added. Once ended, nothing to warn of.
 */
export function accessView(
  access: TrackedTemporalAccess | DeepReadonly<TrackedTemporalAccess>,
  devices: readonly DeviceView[],
): TrackedAccessView {
  const device = devices.find((candidate) => candidate.remoteId === access.remoteId);
  const has2fa = device?.has2fa ?? access.has2fa;
  return {
    token: access.token,
    studentName: access.label ?? null,
    remoteId: access.remoteId ?? null,
    classroomId: access.classroomId ?? null,
    deviceAlias: device?.alias ?? access.deviceAlias ?? null,
    addedAt: access.addedAt,
    handedOverAt: access.handedOverAt ?? null,
    state: stateOf(access),
    warnNo2fa: has2fa === false && !accessStanding(stateOf(access)).ended,
  };
}

/** The one state of a tracked access: given until the service answered an end. */
export function stateOf(
  access:
    | Pick<TrackedTemporalAccess, 'lastOutcome'>
    | DeepReadonly<Pick<TrackedTemporalAccess, 'lastOutcome'>>,
): AccessState {
  return access.lastOutcome === undefined ? { kind: 'given' } : structuredClone(access.lastOutcome);
}

export function accessViews(
  notebook: NotebookContents | undefined,
  devices: readonly DeviceView[],
): TrackedAccessView[] {
  return (notebook?.accesses ?? []).map((access) => accessView(access, devices));
}
