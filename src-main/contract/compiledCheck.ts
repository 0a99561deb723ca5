/**
 * A fast check derived from a contract schema, for the answers read on every refresh (200 pages
 * of 50 devices for a 5,000-device classroom, each page with its links): zod's own parse of a
 * page cost as much again as parsing its JSON (measured for issue 44), most of it in the objects
 * zod makes to carry each value and its issues, and in its copy of every object; this check costs
 * under half of the parsing. It is built from the schema's definition (`_zod.def`), never written
 * by hand, so the contract stays the one place a wire shape is said; it answers only "valid, and
 * equal to what zod would give" or "not sure". On "not sure" the caller runs zod itself, which
 * says what is wrong (or accepts what this check was too strict for). An object holding exactly
 * the shape's keys is given back as it came (zod's copy would hold the same keys and values,
 * perhaps in another order); one with other keys is copied without them, as zod strips them.
 *
 * It knows the kinds the wire's list schemas use: objects (unknown keys stripped, as zod does),
 * arrays, strings, numbers, booleans, string enums, nullable and union, with the length, integer
 * and bound checks. A schema holding anything else (a transform, an optional, a regex or other
 * format, a default, a strict or loose object…) gets no compiled check: undefined.
 */
import type { z } from 'zod';

/** A value the compiled check did not accept: zod decides. */
export const NOT_SURE: unique symbol = Symbol('not sure');

type Check = (value: unknown) => unknown;

/** The check, or undefined when the schema holds a kind it does not know. */
export function compileCheck<Schema extends z.ZodType>(
  schema: Schema,
): ((value: unknown) => z.output<Schema> | typeof NOT_SURE) | undefined {
  return compile(schema) as ((value: unknown) => z.output<Schema> | typeof NOT_SURE) | undefined;
}

interface CheckDefinition {
  check: string;
  minimum?: number;
  maximum?: number;
  length?: number;
  format?: string;
  value?: unknown;
  inclusive?: boolean;
}

/** What the check reads of a zod definition; a format (z.int()) is its own check. */
interface Definition extends Partial<CheckDefinition> {
  type: string;
  coerce?: boolean;
  checks?: { _zod: { def: CheckDefinition } }[];
  shape?: Record<string, z.ZodType>;
  catchall?: unknown;
  element?: z.ZodType;
  innerType?: z.ZodType;
  options?: z.ZodType[];
  entries?: Record<string, unknown>;
}

const definitionOf = (schema: z.ZodType) => schema._zod.def as unknown as Definition;

function compile(schema: z.ZodType): Check | undefined {
  const def = definitionOf(schema);
  if (def.coerce === true) return undefined;
  switch (def.type) {
    case 'string': {
      const test = refinements(def, 'string') as ((value: string) => boolean) | undefined;
      if (test === undefined) return undefined;
      return (value) => (typeof value === 'string' && test(value) ? value : NOT_SURE);
    }
    case 'number': {
      const test = refinements(def, 'number') as ((value: number) => boolean) | undefined;
      if (test === undefined) return undefined;
      return (value) =>
        typeof value === 'number' && Number.isFinite(value) && test(value) ? value : NOT_SURE;
    }
    case 'boolean':
      if (def.check !== undefined || (def.checks ?? []).length > 0) return undefined;
      return (value) => (typeof value === 'boolean' ? value : NOT_SURE);
    case 'enum': {
      const values = Object.values(def.entries ?? {});
      if (!values.every((entry) => typeof entry === 'string')) return undefined;
      const allowed = new Set<unknown>(values);
      return (value) => (allowed.has(value) ? value : NOT_SURE);
    }
    case 'nullable': {
      const inner = def.innerType === undefined ? undefined : compile(def.innerType);
      if (inner === undefined) return undefined;
      return (value) => (value === null ? null : inner(value));
    }
    case 'union': {
      const options = (def.options ?? []).map(compile);
      if (options.length === 0 || options.some((option) => option === undefined)) return undefined;
      const each = options as Check[];
      // zod gives the first option that accepts the value.
      return (value) => {
        for (const option of each) {
          const result = option(value);
          if (result !== NOT_SURE) return result;
        }
        return NOT_SURE;
      };
    }
    case 'array': {
      if (def.check !== undefined || (def.checks ?? []).length > 0) return undefined;
      const element = def.element === undefined ? undefined : compile(def.element);
      if (element === undefined) return undefined;
      return (value) => {
        if (!Array.isArray(value)) return NOT_SURE;
        const items = value as unknown[];
        let result: unknown[] | undefined;
        for (let index = 0; index < items.length; index += 1) {
          const item = element(items[index]);
          if (item === NOT_SURE) return NOT_SURE;
          // A copy only from the first item that is not given back as it was.
          if (result === undefined && item !== items[index]) result = items.slice(0, index);
          if (result !== undefined) result.push(item);
        }
        return result ?? items;
      };
    }
    case 'object': {
      // Only zod's default object, which strips unknown keys: strict and loose ones differ.
      if (def.catchall !== undefined || def.shape === undefined) return undefined;
      if (def.check !== undefined || (def.checks ?? []).length > 0) return undefined;
      const keys = Object.keys(def.shape);
      const fields = Object.values(def.shape).map(compile);
      if (fields.some((field) => field === undefined)) return undefined;
      const checks = fields as Check[];
      return (value) => {
        if (typeof value !== 'object' || value === null || Array.isArray(value)) return NOT_SURE;
        const record = value as Record<string, unknown>;
        let same = true;
        for (let index = 0; index < keys.length; index += 1) {
          const key = keys[index] as string;
          const field = record[key];
          const item = (checks[index] as Check)(field);
          if (item === NOT_SURE) return NOT_SURE;
          if (item !== field) same = false;
        }
        // Every key of the shape is there (none of its values may be undefined): with no other
        // key, zod's copy would hold the same keys and values, so the object itself is given.
        // Inherited keys counted too (a polluted prototype): that way only to a copy.
        let count = 0;
        for (const _key in record) count += 1;
        if (same && count === keys.length) return record;
        // Else a copy: the shape's keys in the shape's order, as zod builds it.
        const result: Record<string, unknown> = {};
        for (let index = 0; index < keys.length; index += 1) {
          const key = keys[index] as string;
          result[key] = (checks[index] as Check)(record[key]);
        }
        return result;
      };
    }
    default:
      return undefined;
  }
}

/** A string's or number's checks as one test; undefined when one is of a kind not known here. */
function refinements(
  def: Definition,
  kind: 'string' | 'number',
): ((value: never) => boolean) | undefined {
  const own = def.check === undefined ? [] : [def as CheckDefinition];
  const tests: ((value: never) => boolean)[] = [];
  for (const check of [...own, ...(def.checks ?? []).map((each) => each._zod.def)]) {
    const test = refinement(check, kind);
    if (test === undefined) return undefined;
    tests.push(test);
  }
  const [only] = tests;
  if (tests.length === 0) return () => true;
  if (tests.length === 1 && only !== undefined) return only;
  return (value) => tests.every((test) => test(value));
}

function refinement(
  check: CheckDefinition,
  kind: 'string' | 'number',
): ((value: never) => boolean) | undefined {
  const { minimum, maximum, length, value: bound, inclusive } = check;
  if (kind === 'string') {
    switch (check.check) {
      case 'min_length':
        return typeof minimum === 'number' ? (value: string) => value.length >= minimum : undefined;
      case 'max_length':
        return typeof maximum === 'number' ? (value: string) => value.length <= maximum : undefined;
      case 'length_equals':
        return typeof length === 'number' ? (value: string) => value.length === length : undefined;
      default:
        return undefined;
    }
  }
  switch (check.check) {
    case 'number_format':
      return check.format === 'safeint'
        ? (value: number) => Number.isSafeInteger(value)
        : undefined;
    case 'greater_than':
      if (typeof bound !== 'number') return undefined;
      return inclusive === true
        ? (value: number) => value >= bound
        : (value: number) => value > bound;
    case 'less_than':
      if (typeof bound !== 'number') return undefined;
      return inclusive === true
        ? (value: number) => value <= bound
        : (value: number) => value < bound;
    default:
      return undefined;
  }
}
