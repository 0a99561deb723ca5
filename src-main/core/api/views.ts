/**
 * What the window is shown, built from what the core holds: pure functions, no state of their
 * own, shared by the core and the test fakes so both follow the same rules.
 */
import { accessStanding } from '../../../src-shared/accessState';
import type {
  AccessState,
  AccountView,
  ClassroomView,
  ConnectionProblem,
  DeviceActivity,
  ConnectionStatus,
  PreferencesView,
  ScheduledEndRunView,
  ScheduleView,
  TrackedAccessView,
} from './classTrayApi';
import type { DeviceView } from '../classroom/liveStatus';
import type { NotebookContents } from '../settings/notebook';
import type { PolicyName } from '../policy/policyTable';
import type { TrackedTemporalAccess } from '../accesses/accessSettings';
import type { PreferenceKey } from '../settings/preferences';
import { PREFERENCE_KEYS } from '../settings/preferences';
import type { DeepReadonly, Settings } from '../settings/settingsSchema';
import type { VaultStatus } from '../account/vault';

export function accountView(
  settings: Pick<DeepReadonly<Settings>, 'serviceUrl' | 'authHeader' | 'mode'>,
  /** The mode of the session in use, when there is one: it may differ while switching. */
  sessionMode: Settings['mode'] | undefined,
  token: VaultStatus | undefined,
  demoLinks: readonly string[],
  setBySchool: PolicyName[] = [],
): AccountView {
  return {
    mode: sessionMode ?? settings.mode,
    serviceUrl: settings.serviceUrl,
    authHeader: settings.authHeader,
    token: {
      set: token?.hasToken ?? false,
      location: token?.location ?? 'keychain',
      note: token?.reason ?? null,
      keychainWaiting: token?.keychainWaiting === true,
    },
    setBySchool,
    demoLinks,
  };
}

export function classroomView(
  notebook: NotebookContents | undefined,
  devices: readonly DeviceView[],
  activity: ReadonlyMap<string, DeviceActivity> = new Map(),
): ClassroomView {
  const id = notebook?.current ?? null;
  const recent = [...(notebook?.recent ?? [])];
  const seen: Record<string, DeviceActivity> = {};
  for (const device of devices) {
    const entry = activity.get(device.remoteId);
    if (entry) seen[device.remoteId] = { ...entry };
  }
  return {
    id,
    nickname: recent.find((classroom) => classroom.id === id)?.nickname ?? null,
    recent,
    devices: [...devices],
    activity: seen,
  };
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
    label: access.label ?? null,
    remoteId: access.remoteId ?? null,
    classroomId: access.classroomId ?? null,
    deviceAlias: device?.alias ?? access.deviceAlias ?? null,
    addedAt: access.addedAt,
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

export function scheduleView(
  notebook: NotebookContents | undefined,
  ran: readonly ScheduledEndRunView[],
): ScheduleView {
  return { pending: structuredClone([...(notebook?.scheduledEnds ?? [])]), ran: [...ran] };
}

/** The preferences out of the settings, copied so the view holds no frozen settings object. */
export function preferencesView(settings: {
  readonly [Key in PreferenceKey]: DeepReadonly<Settings[Key]>;
}): PreferencesView {
  return structuredClone(
    Object.fromEntries(PREFERENCE_KEYS.map((key) => [key, settings[key]])),
  ) as PreferencesView;
}

/** Nothing can be asked of the service without a token: it was never asked, so nothing was rejected. */
export const NO_TOKEN: ConnectionProblem = {
  kind: 'no-token',
  detail: 'No API token is saved for this service: connect in the settings.',
};

/** The status a problem leaves the classroom in. */
export function statusOf(problem: ConnectionProblem): ConnectionStatus {
  switch (problem.kind) {
    case 'unauthorized':
    case 'no-token':
      return 'unauthorized';
    case 'classroom-not-found':
      return 'classroom-not-found';
    case 'network':
      return 'offline';
    default:
      return 'stale';
  }
}
