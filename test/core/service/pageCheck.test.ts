/**
 * The fast check of a list page (src-main/contract/compiledCheck.ts, through
 * pageParserWithWireNames, as the service client reads every page) against zod's own parse of
 * the contract's page schema with the wire-name adapter: on pages made valid, then changed at
 * random (a field of another type, missing, out of bounds, an unknown key, another tool's field
 * names), both must accept the same pages and give equal values; and the usual page must take
 * the fast way.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { NOT_SURE, compileCheck } from '../../../src-main/contract/compiledCheck';
import {
  accountDevicePageSchema,
  classroomDevicePageSchema,
  PAGE_SIZE,
} from '../../../src-main/contract/wire';
import { pageParserWithWireNames, pageWithWireNames } from '../../../src-main/contract/wireNames';
import { paginate } from '../../../src-main/local-service/pagination';
import { device } from '../../support/fixtures';

const schemas = [
  ['account', accountDevicePageSchema, true],
  ['classroom', classroomDevicePageSchema, false],
] as const;

/** A valid page of the list as the local service sends it: page 2 of 120 devices. */
function validPage(withOnline: boolean): Record<string, unknown> {
  const devices = Array.from({ length: 120 }, (_, n) => device(n, { has_2fa: n % 2 === 0 }));
  const page = paginate(
    devices,
    2,
    (n) => `https://service.example/api/v1/devices?page=${n}`,
    (each) => ({
      remote_id: each.remote_id,
      remote_alias: each.remote_id.endsWith('7') ? null : each.remote_alias,
      remote_password: each.remote_password,
      has_2fa: each.has_2fa,
      status: each.status,
      ...(withOnline ? { is_online: each.is_online } : {}),
    }),
  );
  return JSON.parse(JSON.stringify(page)) as Record<string, unknown>;
}

const odd = fc.constantFrom<unknown>(
  null,
  undefined,
  '',
  'x',
  '7',
  0,
  -1,
  1.5,
  2 ** 53,
  Number.MAX_SAFE_INTEGER,
  true,
  false,
  [],
  {},
  'enabled',
  'disabled',
  'Next',
);

/** A change to one place of a page: a value set (undefined: removed) or a key added. */
const change = fc.record({
  where: fc.constantFrom('data', 'links', 'meta', 'page'),
  index: fc.nat({ max: PAGE_SIZE + 2 }),
  key: fc.constantFrom(
    'remote_id',
    'remote_alias',
    'remote_password',
    'has_2fa',
    'status',
    'is_online',
    'url',
    'label',
    'active',
    'total',
    'per_page',
    'current_page',
    'last_page',
    'data',
    'extra',
    'anydesk_id',
    'anydesk_alias',
    'anydesk_password',
    'classroom_id',
  ),
  value: odd,
});

type Change = typeof change extends fc.Arbitrary<infer Value> ? Value : never;

function changed(page: Record<string, unknown>, changes: Change[]) {
  const copy = structuredClone(page);
  for (const { where, index, key, value } of changes) {
    let target: unknown = copy;
    if (where !== 'page') {
      target = copy[where];
      if (Array.isArray(target)) target = target[index % Math.max(1, target.length)];
    }
    if (typeof target !== 'object' || target === null) continue;
    const record = target as Record<string, unknown>;
    if (value === undefined) Reflect.deleteProperty(record, key);
    else record[key] = value;
  }
  return copy;
}

describe('the fast check of a list page', () => {
  it.each(schemas)('is compiled from the %s page schema, whole', (_, schema) => {
    expect(compileCheck(schema)).toBeTypeOf('function');
  });

  it.each(schemas)(
    'takes the fast way for the usual %s page, and gives what zod gives',
    (_, schema, online) => {
      const page = validPage(online);
      const fast = compileCheck(schema)?.(page);
      expect(fast).not.toBe(NOT_SURE);
      const zod = pageWithWireNames(schema).safeParse(page);
      expect(zod.success).toBe(true);
      expect(fast).toStrictEqual(zod.data);
      expect(pageParserWithWireNames(schema)(page).data).toStrictEqual(zod.data);
    },
  );

  it.each(schemas)(
    'accepts and gives exactly what zod does on %s pages changed at random',
    (_, schema, online) => {
      const page = validPage(online);
      const parse = pageParserWithWireNames(schema);
      const check = compileCheck(schema);
      const zod = pageWithWireNames(schema);
      let accepted = 0;
      fc.assert(
        fc.property(fc.array(change, { minLength: 1, maxLength: 4 }), (changes) => {
          const value = changed(page, changes);
          const expected = zod.safeParse(value);
          const found = parse(value);
          expect(found.success).toBe(expected.success);
          if (expected.success) {
            accepted += 1;
            expect(found.data).toStrictEqual(expected.data);
          }
          // The compiled check alone is never more lenient than zod, nor different when it accepts.
          const fast = check?.(value);
          if (fast !== NOT_SURE) {
            expect(fast).toStrictEqual(schema.parse(value));
          }
        }),
        { numRuns: 2_000, seed: 44 },
      );
      // Both ways were tried: pages accepted and pages refused.
      expect(accepted).toBeGreaterThan(100);
      expect(accepted).toBeLessThan(1_900);
    },
  );

  it('compiles no check for a schema holding a kind it does not know: zod alone decides', () => {
    expect(compileCheck(z.object({ id: z.string().regex(/^[0-9]+$/) }))).toBeUndefined();
    expect(compileCheck(z.object({ id: z.string().optional() }))).toBeUndefined();
    expect(compileCheck(z.strictObject({ id: z.string() }))).toBeUndefined();
    expect(compileCheck(z.object({ at: z.iso.datetime() }))).toBeUndefined();
    expect(compileCheck(z.object({ email: z.email() }))).toBeUndefined();
    expect(compileCheck(z.string().transform((text) => text.length))).toBeUndefined();
    // z.int() is a number that is its own check: it compiles, and holds to it.
    expect(compileCheck(z.int())?.(1.5)).toBe(NOT_SURE);
    expect(compileCheck(z.int())?.(2)).toBe(2);
  });
});
