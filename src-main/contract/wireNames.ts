/**
 * The wire-name adapter. The spec's remote_id / remote_alias / remote_password stand for fields
 * named after the remote-desktop tool on the real service (anydesk_id, anydesk_alias,
 * anydesk_password, ...). A device may carry any `<prefix>_id / _alias / _password` triple;
 * this maps it to the contract's remote_* names before the contract's schemas validate it.
 *
 * Rules:
 * - A prefix with all three fields is a triple; `remote` is one like any other.
 * - A prefix with two of the three is a partial triple: a bad response, never a guess.
 * - A prefix with only one of them (say classroom_id) is some other field and is left alone, so
 *   a newer service may add such fields without breaking us (the contract is a tolerant reader).
 * - Two or more triples are fine only when they carry the same values (a service sending both
 *   names during a rename); triples that disagree are a bad response.
 * - No triple at all: the device is left as is and the contract's schema says what is missing.
 */
import { z } from 'zod';
import { NOT_SURE, compileCheck } from './compiledCheck';

const SUFFIXES = ['id', 'alias', 'password'] as const;
type Suffix = (typeof SUFFIXES)[number];

const FIELD = /^(.+)_(id|alias|password)$/;

export type WireNamesResult = { ok: true; device: unknown } | { ok: false; problem: string };

/** Maps a device's remote-desktop triple to remote_*; anything but an object passes through. */
export function mapRemoteNames(device: unknown): WireNamesResult {
  if (typeof device !== 'object' || device === null || Array.isArray(device)) {
    return { ok: true, device };
  }
  if (hasOnlyRemoteNames(device)) return { ok: true, device };
  const fields = new Map<string, Set<Suffix>>();
  for (const key of Object.keys(device)) {
    const match = FIELD.exec(key);
    const prefix = match?.[1];
    const suffix = match?.[2] as Suffix | undefined;
    if (prefix === undefined || suffix === undefined) continue;
    const present = fields.get(prefix) ?? new Set<Suffix>();
    present.add(suffix);
    fields.set(prefix, present);
  }

  const triples: string[] = [];
  for (const [prefix, present] of fields) {
    if (present.size === SUFFIXES.length) triples.push(prefix);
    if (present.size === 2) {
      const have = SUFFIXES.filter((suffix) => present.has(suffix)).map((s) => `${prefix}_${s}`);
      const missing = SUFFIXES.filter((suffix) => !present.has(suffix)).map(
        (s) => `${prefix}_${s}`,
      );
      return {
        ok: false,
        problem: `partial remote-desktop fields: ${have.join(' and ')} without ${missing.join(', ')}`,
      };
    }
  }
  const [chosen, ...others] = triples;
  if (chosen === undefined) return { ok: true, device };

  const record = device as Record<string, unknown>;
  // Values the schema accepts are strings and null, so identity is equality.
  const disagreeing = others.find((prefix) =>
    SUFFIXES.some((suffix) => record[`${prefix}_${suffix}`] !== record[`${chosen}_${suffix}`]),
  );
  if (disagreeing !== undefined) {
    return {
      ok: false,
      problem: `two remote-desktop triples disagree: ${chosen}_* and ${disagreeing}_*`,
    };
  }

  const tripleKeys = new Set(triples.flatMap((prefix) => SUFFIXES.map((s) => `${prefix}_${s}`)));
  const mapped: Record<string, unknown> = Object.fromEntries(
    Object.entries(record).filter(([key]) => !tripleKeys.has(key)),
  );
  for (const suffix of SUFFIXES) mapped[`remote_${suffix}`] = record[`${chosen}_${suffix}`];
  return { ok: true, device: mapped };
}

/**
 * The common case, checked without building anything (it runs for every device of every page):
 * the contract's own remote_id, remote_alias and remote_password and no other triple-like field.
 * Such a device maps to itself.
 */
function hasOnlyRemoteNames(device: object): boolean {
  let remote = 0;
  for (const key of Object.keys(device)) {
    if (key === 'remote_id' || key === 'remote_alias' || key === 'remote_password') remote++;
    else if (endsLikeATriple(key) && FIELD.test(key)) return false;
  }
  return remote === SUFFIXES.length;
}

/** What FIELD needs at the end of a key, checked before running FIELD on every key of every device. */
const endsLikeATriple = (key: string) =>
  key.endsWith('_id') || key.endsWith('_alias') || key.endsWith('_password');

/** A contract item schema that first maps wire names; ambiguity is an issue at the item's path. */
export function withWireNames<Item extends z.ZodType>(item: Item) {
  return z.preprocess((value, ctx) => {
    const result = mapRemoteNames(value);
    if (result.ok) return result.device;
    ctx.addIssue({ code: 'custom', message: result.problem });
    return value;
  }, item);
}

/**
 * A contract page schema whose every data item goes through the wire-name adapter, so a page is
 * mapped and validated in one step: `pageWithWireNames(accountDevicePageSchema)`.
 */
export function pageWithWireNames<Shape extends { data: z.ZodArray<z.ZodType> }>(
  page: z.ZodObject<Shape>,
) {
  const item: Shape['data']['element'] = page.shape.data.element;
  return page.extend({ data: z.array(withWireNames(item)) });
}

/**
 * `pageWithWireNames(page).safeParse`, fast for the usual page: when every device carries the
 * contract's own names (it maps to itself), the check compiled from the contract's page schema
 * (compiledCheck.ts) gives what zod would; anything else, or anything it is not sure of, goes
 * through zod with the adapter, which says what is wrong.
 */
export function pageParserWithWireNames<Shape extends { data: z.ZodArray<z.ZodType> }>(
  page: z.ZodObject<Shape>,
) {
  const schema = pageWithWireNames(page);
  const fast = compileCheck(page);
  return (value: unknown): ReturnType<typeof schema.safeParse> => {
    if (fast !== undefined && everyDeviceKeepsItsNames(value)) {
      const data = fast(value);
      if (data !== NOT_SURE) {
        return { success: true, data } as unknown as ReturnType<typeof schema.safeParse>;
      }
    }
    return schema.safeParse(value);
  };
}

function everyDeviceKeepsItsNames(page: unknown): boolean {
  if (typeof page !== 'object' || page === null) return false;
  const { data } = page as { data?: unknown };
  if (!Array.isArray(data)) return false;
  for (const device of data as unknown[]) {
    // Anything but an object passes the adapter as it is, and the check refuses it.
    if (typeof device === 'object' && device !== null && !hasOnlyRemoteNames(device)) return false;
  }
  return true;
}
