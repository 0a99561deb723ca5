/**
 * A handover's seal: opened only with its code, before its expiry, byte for byte as it was
 * sealed; no token and no student's name readable in its text. The KDF runs at a cost of 2^10
 * here (the app's 2^17 once, at the end), so the byte-flip property can try many texts.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { HandoverContents, KdfCost } from '../../../src-main/core/handover/handoverSeal';
import {
  HANDOVER_PREFIX,
  KDF_COST,
  expiryOf,
  newCode,
  newHandoverId,
  openHandover,
  sealHandover,
} from '../../../src-main/core/handover/handoverSeal';
import { CODE_ALPHABET, CODE_LENGTH, HANDOVER_VALID_MINUTES } from '../../../src-shared/handover';

const CHEAP: KdfCost = { logN: 10, r: 8, p: 1 };
const NOW = Date.parse('2026-12-02T10:00:00.000Z');
const TOKENS = [
  '3f2c1a4e-8b7d-4c6e-9a1b-2d3e4f5a6b7c',
  '0b9d5e21-4c3a-4f1e-8d2c-7a6b5c4d3e2f',
  'e7a1c3d5-2b4f-4a6c-9e8d-1f0a2b3c4d5e',
];
const STUDENTS = ['Amara Okafor', 'Bruno Salvatierra', 'Chiara Ventimiglia'];

const contents = (): HandoverContents => ({
  id: newHandoverId(),
  madeAt: new Date(NOW).toISOString(),
  expiresAt: expiryOf(NOW),
  classroom: { id: 'lab-3', name: 'Lab 3' },
  accesses: TOKENS.map((token, i) => ({
    token,
    remoteId: String(100_000_001 + i),
    deviceAlias: `PC-${i + 1}`,
    has2fa: true,
    addedAt: new Date(NOW - 600_000).toISOString(),
    plannedEnd: '2026-12-02T11:40:00.000Z',
    student: STUDENTS[i] ?? '',
  })),
});

const CODE = 'ABCDE23456';

describe('the one-time code', () => {
  it('is CODE_LENGTH characters of the alphabet, fresh each time', () => {
    const codes = Array.from({ length: 50 }, newCode);
    for (const code of codes) {
      expect(code).toHaveLength(CODE_LENGTH);
      expect([...code].every((character) => CODE_ALPHABET.includes(character))).toBe(true);
    }
    expect(new Set(codes).size).toBe(codes.length);
  });
});

describe('sealing and opening', () => {
  it('opens with its code, before its expiry, as it was sealed', async () => {
    const sealed = contents();
    const text = await sealHandover(sealed, CODE, CHEAP);
    expect(text.startsWith(HANDOVER_PREFIX)).toBe(true);
    expect(await openHandover(text, CODE, NOW + 60_000, CHEAP)).toEqual({
      ok: true,
      contents: sealed,
    });
  });

  it('is refused with another code', async () => {
    const text = await sealHandover(contents(), CODE, CHEAP);
    expect(await openHandover(text, 'ABCDE23457', NOW, CHEAP)).toEqual({
      ok: false,
      why: 'not-opened',
    });
  });

  it('is refused at its expiry and after, on the clock it is given', async () => {
    const text = await sealHandover(contents(), CODE, CHEAP);
    const expiry = NOW + HANDOVER_VALID_MINUTES * 60_000;
    expect((await openHandover(text, CODE, expiry - 1, CHEAP)).ok).toBe(true);
    expect(await openHandover(text, CODE, expiry, CHEAP)).toEqual({ ok: false, why: 'expired' });
    expect(await openHandover(text, CODE, expiry + 86_400_000, CHEAP)).toEqual({
      ok: false,
      why: 'expired',
    });
  });

  it('is refused at a KDF cost other than the one it was sealed at (bound in the seal)', async () => {
    const text = await sealHandover(contents(), CODE, CHEAP);
    expect((await openHandover(text, CODE, NOW, { ...CHEAP, logN: 11 })).ok).toBe(false);
  });

  it('is not a handover without its prefix, or cut short', async () => {
    const text = await sealHandover(contents(), CODE, CHEAP);
    expect(await openHandover(text.slice(HANDOVER_PREFIX.length), CODE, NOW, CHEAP)).toEqual({
      ok: false,
      why: 'unreadable',
    });
    expect(await openHandover(`${HANDOVER_PREFIX}AAAA`, CODE, NOW, CHEAP)).toEqual({
      ok: false,
      why: 'unreadable',
    });
    expect((await openHandover(text.slice(0, -10), CODE, NOW, CHEAP)).ok).toBe(false);
  });

  it('is never opened with one byte altered, anywhere', async () => {
    const text = await sealHandover(contents(), CODE, CHEAP);
    const body = Buffer.from(text.slice(HANDOVER_PREFIX.length), 'base64url');
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: body.length - 1 }),
        fc.integer({ min: 1, max: 255 }),
        async (at, flip) => {
          const altered = Buffer.from(body);
          altered[at] = (altered[at] ?? 0) ^ flip;
          const opened = await openHandover(
            `${HANDOVER_PREFIX}${altered.toString('base64url')}`,
            CODE,
            NOW,
            CHEAP,
          );
          expect(opened.ok).toBe(false);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('is never opened with one character of its text changed, the last one too', async () => {
    const text = await sealHandover(contents(), CODE, CHEAP);
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    // The last character's spare bits decode to the same bytes: refused all the same.
    const lastIndexes = fc.constantFrom(text.length - 1, text.length - 2);
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.nat({ max: text.length - 1 }), lastIndexes),
        fc.constantFrom(...alphabet),
        async (at, character) => {
          fc.pre(text[at] !== character);
          const changed = `${text.slice(0, at)}${character}${text.slice(at + 1)}`;
          expect((await openHandover(changed, CODE, NOW, CHEAP)).ok).toBe(false);
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('what can be read of a handover without its code', () => {
  it('holds no token and no student name, in the text nor in its decoded bytes', async () => {
    const text = await sealHandover(contents(), CODE, CHEAP);
    const body = Buffer.from(text.slice(HANDOVER_PREFIX.length), 'base64url');
    const secrets = [...TOKENS, ...TOKENS.map((token) => token.replaceAll('-', '')), ...STUDENTS];
    for (const secret of secrets) {
      expect(text.toLowerCase()).not.toContain(secret.toLowerCase());
      expect(body.includes(Buffer.from(secret))).toBe(false);
      // Nor base64url of it at any of the three alignments.
      for (const shift of [0, 1, 2]) {
        const encoded = Buffer.from(`${'x'.repeat(shift)}${secret}`)
          .toString('base64url')
          .slice(4);
        expect(text).not.toContain(encoded);
      }
    }
    expect(text).not.toContain('Lab 3');
  });
});

describe("the app's KDF cost", () => {
  it('seals and opens at N = 2^17, r = 8, p = 1', { timeout: 60_000 }, async () => {
    const sealed = contents();
    const text = await sealHandover(sealed, CODE);
    expect(KDF_COST).toEqual({ logN: 17, r: 8, p: 1 });
    expect(await openHandover(text, CODE, NOW)).toEqual({ ok: true, contents: sealed });
  });
});
