/**
 * No English of the service's or the keychain's reaches the window: each failure carries a
 * refusal the window words in its own language (every language has its sentence: messages.ts).
 */
import { describe, expect, it } from 'vitest';
import { TokenVault } from '../../../src-main/core/account/vault';
import { shownFailure } from '../../../src-main/core/api/teacherFacing';
import { ServiceError, type ServiceProblem } from '../../../src-main/core/service/serviceErrors';
import { readRefusal, type Refusal } from '../../../src-shared/refusal';
import { recordingLogger } from '../../support/recordingLogger';

const PROBLEMS: readonly [ServiceProblem, Refusal][] = [
  [
    { kind: 'unauthorized', status: 401, detail: 'no' },
    { code: 'serviceUnauthorized', values: {} },
  ],
  [
    { kind: 'classroom-not-found', detail: '' },
    { code: 'serviceClassroomNotFound', values: {} },
  ],
  [
    { kind: 'access-not-found', detail: '' },
    { code: 'serviceAccessNotFound', values: {} },
  ],
  [
    { kind: 'already-ended', detail: '' },
    { code: 'serviceAlreadyEnded', values: {} },
  ],
  [
    { kind: 'rate-limited', detail: '' },
    { code: 'serviceRateLimited', values: {} },
  ],
  [
    { kind: 'network', cause: 'dns', detail: '' },
    { code: 'serviceUnreachable', values: {} },
  ],
  [
    { kind: 'server', status: 503, detail: 'down' },
    { code: 'serviceFailed', values: { status: 503 } },
  ],
  [
    { kind: 'bad-response', detail: '' },
    { code: 'serviceBadResponse', values: {} },
  ],
  [
    { kind: 'bad-request', status: 400, detail: '' },
    { code: 'serviceRefusedRequest', values: {} },
  ],
];

const shown = (error: unknown) =>
  shownFailure(error, { log: recordingLogger().log, context: 'test', internalMessage: 'Failed.' });

describe("the service's failures", () => {
  it.each(PROBLEMS)('%o carries a refusal the window translates', (problem, expected) => {
    const failure = shown(new ServiceError(problem));
    expect(failure.refusal).toEqual(expected);
    // It crosses to a window whole (readRefusal is what both hosts' clients apply).
    expect(readRefusal(JSON.parse(JSON.stringify(failure.refusal)))).toEqual(expected);
    // The English headline stays the message, for the log and the CLI.
    expect(failure.message).toContain(new ServiceError(problem).message);
  });
});

describe("the keychain's refusals", () => {
  const vault = new TokenVault({ env: {}, loadKeytar: () => Promise.reject(new Error('none')) });

  it.each([
    ['', 'tokenEmpty'],
    ['abc\ndef', 'tokenControlCharacters'],
  ] as const)('a token %j is refused with %s', async (token, code) => {
    const failure = await vault.setToken('https://school.example', token).then(
      () => undefined,
      (error: unknown) => shown(error),
    );
    expect(failure).toMatchObject({ kind: 'refused', refusal: { code, values: {} } });
  });

  it('a token without its service is refused as no service URL', async () => {
    const failure = await vault.setToken('', 'tok').then(
      () => undefined,
      (error: unknown) => shown(error),
    );
    expect(failure?.refusal).toEqual({ code: 'noServiceUrl', values: {} });
  });
});

describe("ClassTray's own failure", () => {
  it('is worded by the window, never by its text', () => {
    const failure = shown(new Error('TypeError: x is undefined'));
    expect(failure).toEqual({
      kind: 'internal',
      message: 'Failed.',
      refusal: { code: 'classTrayFailed', values: {} },
    });
  });
});
