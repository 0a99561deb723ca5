/**
 * A class in motion for the end-to-end tests: devices of a room going offline and coming back,
 * as the demo school's drift does (about 5% of its devices every 20 s), a turn at a time when the
 * test says (`turn`), so the refresh the test skips to next carries the changes it made and no
 * test waits for them. The flips follow a seeded sequence, so a failing run can be told again.
 */
import type { RunningLocalService } from '../../src-main/local-service/index';
import { callerOf } from '../support/localServiceControl';

/** One status change the service made: the device and its status now. */
export interface Flip {
  remoteId: string;
  online: boolean;
}

export interface Churn {
  /**
   * Flips `perTurn` devices on the service, each once and none of `avoid` (devices the test
   * wants left as they are), and says which.
   */
  turn: (avoid?: ReadonlySet<string>) => Promise<Flip[]>;
}

export function createChurn(
  service: Pick<RunningLocalService, 'url' | 'token' | 'authHeader'>,
  devices: readonly { remoteId: string; online: boolean }[],
  options: { perTurn: number; seed?: number },
): Churn {
  const call = callerOf(service);
  const online = new Map(devices.map((device) => [device.remoteId, device.online]));
  let seed = options.seed ?? 24;
  // A small linear congruential generator: the same flips every run.
  const next = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  return {
    async turn(avoid = new Set()) {
      const turned: Flip[] = [];
      for (let i = 0; i < options.perTurn; i++) {
        const free = devices.filter(
          ({ remoteId }) =>
            !avoid.has(remoteId) && !turned.some((flip) => flip.remoteId === remoteId),
        );
        const { remoteId } = free[Math.floor(next() * free.length)] ?? {};
        if (remoteId === undefined) throw new Error('churn: no device left to flip');
        const now = !online.get(remoteId);
        const response = await call('PATCH', `/_local/devices/${remoteId}`, { is_online: now });
        if (response.status !== 200) throw new Error(`churn: ${remoteId} ${response.status}`);
        online.set(remoteId, now);
        turned.push({ remoteId, online: now });
      }
      return turned;
    },
  };
}
