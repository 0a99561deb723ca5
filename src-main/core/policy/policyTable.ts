/**
 * What a school's IT may set for every teacher: the one table the core's policy reader, the
 * Windows ADMX/ADML templates and README's table (both made in policyTemplates.ts, written by
 * packaging/writePolicyTemplates.ts: `npm run policy-templates`) are made from.
 *
 * Each key is either *locked* (the teacher sees "Set by your school" and the core refuses to
 * change it) or a *default* (written into the teacher's settings once per value IT sets; the
 * teacher may change it afterwards). Each names the setting it stands for, and takes its rule
 * from the settings' schema: the settings patch, the lock check and the tests follow from that.
 * The API token and the timetable URL are never policy: a secret, and what each teacher brings,
 * stay per teacher.
 */
import { z } from 'zod';
import { en } from '../../../src-shared/i18n/en';
import { addressSchema } from '../settings/addressSchema';
import type { Settings } from '../settings/settingsSchema';
import { settingsSchema } from '../settings/settingsSchema';

/** How a key is stored: a registry REG_SZ or REG_DWORD, a JSON or plist string, number or bool. */
export type PolicyKind = 'string' | 'integer' | 'boolean' | 'choice';

/** The groups of settings (poll, notifications, …): a policy may name one of their fields. */
type SettingGroup = {
  [Key in keyof Settings]: Settings[Key] extends
    readonly unknown[] | string | number | boolean | null
    ? never
    : Key;
}[keyof Settings];

/** A setting of the teacher's: a top-level one, or `group.field`. */
export type SettingPath =
  | Exclude<keyof Settings, SettingGroup>
  | { [Group in SettingGroup]: `${Group}.${keyof Settings[Group] & string}` }[SettingGroup];

/** The value of the setting at `path`. */
export type SettingAt<Path extends SettingPath> = Path extends `${infer Group}.${infer Field}`
  ? Group extends SettingGroup
    ? Field extends keyof Settings[Group]
      ? Settings[Group][Field]
      : never
    : never
  : Path extends keyof Settings
    ? Settings[Path]
    : never;

/** How a key stands for one of the teacher's settings. */
export interface SettingLink {
  path: SettingPath;
  /**
   * The setting a policy value writes; undefined: it writes nothing. Absent: the value itself.
   * `settings`: the service URL as the keys before this one leave it.
   */
  toSetting?: (value: never, settings: Pick<Settings, 'serviceUrl'>) => unknown;
  /**
   * The policy value a teacher's change of the setting stands for, checked against a lock;
   * undefined: none. Absent: the value itself.
   */
  fromSetting?: (setting: never) => unknown;
}

interface PolicyRule<Value> {
  schema: z.ZodType<Value>;
  /** The teacher's setting it sets or locks; null: none (the updater reads it). */
  setting: SettingLink | null;
  /** Read from the schema: how it is stored, an integer's bounds, a choice's values. */
  kind: PolicyKind;
  min?: number;
  max?: number;
  choices?: readonly string[];
}

/** A key's words: its name in the Group Policy editor and one line for IT (the ADML, README's
 * table and Settings), written in every language's `schoolPolicies`. */
type Words = (typeof en)['schoolPolicies'][keyof (typeof en)['schoolPolicies']];

/** A setting's rule without its default (nor null): what IT may set it to. */
function settingRule<Path extends SettingPath>(
  path: Path,
): z.ZodType<NonNullable<SettingAt<Path>>> {
  const [top, field] = path.split('.') as [keyof Settings, string | undefined];
  const group = withoutDefaultOrNull(settingsSchema.shape[top]);
  const rule =
    field === undefined
      ? group
      : withoutDefaultOrNull((group as z.ZodObject).shape[field] as z.ZodType);
  return rule as z.ZodType<NonNullable<SettingAt<Path>>>;
}

/** The rule inside its default, prefault and null: the values IT may set. */
function withoutDefaultOrNull(schema: z.ZodType): z.ZodType {
  let rule = schema;
  while (
    rule instanceof z.ZodDefault ||
    rule instanceof z.ZodPrefault ||
    rule instanceof z.ZodNullable
  ) {
    rule = rule.unwrap() as z.ZodType;
  }
  return rule;
}

/** How the schema is stored (ADMX element, registry type), from its kind of value. */
function storage(schema: z.ZodType): Pick<PolicyRule<unknown>, 'kind' | 'min' | 'max' | 'choices'> {
  if (schema instanceof z.ZodBoolean) return { kind: 'boolean' };
  if (schema instanceof z.ZodNumber) {
    const { minValue, maxValue } = schema;
    return {
      kind: 'integer',
      ...(minValue === null ? {} : { min: minValue }),
      ...(maxValue === null ? {} : { max: maxValue }),
    };
  }
  if (schema instanceof z.ZodEnum) return { kind: 'choice', choices: schema.options as string[] };
  return { kind: 'string' };
}

/** A key that is the teacher's setting at `path`: IT sets or locks that setting itself. */
function setting<Path extends SettingPath>(path: Path): PolicyRule<NonNullable<SettingAt<Path>>> {
  const schema = settingRule(path);
  return { schema, ...storage(schema), setting: { path } };
}

/** A key with a rule of its own, standing for a setting some other way (`link`) or for none. */
function own<Value>(schema: z.ZodType<Value>, link?: SettingLink): PolicyRule<Value> {
  return { schema, ...storage(schema), setting: link ?? null };
}

/** A link to the setting at `path` through two conversions, typed by the setting and the key. */
function standsFor<Path extends SettingPath, Value>(
  path: Path,
  convert: {
    toSetting: (
      value: Value,
      settings: Pick<Settings, 'serviceUrl'>,
    ) => SettingAt<Path> | undefined;
    fromSetting: (setting: SettingAt<Path>) => Value | undefined;
  },
): SettingLink {
  return { path, ...convert };
}

/** A folder electron-updater adds file names to: the service URL's rule. */
const updateFeedSchema = addressSchema({ query: 'refused' });

const RULES = {
  ServiceUrl: setting('serviceUrl'),
  AuthHeader: setting('authHeader'),
  DemoDataAllowed: own(
    z.boolean(),
    standsFor('mode', {
      // Without a service URL there is nothing but the demo to show.
      toSetting: (allowed: boolean, { serviceUrl }) =>
        allowed || serviceUrl === null ? undefined : 'service',
      // Switching to the demo asks for the demo allowed; switching to the service asks nothing.
      fromSetting: (mode) => (mode === 'demo' ? true : undefined),
    }),
  ),
  // The seat plans' (seatPlan/seatPlanFeature.ts): plans of the school's, no setting of the teacher's.
  RoomPlansFolder: own(z.string().trim().min(1).max(1_000)),
  RoomPlansLocked: own(z.boolean()),
  PollVisibleSeconds: setting('poll.visibleSeconds'),
  PollHiddenSeconds: setting('poll.hiddenSeconds'),
  ReadinessMinutesBefore: setting('readinessMinutesBefore'),
  // Read by the window's readiness ("Email IT"): no setting of the teacher's holds it.
  SupportEmail: own(z.email().max(254)),
  StartAtLogin: setting('startAtLogin'),
  OpenShortcut: setting('openShortcut'),
  DeviceChangeNotifications: setting('notifications.deviceChanges'),
  RunningAccessesOnQuit: setting('runningAccessesOnQuit'),
  EndsDuringSleep: setting('endsDuringSleep'),
  StudentNames: setting('studentData.names'),
  StudentDataRetentionHours: setting('studentData.retentionHours'),
  Handover: setting('handover'),
  // The updater's (src-main/electron/updates/updates.ts): no setting of the teacher's holds them.
  UpdatesEnabled: own(z.boolean()),
  UpdateFeedUrl: own(updateFeedSchema),
  UpdateChannel: own(z.enum(['latest', 'beta'])),
  AllowUpdateDowngrade: own(z.boolean()),
} as const;

/** Each key's rule with its English words (README's table, the ADMX; the ADML and Settings take
 * the teacher's or the template's language from its sentences). */
export const POLICIES = Object.fromEntries(
  Object.entries(RULES).map(([name, rule]) => [
    name,
    { ...rule, ...en.schoolPolicies[name as keyof typeof RULES] },
  ]),
) as { readonly [Name in keyof typeof RULES]: (typeof RULES)[Name] & Words };

export type PolicyName = keyof typeof POLICIES;
export type PolicyValues = { [Name in PolicyName]: z.output<(typeof POLICIES)[Name]['schema']> };

export const POLICY_NAMES = Object.keys(POLICIES) as PolicyName[];

/**
 * The names IT must never find here, each with why (a sentence of `policyPage.why`); a source
 * that holds one is told so.
 */
export const NEVER_POLICY: Readonly<Record<string, 'neverPolicyToken' | 'neverPolicyTimetable'>> = {
  ApiToken: 'neverPolicyToken',
  Token: 'neverPolicyToken',
  TimetableUrl: 'neverPolicyTimetable',
};

/** Where IT's defaults sit in each source: a Defaults object, registry subkey or plist dict. */
export const DEFAULTS_SECTION = 'Defaults';

/** The macOS preferences domain: the app id of electron-builder.yml. */
export const POLICY_DOMAIN = 'app.classtray.desktop';
export const LINUX_POLICY_FILE = '/etc/classtray/policy.json';
export const WINDOWS_POLICY_KEY = 'SOFTWARE\\Policies\\ClassTray';
