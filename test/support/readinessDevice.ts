import type { ReadinessDevice } from '../../src-shared/readinessReport';

/** Device n of a readiness run: alias PC-n, online, enabled, with 2FA, unless overridden. */
export const pc = (n: number, overrides: Partial<ReadinessDevice> = {}): ReadinessDevice => ({
  remoteId: String(100 + n),
  alias: `PC-${n}`,
  online: true,
  status: 'enabled',
  has2fa: true,
  ...overrides,
});
