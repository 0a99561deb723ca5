/**
 * The preferences: the settings the teacher changes under "General". The view shows each of
 * them and updatePreferences takes any of them, both made from this part of the schema.
 * Adding one: docs/engineering.md, "Where to add…".
 */
import { z } from 'zod';
import {
  CLIPBOARD_CLEAR_SECONDS,
  ENDED_RETENTION_HOURS,
  HIDDEN_POLL_SECONDS,
  VISIBLE_POLL_SECONDS,
} from '../../../src-shared/limits';
import { LANGUAGES } from '../../../src-shared/locale';
import {
  STUDENT_DATA_RETENTION_HOURS,
  STUDENT_NAME_CHOICES,
} from '../../../src-shared/studentData';
import { DESKTOP_HOMES } from '../../../src-shared/desktopHome';
import { HANDOVER_CHOICES } from '../../../src-shared/handover';
import { ENDS_DURING_SLEEP, RUNNING_ON_QUIT } from '../../../src-shared/leaving';
import {
  DEFAULT_OPEN_SHORTCUT,
  OPEN_SHORTCUT_MAX_LENGTH,
  isOpenShortcut,
} from '../../../src-shared/openShortcut';

const secondsSchema = (limits: { min: number; max: number; default: number }) =>
  z.number().int().min(limits.min).max(limits.max).default(limits.default);

export const preferenceSettings = {
  poll: z
    .strictObject({
      visibleSeconds: secondsSchema(VISIBLE_POLL_SECONDS),
      hiddenSeconds: secondsSchema(HIDDEN_POLL_SECONDS),
    })
    .prefault({}),
  notifications: z.strictObject({ deviceChanges: z.boolean().default(false) }).prefault({}),
  language: z.enum(LANGUAGES).default('system'),
  startAtLogin: z.boolean().default(false),
  /** The keys that open and close the window from anywhere (Electron's syntax); '': none. */
  openShortcut: z
    .string()
    .max(OPEN_SHORTCUT_MAX_LENGTH)
    .refine(isOpenShortcut, 'is not a shortcut ClassTray can take')
    .default(DEFAULT_OPEN_SHORTCUT),
  /** Where ClassTray lived when the teacher closed the note saying so; null: never closed. */
  homeNoteSeen: z.enum(DESKTOP_HOMES).nullable().default(null),
  compactView: z.boolean().default(false),
  /** Ended accesses are cleared from the list this long after they ended. */
  endedRetentionHours: z
    .number()
    .int()
    .min(ENDED_RETENTION_HOURS.min)
    .max(ENDED_RETENTION_HOURS.max)
    .default(ENDED_RETENTION_HOURS.default),
  /** A copied device password is cleared after this long if still on the clipboard; 0: on quit only. */
  clipboardClearSeconds: z
    .number()
    .int()
    .min(0)
    .max(Math.max(...CLIPBOARD_CLEAR_SECONDS.choices))
    .default(CLIPBOARD_CLEAR_SECONDS.default),
  /** ClassTray quits while accesses run: ask, end them or keep them (electron/quitQuestion.ts). */
  runningAccessesOnQuit: z.enum(RUNNING_ON_QUIT).default('ask'),
  /** A scheduled end and a sleep: ended at sleep, or late on wake (scheduledEnds/endTimer.ts). */
  endsDuringSleep: z.enum(ENDS_DURING_SLEEP).default('end-on-wake'),
  /** Offline and recently changed devices at the top of the list, above the fold. */
  problemsFirst: z.boolean().default(true),
  /** How many minutes before a lesson its room's devices are checked; 0: never. */
  readinessMinutesBefore: z.number().int().min(0).max(60).default(10),
  /** What is kept of a student and for how long (students/studentNames.ts, docs/privacy.md). */
  studentData: z
    .strictObject({
      names: z.enum(STUDENT_NAME_CHOICES).default('full'),
      retentionHours: z
        .number()
        .int()
        .min(STUDENT_DATA_RETENTION_HOURS.min)
        .max(STUDENT_DATA_RETENTION_HOURS.max)
        .default(STUDENT_DATA_RETENTION_HOURS.default),
      /** Off by default: a notification may show on a projected screen. */
      namesInNotifications: z.boolean().default(false),
    })
    .prefault({}),
  /**
   * Whether a room's accesses may be handed over to a colleague, with the students' names when
   * the teacher ticks it, without them, or not at all (handover/handoverFeature.ts).
   */
  handover: z.enum(HANDOVER_CHOICES).default('with-names'),
  /** The teacher closed the demo school's notice: the "Demo data" badge still says it. */
  demoNoticeDismissed: z.boolean().default(false),
};

type PreferenceSchemas = typeof preferenceSettings;
export type PreferenceKey = keyof PreferenceSchemas;
export const PREFERENCE_KEYS = Object.keys(preferenceSettings) as PreferenceKey[];
export type PreferencesView = { [Key in PreferenceKey]: z.output<PreferenceSchemas[Key]> };
export type Language = PreferencesView['language'];

/** A rule without its default, so an input left out is not filled in. */
type WithoutDefault<Schema> =
  Schema extends z.ZodDefault<infer Inner>
    ? Inner
    : Schema extends z.ZodPrefault<infer Inner>
      ? Inner
      : Schema;
/** A field of the input: left out, it keeps its saved value; so does each field of a group. */
type FieldInput<Schema> =
  WithoutDefault<Schema> extends z.ZodObject<infer Shape>
    ? z.ZodExactOptional<
        z.ZodObject<{ [Key in keyof Shape]: FieldInput<Shape[Key]> }, z.core.$strict>
      >
    : z.ZodExactOptional<WithoutDefault<Schema> & z.ZodType>;

function withoutDefault<Schema extends z.ZodType>(schema: Schema): WithoutDefault<Schema> {
  const unwrapped =
    schema instanceof z.ZodDefault || schema instanceof z.ZodPrefault ? schema.unwrap() : schema;
  return unwrapped as WithoutDefault<Schema>;
}

function fieldInput<Schema extends z.ZodType>(schema: Schema): FieldInput<Schema> {
  const rule = withoutDefault(schema) as z.ZodType;
  const input =
    rule instanceof z.ZodObject
      ? z.strictObject(
          Object.fromEntries(
            Object.entries(rule.shape as Record<string, z.ZodType>).map(([key, field]) => [
              key,
              fieldInput(field),
            ]),
          ),
        )
      : rule;
  return input.exactOptional() as FieldInput<Schema>;
}

/**
 * updatePreferences' input: any preference, and any field of a group, may be left out; the
 * settings' rules without their defaults, so the input is a settings patch as it is.
 */
export const preferencesInput = z.strictObject(
  // fieldInput's result is typed per key; fromEntries forgets which key holds which.
  Object.fromEntries(
    PREFERENCE_KEYS.map((key) => [key, fieldInput(preferenceSettings[key])]),
  ) as unknown as { [Key in PreferenceKey]: FieldInput<PreferenceSchemas[Key]> },
);
