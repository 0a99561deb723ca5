/**
 * A class in motion for the end-to-end tests: devices of a room going offline and coming back
 * while a test runs, as the demo school's drift does (about 5% of its devices every 20 s) but
 * faster, so a test sees several refreshes' worth of changes in seconds. The flips follow a
 * seeded sequence, so a failing run can be told again; `stop` ends them (and waits for the last).
 */
import type { RunningLocalService } from '../../src-main/local-service/index';
import { callerOf } from '../support/localServiceControl';

export interface Churn {
  /** How many status changes the service has made so far. */
  flips: () => number;
  stop: () => Promise<void>;
}

export function startChurn(
  service: Pick<RunningLocalService, 'url' | 'token' | 'authHeader'>,
  devices: readonly { remoteId: string; online: boolean }[],
  options: { everyMs: number; perTurn: number; seed?: number },
): Churn {
  const call = callerOf(service);
  const online = new Map(devices.map((device) => [device.remoteId, device.online]));
  let seed = options.seed ?? 24;
  // A small linear congruential generator: the same flips every run.
  const next = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  let flips = 0;
  let running: Promise<void> = Promise.resolve();
  const turn = async () => {
    for (let i = 0; i < options.perTurn; i++) {
      const { remoteId } = devices[Math.floor(next() * devices.length)] ?? devices[0] ?? {};
      if (remoteId === undefined) return;
      const now = !online.get(remoteId);
      const response = await call('PATCH', `/_local/devices/${remoteId}`, { is_online: now });
      if (response.status !== 200) throw new Error(`churn: ${remoteId} ${response.status}`);
      online.set(remoteId, now);
      flips++;
    }
  };
  const timer = setInterval(() => {
    // One turn at a time; a failed one (the service closed by a test) stops nothing else.
    running = running.then(turn).catch(() => undefined);
  }, options.everyMs);
  return {
    flips: () => flips,
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
