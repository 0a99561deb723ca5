/**
 * Every failure the service client can meet, as a value: a `kind` the renderer translates, the
 * few facts that sentence needs (status, Retry-After, which network failure), and a short
 * English `detail` (the service's own `{"error"}` message, or what was wrong with a response).
 *
 * The API token never appears here: a ServiceError built with `secret` redacts it from the
 * detail, and no error keeps a `cause` (a fetch failure's cause may quote header values).
 */
import type { Refusal } from '../../../src-shared/refusal';
import { refusal } from '../../../src-shared/refusal';
import type { Logger } from '../logger';
import { TeacherFacingError } from '../api/teacherFacing';

/** How a request failed to get any answer. */
export type NetworkCause = 'refused' | 'reset' | 'dns' | 'timeout' | 'tls' | 'other';

export type ServiceProblem =
  /** status: absent when the token could not even be sent. */
  | { kind: 'unauthorized'; status?: number; detail: string }
  | { kind: 'classroom-not-found'; detail: string }
  | { kind: 'access-not-found'; detail: string }
  | { kind: 'already-ended'; detail: string }
  /** retryAfterMs: absent when the service did not say (or said something unreadable). */
  | { kind: 'rate-limited'; retryAfterMs?: number; detail: string }
  | { kind: 'network'; cause: NetworkCause; detail: string }
  | { kind: 'server'; status: number; detail: string }
  | { kind: 'bad-response'; detail: string }
  | { kind: 'bad-request'; status: number; detail: string };

export type ServiceErrorKind = ServiceProblem['kind'];

/**
 * What the window hears of a failure: a service's problem; `internal`: ClassTray itself failed (a
 * bug, logged with its stack); `no-token`: no token is saved, so the service was never asked.
 */
export interface ConnectionProblem {
  kind: ServiceErrorKind | 'internal' | 'no-token';
  detail: string;
}

const HEADLINES: Record<ServiceErrorKind, string> = {
  unauthorized: 'The service refused the API token',
  'classroom-not-found': 'The service does not know this classroom',
  'access-not-found': 'The service does not know this temporal access',
  'already-ended': 'The temporal access is already invalidated or expired',
  'rate-limited': 'The service asks us to slow down',
  network: 'The service could not be reached',
  server: 'The service failed',
  'bad-response': 'The service sent an answer ClassTray cannot read',
  'bad-request': 'The service refused the request',
};

const NETWORK_CAUSES: Record<NetworkCause, string> = {
  refused: 'connection refused',
  reset: 'connection reset',
  dns: 'address not found',
  timeout: 'no answer in time',
  tls: 'secure connection failed',
  other: 'network failure',
};

/** What a window says of each kind, in its language: the headline stays for the log. */
const refusalOf = (problem: ServiceProblem): Refusal => {
  switch (problem.kind) {
    case 'unauthorized':
      return refusal('serviceUnauthorized', {});
    case 'classroom-not-found':
      return refusal('serviceClassroomNotFound', {});
    case 'access-not-found':
      return refusal('serviceAccessNotFound', {});
    case 'already-ended':
      return refusal('serviceAlreadyEnded', {});
    case 'rate-limited':
      return refusal('serviceRateLimited', {});
    case 'network':
      return refusal('serviceUnreachable', {});
    case 'server':
      return refusal('serviceFailed', { status: problem.status });
    case 'bad-response':
      return refusal('serviceBadResponse', {});
    case 'bad-request':
      return refusal('serviceRefusedRequest', {});
  }
};

const MAX_DETAIL_LENGTH = 300;

export class ServiceError extends TeacherFacingError {
  override readonly name = 'ServiceError';
  override readonly fromService = true;
  override readonly refusal: Refusal;
  readonly problem: ServiceProblem;

  /** `secret`: a value (the API token) to scrub from the detail, wherever it came from. */
  constructor(problem: ServiceProblem, options: { secret?: string } = {}) {
    const safe = { ...problem, detail: cleanDetail(problem.detail, options.secret) };
    super(headline(safe));
    this.problem = safe;
    this.refusal = refusalOf(safe);
  }

  get kind(): ServiceErrorKind {
    return this.problem.kind;
  }

  get detail(): string {
    return this.problem.detail;
  }

  /** How long the service asked us to wait, for schedulers that back off (RefreshFailure). */
  get retryAfterMs(): number | undefined {
    return this.problem.kind === 'rate-limited' ? this.problem.retryAfterMs : undefined;
  }

  /** The plain value, e.g. for IPC or logs. */
  toJSON(): ServiceProblem {
    return this.problem;
  }
}

export function isServiceError(error: unknown, kind?: ServiceErrorKind): error is ServiceError {
  return error instanceof ServiceError && (kind === undefined || error.kind === kind);
}

function headline(problem: ServiceProblem): string {
  const facts: string[] = [];
  if ('status' in problem && problem.status !== undefined) facts.push(`HTTP ${problem.status}`);
  if (problem.kind === 'network') facts.push(NETWORK_CAUSES[problem.cause]);
  if (problem.kind === 'rate-limited' && problem.retryAfterMs !== undefined) {
    facts.push(`retry after ${Math.ceil(problem.retryAfterMs / 1000)} s`);
  }
  const head = `${HEADLINES[problem.kind]}${facts.length ? ` (${facts.join(', ')})` : ''}`;
  return problem.detail ? `${head}: ${problem.detail}` : `${head}.`;
}

/** Redacted before it is shortened, so a cut can never leave half a token behind. */
function cleanDetail(detail: string, secret: string | undefined): string {
  const redacted = secret ? detail.replaceAll(secret, '[token]') : detail;
  const oneLine = redacted.replace(/\s+/g, ' ').trim();
  return oneLine.length > MAX_DETAIL_LENGTH
    ? `${oneLine.slice(0, MAX_DETAIL_LENGTH - 3)}...`
    : oneLine;
}

/**
 * What the window hears of a failed call: the service's problem as it is; anything else is a bug
 * in ClassTray, logged with its stack and shown as `internal` (never as the service's fault).
 */
export function connectionProblemOf(error: unknown, log: Logger, what: string): ConnectionProblem {
  if (error instanceof ServiceError) return { kind: error.kind, detail: error.detail };
  log.error(`${what} failed unexpectedly`, error);
  return { kind: 'internal', detail: 'ClassTray failed unexpectedly; its log says why.' };
}
