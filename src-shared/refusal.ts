/**
 * The core's refusals a window translates: a closed set of codes, each with its typed values.
 * The core's English sentence stays the message (logs, the CLI, a host that does not translate);
 * the window shows `refusals.<code>` with the values when it knows the code.
 */

/** Each code's values and their kinds: the one declaration both the types and the check use. */
const REFUSALS = {
  /** The service has no classroom with this id. */
  classroomUnknown: { id: 'string' },
  /** A scheduled end at a time already past. */
  endTimePassed: {},
  /** A scheduled end further ahead than `hours`. */
  endTooFarAhead: { hours: 'number' },
  accessNotListed: {},
  accessAlreadyEnded: {},
  classroomNotListed: {},
  noServiceUrl: {},
  /** The settings file could not be written (`file`); the reason goes to the log. */
  settingsNotSaved: { file: 'string' },
  /** A setting the school's policy locked (`setting`: the policy's name). */
  setBySchool: { setting: 'string' },
  /** A new timetable the reader stopped past its time or memory (Settings says which part). */
  calendarTooComplex: {},
  /** An address refused by the one address rule (src-shared/addressRule.ts). */
  addressInvalid: {},
  addressNotHttps: {},
  addressCredentials: {},
  addressQuery: {},
  /** The timetable's server refused its address (401, 403, 404, 410: `status`). */
  timetableAddressRefused: { status: 'number' },
  /** The timetable's server failed (any other status). */
  timetableServerFailed: { status: 'number' },
  /** The timetable's body went past the cap (`mib`). */
  timetableTooLarge: { mib: 'number' },
  /** The timetable's server sent nothing whole within `seconds`. */
  timetableTimedOut: { seconds: 'number' },
  timetableUnreachable: {},
  /** The subscription's address is not in this computer's keychain. */
  timetableAddressMissing: {},
  timetableNotCalendar: {},
  /** The reader failed for a reason of its own (logged): the last good copy stays. */
  timetableReadFailed: {},
  /** The timetable's server answered a first fetch with no calendar (a 304 to no question). */
  timetableEmpty: {},
  /** The reading was stopped: ClassTray is quitting. */
  timetableNotReadQuitting: {},
  /** A timetable address of the network's own services (link-local: a cloud's metadata). */
  timetableAddressLinkLocal: {},
  /** The timetable's server redirected where the address rule or the network rule refuses. */
  timetableRedirectRefused: {},
  /** The timetable's server redirected more than `hops` times, or nowhere. */
  timetableTooManyRedirects: { hops: 'number' },
  /** The service's failures (src-main/core/service/serviceErrors.ts), one code per kind. */
  serviceUnauthorized: {},
  serviceClassroomNotFound: {},
  serviceAccessNotFound: {},
  serviceAlreadyEnded: {},
  serviceRateLimited: {},
  serviceUnreachable: {},
  /** The service answered with a failure of its own (HTTP `status`). */
  serviceFailed: { status: 'number' },
  serviceBadResponse: {},
  serviceRefusedRequest: {},
  /** The API token as typed cannot be kept (the keychain's checks). */
  tokenNotText: {},
  tokenEmpty: {},
  tokenControlCharacters: {},
  /** ClassTray's own failure (a bug): the log has its stack. */
  classTrayFailed: {},
  /** A room handed over (src-main/core/handover/): the school's policy allows none. */
  handoverNotAllowed: {},
  /** Nothing runs in the room to hand over. */
  handoverNothingRunning: {},
  /** The code does not open the handover, or the handover was changed (the seal cannot tell). */
  handoverCodeWrong: {},
  handoverExpired: { minutes: 'number' },
  /** Not a handover's text (or cut short). */
  handoverUnreadable: {},
  /** This ClassTray took this handover already. */
  handoverTakenAlready: {},
  /** The clipboard refused the diagnostics (the reason goes to the log). */
  diagnosticsNotCopied: {},
} as const satisfies Record<string, Record<string, 'string' | 'number'>>;

interface ValueKinds {
  string: string;
  number: number;
}

export type RefusalCode = keyof typeof REFUSALS;

export type RefusalValues<Code extends RefusalCode> = {
  -readonly [Name in keyof (typeof REFUSALS)[Code]]: ValueKinds[(typeof REFUSALS)[Code][Name] &
    keyof ValueKinds];
};

export type Refusal = {
  [Code in RefusalCode]: { code: Code; values: RefusalValues<Code> };
}[RefusalCode];

/** What a window may show of a failed action: the English sentence, and a refusal to translate. */
export interface FailureShown {
  message: string;
  refusal?: Refusal | undefined;
}

export const refusal = <Code extends RefusalCode>(
  code: Code,
  values: RefusalValues<Code>,
): Refusal => ({ code, values }) as Refusal;

/** A refusal as received from a host, or undefined when its code or values are not known here. */
export function readRefusal(value: unknown): Refusal | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { code, values } = value as { code?: unknown; values?: unknown };
  if (typeof code !== 'string' || !Object.hasOwn(REFUSALS, code)) return undefined;
  if (typeof values !== 'object' || values === null) return undefined;
  const kinds: Record<string, string> = REFUSALS[code as RefusalCode];
  const names = Object.keys(values);
  const fits =
    names.length === Object.keys(kinds).length &&
    names.every((name) => typeof (values as Record<string, unknown>)[name] === kinds[name]);
  return fits ? ({ code, values } as Refusal) : undefined;
}

/**
 * Electron's ipcMain.handle and contextBridge carry only a rejection's message, so a refusal
 * rides in it after this separator (a control character no sentence holds).
 */
const SEPARATOR = '\u001e';

export function messageWithRefusal({ message, refusal: carried }: FailureShown): string {
  return carried === undefined ? message : `${message}${SEPARATOR}${JSON.stringify(carried)}`;
}

/** What a rejected action of either host says: its sentence, and its refusal if it has one. */
export function failureShown(error: unknown): FailureShown {
  const text = error instanceof Error ? error.message : String(error);
  const at = text.lastIndexOf(SEPARATOR);
  if (at < 0) return { message: text };
  const message = text.slice(0, at);
  let carried: unknown;
  try {
    carried = JSON.parse(text.slice(at + SEPARATOR.length));
  } catch {
    return { message };
  }
  return { message, refusal: readRefusal(carried) };
}
