/**
 * A handover's seal: the room's running accesses (tokens, and the students' names when given)
 * encrypted under a key derived from a short one-time code, so the text or file can travel by
 * mail, chat or a stick while the code is said aloud or shown on the giver's screen.
 *
 * scrypt (N = 2^17, r = 8, p = 1: 128 MiB; one derivation took 3.06 s on the 2-core CI machine at
 * load 6, docs/decisions.md; async, in libuv's pool, never on the main thread)
 * derives a 256-bit key from the code and a random 16-byte salt; AES-256-GCM seals the contents
 * with a random 12-byte nonce, the format's prefix and the KDF's parameters as authenticated
 * data. The handover's id and its expiry are inside what is sealed: nobody can lengthen its life
 * or make it look new without the code. Why these figures and what they buy against offline
 * guessing: docs/decisions.md ("A room handed over").
 */
import { createCipheriv, createDecipheriv, randomBytes, randomInt, scrypt } from 'node:crypto';
import { z } from 'zod';
import {
  CODE_ALPHABET,
  CODE_LENGTH,
  HANDOVER_MAX_CHARS,
  HANDOVER_VALID_MINUTES,
} from '../../../src-shared/handover';
import { temporalAccessTokenSchema } from '../../contract/wire';

/** The text's first characters: what it is, and the format's version. */
export const HANDOVER_PREFIX = 'classtray-handover.1.';

/** scrypt's cost. Tests pass a cheaper one; an opener accepts only the cost it expects. */
export interface KdfCost {
  /** log2 of N. */
  logN: number;
  r: number;
  p: number;
}
export const KDF_COST: KdfCost = { logN: 17, r: 8, p: 1 };

const SALT_BYTES = 16;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;

const isoTime = z.iso.datetime({ offset: true });

/** What a handover holds, sealed. */
const handoverContentsSchema = z.strictObject({
  /** Random, 128 bits: the taker remembers it so the same handover is never taken twice. */
  id: z.string().regex(/^[A-Za-z0-9_-]{22}$/),
  madeAt: isoTime,
  /** After this, no ClassTray takes it (HANDOVER_VALID_MINUTES after madeAt). */
  expiresAt: isoTime,
  classroom: z.strictObject({
    id: z.string().min(1).max(200),
    /** The giver's name for the room; null: the giver showed it by its id. */
    name: z.string().min(1).max(60).nullable(),
  }),
  accesses: z
    .array(
      z.strictObject({
        token: temporalAccessTokenSchema,
        remoteId: z.string().min(1).max(200).nullable(),
        deviceAlias: z.string().min(1).max(200).nullable(),
        has2fa: z.boolean().nullable(),
        addedAt: isoTime,
        /** The end the giver planned for it (its own, or the room's); null: none. */
        plannedEnd: isoTime.nullable(),
        /** Only when the giver ticked it and the school allows it. */
        student: z.string().min(1).max(80).optional(),
      }),
    )
    .min(1)
    .max(500),
});

export type HandoverContents = z.infer<typeof handoverContentsSchema>;

/** A new one-time code: CODE_LENGTH characters of CODE_ALPHABET, each from the system's CSPRNG. */
export function newCode(): string {
  return Array.from(
    { length: CODE_LENGTH },
    () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)],
  ).join('');
}

/** A new handover id: 16 random bytes. */
export const newHandoverId = (): string => randomBytes(16).toString('base64url');

/** The expiry of a handover made at `now`. */
export const expiryOf = (now: number): string =>
  new Date(now + HANDOVER_VALID_MINUTES * 60_000).toISOString();

/** The authenticated data: the prefix and the KDF's cost, so neither can be swapped. */
const associatedData = (cost: KdfCost) =>
  Buffer.from(`${HANDOVER_PREFIX}scrypt:N=2^${cost.logN},r=${cost.r},p=${cost.p}`);

function deriveKey(code: string, salt: Buffer, cost: KdfCost): Promise<Buffer> {
  const N = 2 ** cost.logN;
  // scrypt needs 128·N·r bytes; Node's default ceiling (32 MiB) is below 2^17's.
  const maxmem = 256 * N * cost.r;
  return new Promise((resolve, reject) => {
    scrypt(code, salt, KEY_BYTES, { N, r: cost.r, p: cost.p, maxmem }, (error, key) => {
      if (error) reject(error);
      else resolve(key);
    });
  });
}

/** The contents sealed under `code`: the text to paste or save. */
export async function sealHandover(
  contents: HandoverContents,
  code: string,
  cost: KdfCost = KDF_COST,
): Promise<string> {
  const plain = Buffer.from(JSON.stringify(handoverContentsSchema.parse(contents)));
  const salt = randomBytes(SALT_BYTES);
  const nonce = randomBytes(NONCE_BYTES);
  const key = await deriveKey(code, salt, cost);
  const cipher = createCipheriv('aes-256-gcm', key, nonce, { authTagLength: TAG_BYTES });
  cipher.setAAD(associatedData(cost));
  const sealed = Buffer.concat([cipher.update(plain), cipher.final()]);
  const body = Buffer.concat([salt, nonce, sealed, cipher.getAuthTag()]);
  return `${HANDOVER_PREFIX}${body.toString('base64url')}`;
}

/**
 * Why a handover was not opened. unreadable: not a handover's text (or cut short). not-opened:
 * the code does not open it, or a byte of it changed (authenticated encryption cannot tell
 * which). expired: opened, but past its time.
 */
export type OpenRefusal = 'unreadable' | 'not-opened' | 'expired';

export type Opened = { ok: true; contents: HandoverContents } | { ok: false; why: OpenRefusal };

/**
 * Opens a handover's text with the code, at `now`. A text whose base64url is not exactly as
 * sealed (a changed character in the last one's spare bits decodes to the same bytes) counts as
 * changed: one byte altered anywhere is never taken.
 */
export async function openHandover(
  text: string,
  code: string,
  now: number,
  cost: KdfCost = KDF_COST,
): Promise<Opened> {
  const trimmed = text.trim();
  if (trimmed.length > HANDOVER_MAX_CHARS || !trimmed.startsWith(HANDOVER_PREFIX)) {
    return { ok: false, why: 'unreadable' };
  }
  const encoded = trimmed.slice(HANDOVER_PREFIX.length);
  if (!/^[A-Za-z0-9_-]*$/.test(encoded)) return { ok: false, why: 'unreadable' };
  const body = Buffer.from(encoded, 'base64url');
  if (body.toString('base64url') !== encoded) return { ok: false, why: 'not-opened' };
  if (body.length < SALT_BYTES + NONCE_BYTES + TAG_BYTES + 1)
    return { ok: false, why: 'unreadable' };
  const salt = body.subarray(0, SALT_BYTES);
  const nonce = body.subarray(SALT_BYTES, SALT_BYTES + NONCE_BYTES);
  const sealed = body.subarray(SALT_BYTES + NONCE_BYTES, body.length - TAG_BYTES);
  const tag = body.subarray(body.length - TAG_BYTES);
  const key = await deriveKey(code, salt, cost);
  let plain: Buffer;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, nonce, { authTagLength: TAG_BYTES });
    decipher.setAAD(associatedData(cost));
    decipher.setAuthTag(tag);
    plain = Buffer.concat([decipher.update(sealed), decipher.final()]);
  } catch {
    return { ok: false, why: 'not-opened' };
  }
  // Authenticated: made by a ClassTray that held the code. Still checked, as any input.
  let parsed: unknown;
  try {
    parsed = JSON.parse(plain.toString('utf8'));
  } catch {
    return { ok: false, why: 'unreadable' };
  }
  const contents = handoverContentsSchema.safeParse(parsed);
  if (!contents.success) return { ok: false, why: 'unreadable' };
  if (now >= Date.parse(contents.data.expiresAt)) return { ok: false, why: 'expired' };
  return { ok: true, contents: contents.data };
}
