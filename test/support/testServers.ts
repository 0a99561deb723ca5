/**
 * Servers a test file starts (the local service, the misbehaving one), each on 127.0.0.1 with a
 * port the OS picks and stopped after every test. Call once at the top of a test file.
 */
import { afterEach } from 'vitest';
import type { Fixture } from '../../src-main/local-service/fixture';
import { parseAccountData } from '../../src-main/local-service/fixture';
import type { LocalServiceOptions } from '../../src-main/local-service/index';
import { startLocalService } from '../../src-main/local-service/index';
import type { Script } from './misbehavingService';
import { startMisbehavingService } from './misbehavingService';

export function testServers(token: string) {
  const stops: (() => Promise<void>)[] = [];
  afterEach(async () => {
    await Promise.all(stops.splice(0).map((stop) => stop()));
  });
  return {
    async localService(
      fixture: Fixture,
      options: Pick<LocalServiceOptions, 'authHeader' | 'clock'> = {},
    ) {
      const service = await startLocalService({
        token,
        fixture: parseAccountData(fixture, 'test fixture'),
        ...options,
      });
      stops.push(service.close);
      return service;
    },
    async misbehaving(script: Script) {
      const service = await startMisbehavingService(script);
      stops.push(service.close);
      return service;
    },
  };
}
