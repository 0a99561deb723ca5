/**
 * What a school's IT may set for every teacher: the one table the core's policy reader, the
 * Windows ADMX/ADML templates (admx.ts) and README's table (policyDocs.ts) are made from.
 *
 * Each key is either *locked* (the teacher sees "Set by your school" and the core refuses to
 * change it) or a *default* (written into the teacher's settings once per value IT sets; the
 * teacher may change it afterwards). The API token and the timetable URL are never policy: a
 * secret, and what each teacher brings, stay per teacher.
 */
import { z } from 'zod';
import { HIDDEN_POLL_SECONDS, VISIBLE_POLL_SECONDS } from '../../../src-shared/limits';
import { settingsSchema } from '../settings/settings';

/** How a key is stored: a registry REG_SZ or REG_DWORD, a JSON or plist string, number or bool. */
export type PolicyKind = 'string' | 'integer' | 'boolean' | 'choice';

interface PolicySpec<Schema extends z.ZodType> {
  kind: PolicyKind;
  schema: Schema;
  /** Its name in the Group Policy editor. */
  title: string;
  /** One line for IT: the ADMX's explanation and README's table. */
  explain: string;
  /** For an integer: its bounds (ADMX decimal element); for a choice: its values. */
  min?: number;
  max?: number;
  choices?: readonly string[];
}

const spec = <Schema extends z.ZodType>(value: PolicySpec<Schema>): PolicySpec<Schema> => value;

const updateFeedSchema = z.url({
  protocol: /^https$/,
  error: 'must be an https:// address (a folder holding latest.yml)',
});

export const POLICIES = {
  ServiceUrl: spec({
    title: 'Service URL',
    kind: 'string',
    schema: settingsSchema.shape.serviceUrl.unwrap().unwrap(),
    explain: "The service's address (https://…), without user name, password or query.",
  }),
  AuthHeader: spec({
    title: 'Auth header name',
    kind: 'string',
    schema: settingsSchema.shape.authHeader.unwrap(),
    explain: 'The name of the header the token is sent in (default X-Token-SVC).',
  }),
  DemoDataAllowed: spec({
    title: 'Allow demo data',
    kind: 'boolean',
    schema: z.boolean(),
    explain: 'Whether the demo school may be shown (0: only the service, once ServiceUrl is set).',
  }),
  PollVisibleSeconds: spec({
    title: 'Refresh interval, window open (seconds)',
    kind: 'integer',
    schema: z.number().int().min(VISIBLE_POLL_SECONDS.min).max(VISIBLE_POLL_SECONDS.max),
    min: VISIBLE_POLL_SECONDS.min,
    max: VISIBLE_POLL_SECONDS.max,
    explain: 'Refresh interval while the window is open, in seconds.',
  }),
  PollHiddenSeconds: spec({
    title: 'Refresh interval, window hidden (seconds)',
    kind: 'integer',
    schema: z.number().int().min(HIDDEN_POLL_SECONDS.min).max(HIDDEN_POLL_SECONDS.max),
    min: HIDDEN_POLL_SECONDS.min,
    max: HIDDEN_POLL_SECONDS.max,
    explain: 'Refresh interval while the window is hidden, in seconds.',
  }),
  StartAtLogin: spec({
    title: 'Start at login',
    kind: 'boolean',
    schema: z.boolean(),
    explain: 'Start ClassTray when the teacher logs in.',
  }),
  DeviceChangeNotifications: spec({
    title: 'Notifications when devices change',
    kind: 'boolean',
    schema: z.boolean(),
    explain: 'Notify when a device goes offline or comes back while the window is hidden.',
  }),
  UpdatesEnabled: spec({
    title: 'Updates',
    kind: 'boolean',
    schema: z.boolean(),
    explain: 'Check for, download and offer updates (0: IT deploys each version itself).',
  }),
  UpdateFeedUrl: spec({
    title: 'Update feed URL',
    kind: 'string',
    schema: updateFeedSchema,
    explain: 'The update feed: an https:// folder holding latest.yml and the installers.',
  }),
  UpdateChannel: spec({
    title: 'Update channel',
    kind: 'choice',
    schema: z.enum(['latest', 'beta']),
    choices: ['latest', 'beta'],
    explain: 'Which releases to take: latest (stable) or beta.',
  }),
  AllowUpdateDowngrade: spec({
    title: 'Allow update downgrades',
    kind: 'boolean',
    schema: z.boolean(),
    explain: 'Take a feed version older than the installed one (default 0, whatever the channel).',
  }),
} as const;

export type PolicyName = keyof typeof POLICIES;
export type PolicyValues = { [Name in PolicyName]: z.output<(typeof POLICIES)[Name]['schema']> };

export const POLICY_NAMES = Object.keys(POLICIES) as PolicyName[];

/** The names IT must never find here; a source that holds one is told so in the log. */
export const NEVER_POLICY: Readonly<Record<string, string>> = {
  ApiToken: "the API token stays in each teacher's keychain",
  Token: "the API token stays in each teacher's keychain",
  TimetableUrl: "the timetable is each teacher's own",
};

/** Where IT's defaults sit in each source: a Defaults object, registry subkey or plist dict. */
export const DEFAULTS_SECTION = 'Defaults';

/** The macOS preferences domain: the app id of electron-builder.yml. */
export const POLICY_DOMAIN = 'app.classtray.desktop';
export const LINUX_POLICY_FILE = '/etc/classtray/policy.json';
export const WINDOWS_POLICY_KEY = 'SOFTWARE\\Policies\\ClassTray';
