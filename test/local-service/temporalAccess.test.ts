import { afterEach, describe, expect, it } from 'vitest';
import { nextInvalidationBoundary } from '../../src-main/contract/wire';
import type { RunningLocalService } from '../../src-main/local-service';
import { parseAccountData, startLocalService } from '../../src-main/local-service';
import {
  ACTIVE_TOKEN,
  EXPIRED_TOKEN,
  INVALIDATED_TOKEN,
  TIMED_OUT_TOKEN,
  accessFixture,
} from '../support/fixtures';
import { AUTH, localApp } from '../support/localApp';

const HALF_MINUTE_START = Date.parse('2026-11-22T10:42:00.000Z');

function invalidateAt(nowMs: number, token = ACTIVE_TOKEN) {
  const app = localApp(accessFixture(), { clock: () => nowMs });
  return app.inject({
    method: 'PATCH',
    url: `/api/v1/temporal-access/${token}/invalidate`,
    headers: AUTH,
  });
}

describe('the 30-second rule', () => {
  it.each([
    ['15 s into a half-minute', 15_000, '2026-11-22T10:42:30.000Z'],
    ['35 s into the minute', 35_000, '2026-11-22T10:43:00.000Z'],
    ['exactly on a boundary', 0, '2026-11-22T10:42:30.000Z'],
    ['exactly on the 30 s mark', 30_000, '2026-11-22T10:43:00.000Z'],
    ['1 ms before a boundary', 29_999, '2026-11-22T10:42:30.000Z'],
    ['with milliseconds', 44_123, '2026-11-22T10:43:00.000Z'],
  ])('invalidates %s at the next boundary strictly after', async (_, offset, expected) => {
    const response = await invalidateAt(HALF_MINUTE_START + offset);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toStrictEqual({ status: 'Invalidated', session_expires_at: expected });
  });

  it('writes the time as ISO 8601 UTC with fractional seconds and Z', async () => {
    const body = (await invalidateAt(Date.parse('2031-02-03T04:05:06.789Z'))).json();
    expect(body.session_expires_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('is the same rule the contract exports', () => {
    for (const offset of [0, 1, 15_000, 29_999, 30_000, 35_000, 59_999]) {
      const now = HALF_MINUTE_START + offset;
      const boundary = nextInvalidationBoundary(now);
      expect(boundary).toBeGreaterThan(now);
      expect(boundary - now).toBeLessThanOrEqual(30_000);
      expect(boundary % 30_000).toBe(0);
    }
  });
});

describe('invalidating', () => {
  it('answers a second invalidation of the same access with 422', async () => {
    const app = localApp(accessFixture());
    const url = `/api/v1/temporal-access/${ACTIVE_TOKEN}/invalidate`;
    expect((await app.inject({ method: 'PATCH', url, headers: AUTH })).statusCode).toBe(200);
    const again = await app.inject({ method: 'PATCH', url, headers: AUTH });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toStrictEqual({
      error: 'This temporal access is already invalidated or expired.',
    });
  });

  it.each([
    ['already invalidated', INVALIDATED_TOKEN],
    ['expired', EXPIRED_TOKEN],
    ['active but past its expiry time', TIMED_OUT_TOKEN],
  ])('answers an access %s with 422', async (_, token) => {
    const response = await invalidateAt(HALF_MINUTE_START, token);
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toMatch(/already invalidated or expired/);
  });

  it('finds a token whatever its letter case', async () => {
    const response = await invalidateAt(HALF_MINUTE_START, ACTIVE_TOKEN.toUpperCase());
    expect(response.statusCode).toBe(200);
  });

  it('answers an unknown token with 404', async () => {
    const response = await invalidateAt(HALF_MINUTE_START, '00000000-0000-4000-8000-000000000000');
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toMatch(/No temporal access/);
  });
});

describe('racing invalidations over real HTTP', () => {
  let service: RunningLocalService | undefined;
  afterEach(async () => {
    await service?.close();
    service = undefined;
  });

  it('gives exactly one 200 and 422 to all the others', async () => {
    service = await startLocalService({
      token: 'race',
      fixture: parseAccountData(accessFixture(), 'fixture'),
    });
    const url = `${service.url}/api/v1/temporal-access/${ACTIVE_TOKEN}/invalidate`;
    const statuses = await Promise.all(
      Array.from({ length: 40 }, () =>
        fetch(url, {
          method: 'PATCH',
          headers: { 'X-Token-SVC': 'race', 'Content-Type': 'application/json' },
        }).then((response) => response.status),
      ),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 422)).toHaveLength(39);
  });
});
