import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { extractToken, invalidateAccess } from '../../../src-main/core/accesses/temporalAccess';

const TOKEN = '3f2c1a4e-8b7d-4c6e-9a1b-2d3e4f5a6b7c';
const OTHER = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

describe('taking the token out of what the teacher pastes', () => {
  it.each([
    ['a bare token', TOKEN],
    ['a bare token with spaces around', `  ${TOKEN}\n`],
    ['an upper-case token', TOKEN.toUpperCase()],
    ['an access link', `https://remote.example.com/temporal-access/${TOKEN}`],
    ['a link with a trailing slash', `https://remote.example.com/access/${TOKEN}/`],
    ['a link with the token in the query', `https://remote.example.com/join?token=${TOKEN}`],
    ['a link with another id in the query', `https://remote.example.com/a/${TOKEN}?ref=${OTHER}`],
    ['a link with the token in the fragment', `https://remote.example.com/#/${TOKEN}`],
    ['an encoded path segment', `https://x.example/a/${encodeURIComponent(TOKEN)}`],
  ])('finds it in %s', (_, pasted) => {
    expect(extractToken(pasted)).toEqual({ token: TOKEN });
  });

  it.each([
    ['nothing', '   ', 'empty'],
    ['a link without a token', 'https://remote.example.com/temporal-access/abc', 'no-token'],
    ['a word', 'hello', 'no-token'],
    ['a token one digit short', TOKEN.slice(0, -1), 'no-token'],
    ['a token one digit long', `${TOKEN}0`, 'no-token'],
    ['a token behind more hex digits', `ab${TOKEN}`, 'no-token'],
    ['two different tokens in one place', `${TOKEN} ${OTHER}`, 'several-tokens'],
  ])('refuses %s', (_, pasted, problem) => {
    expect(extractToken(pasted)).toEqual({ problem });
  });

  it('finds any UUID-shaped token inside any URL path', () => {
    fc.assert(
      fc.property(fc.uuid(), fc.webUrl(), (uuid, base) => {
        const url = new URL(base);
        url.pathname = `${url.pathname.replace(/\/$/, '')}/${uuid}`;
        url.search = '';
        url.hash = '';
        expect(extractToken(url.href)).toEqual({ token: uuid.toLowerCase() });
      }),
    );
  });
});

describe('invalidating', () => {
  it('reports the effective time', async () => {
    const outcome = await invalidateAccess(
      TOKEN,
      async () => ({ status: 'Invalidated', session_expires_at: '2026-11-22T10:42:30.000Z' }),
      () => false,
    );
    expect(outcome).toEqual({
      kind: 'invalidated',
      sessionExpiresAt: '2026-11-22T10:42:30.000Z',
    });
  });

  it('reads "already invalidated or expired" as an outcome, not an error', async () => {
    const gone = new Error('422');
    const outcome = await invalidateAccess(
      TOKEN,
      async () => {
        throw gone;
      },
      (error) => error === gone,
    );
    expect(outcome).toEqual({ kind: 'already-ended' });
  });

  it('passes every other failure on: nothing is reported done without a 200', async () => {
    const down = new Error('network');
    await expect(
      invalidateAccess(
        TOKEN,
        async () => {
          throw down;
        },
        () => false,
      ),
    ).rejects.toBe(down);
  });
});
