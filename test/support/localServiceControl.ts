/**
 * Asks a running local service over HTTP with its own token, as a client would: its endpoints,
 * and the `/_local` routes through which tests change its data (a device going offline, a new
 * temporal access).
 */
import { expect } from 'vitest';
import type { RunningLocalService } from '../../src-main/local-service/index';

export type ServiceCall = (method: string, route: string, body?: unknown) => Promise<Response>;

export function callerOf(
  service: Pick<RunningLocalService, 'url' | 'token' | 'authHeader'>,
): ServiceCall {
  return (method, route, body) =>
    fetch(`${service.url}${route}`, {
      method,
      headers: { [service.authHeader]: service.token, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
}

/** A temporal access the service issues for the device (by its remote id): its token. */
export async function newAccessToken(
  service: Pick<RunningLocalService, 'url' | 'token' | 'authHeader'>,
  remoteId: string,
): Promise<string> {
  const response = await callerOf(service)('POST', '/_local/temporal-access', {
    remote_id: remoteId,
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { token: string }).token;
}
