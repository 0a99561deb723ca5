/**
 * The settings file's one schema, composed of each feature's part (each beside its feature's
 * code); settings.ts repairs and persists it. Every object in it is strict, so a stray field such
 * as `apiToken` is rejected on update and dropped on load instead of being carried along.
 */
import { z } from 'zod';
import { accessSettings } from '../accesses/accessSettings';
import { accountSettings } from '../account/accountSettings';
import { classroomSettings } from '../classroom/classroomSettings';
import { handoverSettings } from '../handover/handoverSettings';
import { scheduledEndSettings } from '../scheduledEnds/scheduledEndSettings';
import { timetableSettings } from '../timetable/timetableSettings';
import { preferenceSettings } from './preferences';

export const settingsSchema = z.strictObject({
  ...accountSettings,
  ...classroomSettings,
  ...preferenceSettings,
  ...accessSettings,
  ...scheduledEndSettings,
  ...timetableSettings,
  ...handoverSettings,
});

export type Settings = z.infer<typeof settingsSchema>;

export type DeepReadonly<T> = T extends readonly (infer Item)[]
  ? readonly DeepReadonly<Item>[]
  : T extends object
    ? { readonly [K in keyof T]: DeepReadonly<T[K]> }
    : T;

/** Top-level fields replace; the nested groups (classrooms, poll, notifications) merge one level. */
export type SettingsPatch = {
  readonly [K in keyof Settings]?: Settings[K] extends
    readonly unknown[] | string | number | boolean | null
    ? DeepReadonly<Settings[K]>
    : Partial<DeepReadonly<Settings[K]>>;
};

export const defaultSettings = (): Settings => settingsSchema.parse({});
