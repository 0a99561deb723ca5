/**
 * A stand-in core for the preview host's tests: a fixed state, changes pushed by the test, and
 * every call recorded. Inputs are parsed as the core parses them, so bad input throws the core's
 * ApiInputError.
 */
import { parseInput } from '../../src-main/core/apiInput';
import type { ClassTray } from '../../src-main/core/classTray';
import type {
  ActionInput,
  AddAccessResult,
  ClassTrayChange,
  ClassTrayState,
  InvalidateResultView,
} from '../../src-main/core/classTrayApi';
import { actionInputs } from '../../src-main/core/classTrayApi';
import type { z } from 'zod';

export const KNOWN_DEVICE = { remoteId: '100000001', password: 'device-password-1' };

export function fakeState(): ClassTrayState {
  return {
    account: {
      mode: 'demo',
      serviceUrl: null,
      authHeader: 'X-Token-SVC',
      token: { set: false, location: 'memory', note: null },
    },
    classroom: {
      id: 'room-a',
      nickname: null,
      recent: [{ id: 'room-a' }],
      devices: [
        {
          remoteId: KNOWN_DEVICE.remoteId,
          alias: 'A-PC01',
          online: true,
          status: 'enabled',
          has2fa: true,
        },
        { remoteId: '100000002', alias: 'A-PC02', online: false, status: 'enabled', has2fa: false },
      ],
    },
    connection: { status: 'ok', lastSuccessAt: null, problem: null, nextAttemptAt: null },
    temporalAccesses: [],
    preferences: {
      poll: { visibleSeconds: 10, hiddenSeconds: 60 },
      notifications: { deviceChanges: false },
      language: 'en',
      startAtLogin: false,
      compactView: false,
    },
  };
}

export class FakeClassTray implements ClassTray {
  readonly calls: { name: string; input?: unknown }[] = [];
  /** Every setWindowVisible, in order. */
  readonly windowVisible: boolean[] = [];
  state = fakeState();
  private readonly listeners = new Set<(change: ClassTrayChange) => void>();

  get subscribers(): number {
    return this.listeners.size;
  }

  push(change: ClassTrayChange): void {
    for (const listener of this.listeners) listener(change);
  }

  async getState(): Promise<ClassTrayState> {
    return structuredClone(this.state);
  }

  subscribe(listener: (change: ClassTrayChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async refresh(): Promise<void> {
    this.record('refresh');
  }

  async selectClassroom(input: ActionInput<'selectClassroom'>): Promise<void> {
    const parsed = this.record('selectClassroom', input, actionInputs.selectClassroom);
    this.state.classroom.id = parsed.id;
  }

  async renameClassroom(input: ActionInput<'renameClassroom'>): Promise<void> {
    this.record('renameClassroom', input, actionInputs.renameClassroom);
  }

  async forgetClassroom(input: ActionInput<'forgetClassroom'>): Promise<void> {
    this.record('forgetClassroom', input, actionInputs.forgetClassroom);
  }

  async addTemporalAccess(input: ActionInput<'addTemporalAccess'>): Promise<AddAccessResult> {
    this.record('addTemporalAccess', input, actionInputs.addTemporalAccess);
    return { ok: false, problem: 'no-token' };
  }

  async removeTemporalAccess(input: ActionInput<'temporalAccess'>): Promise<void> {
    this.record('removeTemporalAccess', input, actionInputs.temporalAccess);
  }

  async invalidateTemporalAccess(
    input: ActionInput<'temporalAccess'>,
  ): Promise<InvalidateResultView> {
    this.record('invalidateTemporalAccess', input, actionInputs.temporalAccess);
    return {
      kind: 'invalidated',
      sessionExpiresAt: '2030-01-01T00:00:30.000Z',
      secondsUntilEffective: 12,
      warnNo2fa: false,
    };
  }

  async connectService(input: ActionInput<'connectService'>): Promise<void> {
    this.record('connectService', input, actionInputs.connectService);
  }

  async forgetToken(): Promise<void> {
    this.record('forgetToken');
  }

  async setMode(input: ActionInput<'setMode'>): Promise<void> {
    this.record('setMode', input, actionInputs.setMode);
  }

  async updatePreferences(input: ActionInput<'updatePreferences'>): Promise<void> {
    this.record('updatePreferences', input, actionInputs.updatePreferences);
  }

  setWindowVisible(visible: boolean): void {
    this.windowVisible.push(visible);
  }

  suspend(): void {
    this.record('suspend');
  }

  resume(): void {
    this.record('resume');
  }

  async devicePassword(input: ActionInput<'device'>): Promise<string | null> {
    const { remoteId } = this.record('devicePassword', input, actionInputs.device);
    return remoteId === KNOWN_DEVICE.remoteId ? KNOWN_DEVICE.password : null;
  }

  async close(): Promise<void> {
    this.record('close');
  }

  private record(name: string): void;
  private record<Output>(name: string, input: unknown, schema: z.ZodType<Output>): Output;
  private record<Output>(
    name: string,
    input?: unknown,
    schema?: z.ZodType<Output>,
  ): Output | undefined {
    this.calls.push(input === undefined ? { name } : { name, input });
    return schema && parseInput(name, schema, input);
  }
}
