/**
 * An in-memory RendererApi for the window's tests: a state the test shapes, `push` to play the
 * core's changes, and every action a vi.fn the test can inspect or re-program. The preference,
 * token, mode, rename and forget-classroom actions apply themselves and push the change, as the
 * core does.
 */
import { vi } from 'vitest';
import type {
  AddAccessResult,
  ClassTrayChange,
  ClassTrayState,
  DeviceView,
  InvalidateResultView,
  RendererApi,
  TrackedAccessView,
} from '../../src-main/core/classTrayApi';

export function device(n: number, overrides: Partial<DeviceView> = {}): DeviceView {
  return {
    remoteId: String(100_000_000 + n),
    alias: `LAB-PC${String(n).padStart(2, '0')}`,
    online: true,
    status: 'enabled',
    has2fa: true,
    ...overrides,
  };
}

export function trackedAccess(overrides: Partial<TrackedAccessView> = {}): TrackedAccessView {
  return {
    token: '3f2c1a4e-8b7d-4c6e-9a1b-2d3e4f5a6b7c',
    label: null,
    remoteId: '100000001',
    deviceAlias: 'LAB-PC01',
    addedAt: '2026-01-05T09:00:00.000Z',
    lastOutcome: null,
    warnNo2fa: false,
    ...overrides,
  };
}

export function makeState(
  overrides: {
    devices?: DeviceView[];
    temporalAccesses?: TrackedAccessView[];
    account?: Partial<ClassTrayState['account']>;
    connection?: Partial<ClassTrayState['connection']>;
    classroom?: Partial<Omit<ClassTrayState['classroom'], 'devices'>>;
    language?: ClassTrayState['preferences']['language'];
  } = {},
): ClassTrayState {
  return {
    account: {
      mode: 'service',
      serviceUrl: 'https://remote.example.edu',
      authHeader: 'X-Token-SVC',
      token: { set: true, location: 'keychain', note: null },
      ...overrides.account,
    },
    classroom: {
      id: 'lab-1',
      nickname: 'Computer Lab 1',
      recent: [
        { id: 'lab-1', nickname: 'Computer Lab 1' },
        { id: 'room-12', nickname: 'Room 12' },
      ],
      devices: overrides.devices ?? [device(1), device(2, { online: false }), device(3)],
      ...overrides.classroom,
    },
    connection: {
      status: 'ok',
      lastSuccessAt: '2026-01-05T09:30:00.000Z',
      problem: null,
      nextAttemptAt: null,
      ...overrides.connection,
    },
    temporalAccesses: overrides.temporalAccesses ?? [],
    preferences: {
      poll: { visibleSeconds: 10, hiddenSeconds: 60 },
      notifications: { deviceChanges: false },
      language: overrides.language ?? 'en',
      startAtLogin: false,
      compactView: false,
    },
  };
}

export class FakeApi implements RendererApi {
  state: ClassTrayState;
  readonly #listeners = new Set<(change: ClassTrayChange) => void>();

  constructor(state: ClassTrayState = makeState()) {
    this.state = state;
  }

  getState = vi.fn<RendererApi['getState']>(async () => structuredClone(this.state));

  subscribe(listener: (change: ClassTrayChange) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Plays changes as the core pushes them. */
  push(...changes: ClassTrayChange[]): void {
    for (const change of changes) for (const listener of this.#listeners) listener(change);
  }

  get listenerCount(): number {
    return this.#listeners.size;
  }

  refresh = vi.fn<RendererApi['refresh']>(async () => undefined);
  selectClassroom = vi.fn<RendererApi['selectClassroom']>(async () => undefined);
  renameClassroom = vi.fn<RendererApi['renameClassroom']>(async ({ id, nickname }) => {
    const recent = this.state.classroom.recent.map((known) =>
      known.id !== id ? known : nickname === null ? { id } : { id, nickname },
    );
    this.#setClassroom({ ...this.state.classroom, recent });
  });

  /** Forgetting the current classroom opens the first one left, with its devices still to come. */
  forgetClassroom = vi.fn<RendererApi['forgetClassroom']>(async ({ id }) => {
    const classroom = this.state.classroom;
    const recent = classroom.recent.filter((known) => known.id !== id);
    this.#setClassroom(
      classroom.id !== id
        ? { ...classroom, recent }
        : { ...classroom, id: recent[0]?.id ?? null, recent, devices: [] },
    );
  });
  addTemporalAccess = vi.fn<RendererApi['addTemporalAccess']>(
    async (): Promise<AddAccessResult> => ({ ok: true, access: trackedAccess() }),
  );
  removeTemporalAccess = vi.fn<RendererApi['removeTemporalAccess']>(async () => undefined);
  invalidateTemporalAccess = vi.fn<RendererApi['invalidateTemporalAccess']>(
    async (): Promise<InvalidateResultView> => ({ kind: 'already-ended', warnNo2fa: false }),
  );
  connectService = vi.fn<RendererApi['connectService']>(async () => undefined);
  copyDevicePassword = vi.fn<RendererApi['copyDevicePassword']>(async () => true);

  forgetToken = vi.fn<RendererApi['forgetToken']>(async () => {
    this.state.account = {
      ...this.state.account,
      token: { ...this.state.account.token, set: false },
    };
    this.push({ type: 'account', account: this.state.account });
  });

  setMode = vi.fn<RendererApi['setMode']>(async ({ mode }) => {
    this.state.account = { ...this.state.account, mode };
    this.push({ type: 'account', account: this.state.account });
  });

  /** The core's classroom view: the current nickname comes from the recent list. */
  #setClassroom(classroom: ClassTrayState['classroom']): void {
    const nickname = classroom.recent.find((known) => known.id === classroom.id)?.nickname ?? null;
    this.state.classroom = { ...classroom, nickname };
    this.push({ type: 'classroom', classroom: structuredClone(this.state.classroom) });
  }

  updatePreferences = vi.fn<RendererApi['updatePreferences']>(async (input) => {
    const current = this.state.preferences;
    this.state.preferences = {
      poll: {
        visibleSeconds: input.poll?.visibleSeconds ?? current.poll.visibleSeconds,
        hiddenSeconds: input.poll?.hiddenSeconds ?? current.poll.hiddenSeconds,
      },
      notifications: input.notifications ?? current.notifications,
      language: input.language ?? current.language,
      startAtLogin: input.startAtLogin ?? current.startAtLogin,
      compactView: input.compactView ?? current.compactView,
    };
    this.push({ type: 'preferences', preferences: this.state.preferences });
  });
}

/** A promise the test settles by hand, to look at the window while an action is still running. */
export function deferred<T = undefined>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((settle) => (resolve = settle));
  return { promise, resolve };
}
