/**
 * Recovery of a settings file damaged in part: each invalid top-level field falls back to its
 * default and unknown fields are dropped, so one bad poll interval does not cost the tracked
 * accesses; in the lists a feature keeps item by item, a bad item costs only itself.
 */
import type { z } from 'zod';
import { issueProblems } from '../../contract/zodIssues';
import { accessRepairs } from '../accesses/accessSettings';
import { scheduledEndRepairs } from '../scheduledEnds/scheduledEndSettings';
import { upgradeTimetable } from '../timetable/timetableSettings';
import type { Settings } from './settingsSchema';
import { defaultSettings, settingsSchema } from './settingsSchema';

/** How a list setting is repaired item by item: each item valid, once by `keyOf`. */
interface ItemRepair<Item> {
  item: z.ZodType<Item>;
  keyOf: (item: Item) => string;
  /** What a repeated item does, in the problem that names it. */
  twice: string;
  /** The order the list keeps. */
  order?: (a: Item, b: Item) => number;
  /** At most this many (the first in order); `items` names them in the problem. */
  max?: { count: number; items: string };
}

type ItemOf<List> = List extends readonly (infer Item)[] ? Item : never;

/** The lists a feature keeps item by item (its part of the schema says how). */
const ITEM_REPAIRS: { readonly [Key in keyof Settings]?: ItemRepair<ItemOf<Settings[Key]>> } = {
  ...accessRepairs,
  ...scheduledEndRepairs,
};

/**
 * A part written by an older version, in the shape this one reads (undefined: already it). Each
 * feature says how its own part changed.
 */
const UPGRADES: { readonly [Key in keyof Settings]?: (raw: unknown) => unknown } = {
  timetable: upgradeTimetable,
};

/** The keys conf keeps for itself (migrations); never ours to judge. */
const isBackendInternal = (key: string): boolean => key === '__internal__';

export function repair(raw: unknown): {
  settings: Settings;
  problems: string[];
  /** A part was in an older version's shape: the file is written in this one's. */
  upgraded: boolean;
} {
  if (!isPlainObject(raw)) {
    return { settings: defaultSettings(), problems: ['not an object'], upgraded: false };
  }
  const problems: string[] = [];
  const fields: Record<string, unknown> = {};
  const shape = settingsSchema.shape;
  let upgraded = false;
  for (const key of Object.keys(shape) as (keyof typeof shape)[]) {
    const upgrade = UPGRADES[key]?.(raw[key]);
    if (upgrade !== undefined) upgraded = true;
    const result = shape[key].safeParse(upgrade ?? raw[key]);
    const itemRepair = ITEM_REPAIRS[key] as ItemRepair<unknown> | undefined;
    if (result.success) {
      fields[key] = result.data;
    } else if (itemRepair !== undefined && Array.isArray(raw[key])) {
      fields[key] = repairItems(key, raw[key], problems, itemRepair);
    } else {
      problems.push(describeIssues(result.error.issues, [key]).map(formatProblem).join(', '));
    }
  }
  for (const key of Object.keys(raw)) {
    if (!(key in shape) && !isBackendInternal(key)) problems.push(`${key} is not a setting`);
  }
  // Fields left out take their defaults here.
  return { settings: settingsSchema.parse(fields), problems, upgraded };
}

/** The valid items of a list setting, each once (the first wins); a problem for every other. */
function repairItems<Item>(
  key: string,
  items: unknown[],
  problems: string[],
  rule: ItemRepair<Item>,
): Item[] {
  const kept: Item[] = [];
  const keys = new Set<string>();
  items.forEach((item, index) => {
    const result = rule.item.safeParse(item);
    if (!result.success) {
      const at = [key, index];
      problems.push(
        `${describeIssues(result.error.issues, at).map(formatProblem).join(', ')} (dropped)`,
      );
    } else if (keys.has(rule.keyOf(result.data))) {
      problems.push(`${key}.${index} ${rule.twice} (dropped)`);
    } else {
      keys.add(rule.keyOf(result.data));
      kept.push(result.data);
    }
  });
  if (rule.order) kept.sort(rule.order);
  if (rule.max === undefined || kept.length <= rule.max.count) return kept;
  const { count, items: named } = rule.max;
  problems.push(
    `${key} holds more than ${count} ${named} (the latest ${kept.length - count} dropped)`,
  );
  return kept.slice(0, count);
}

export function describeIssues(
  issues: readonly z.core.$ZodIssue[],
  prefix: readonly PropertyKey[] = [],
): { field: string; message: string }[] {
  return issueProblems(issues, prefix).map(({ path, message }) => ({
    field: path.length === 0 ? 'settings' : path.map(String).join('.'),
    message: message === 'is not allowed' ? 'is not a setting' : message,
  }));
}

const formatProblem = ({ field, message }: { field: string; message: string }): string =>
  `${field} ${message}`;

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}
