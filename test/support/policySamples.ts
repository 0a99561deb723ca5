/** Policy values the policy tests share. */
import type { PolicyName, PolicyValues } from '../../src-main/core/policy/policyTable';

/**
 * Per key: a value IT may set, another one it may set instead (what a teacher may try to change
 * the first to), and one each source must refuse.
 */
export const SAMPLES: {
  [Name in PolicyName]: { valid: PolicyValues[Name]; other: PolicyValues[Name]; invalid: unknown };
} = {
  ServiceUrl: {
    valid: 'https://remote.school.example/api',
    other: 'https://other.school.example/api',
    invalid: 'https://u:p@x.example',
  },
  AuthHeader: { valid: 'X-School-Token', other: 'X-Other-Token', invalid: 'not a header' },
  DemoDataAllowed: { valid: false, other: true, invalid: 'maybe' },
  RoomPlansFolder: { valid: '/srv/school/room-plans', other: '/srv/other/room-plans', invalid: 7 },
  RoomPlansLocked: { valid: true, other: false, invalid: 'yes' },
  PollVisibleSeconds: { valid: 20, other: 30, invalid: 2 },
  PollHiddenSeconds: { valid: 120, other: 300, invalid: 99_999 },
  ReadinessMinutesBefore: { valid: 15, other: 5, invalid: 999 },
  SupportEmail: { valid: 'it@school.example', other: 'help@school.example', invalid: 'yes' },
  StartAtLogin: { valid: true, other: false, invalid: 2 },
  OpenShortcut: { valid: 'CommandOrControl+Alt+F10', other: '', invalid: 'F9' },
  DeviceChangeNotifications: { valid: true, other: false, invalid: 'yes' },
  RunningAccessesOnQuit: { valid: 'end', other: 'ask', invalid: 'never' },
  EndsDuringSleep: { valid: 'end-at-sleep', other: 'end-on-wake', invalid: 'nightly' },
  StudentNames: { valid: 'initials', other: 'full', invalid: 'nicknames' },
  StudentDataRetentionHours: { valid: 8, other: 0, invalid: 721 },
  Handover: { valid: 'without-names', other: 'off', invalid: 'yes' },
  UpdatesEnabled: { valid: false, other: true, invalid: [] },
  UpdateFeedUrl: {
    valid: 'https://updates.school.example/classtray',
    other: 'https://other.school.example/classtray',
    invalid: 'http://plain',
  },
  UpdateChannel: { valid: 'beta', other: 'latest', invalid: 'nightly' },
  AllowUpdateDowngrade: { valid: true, other: false, invalid: 'yes' },
};
