/** Policy values the policy tests share. */
import type { PolicyName, PolicyValues } from '../../src-main/core/policy/policyTable';

/** Per key: a value IT may set, and one each source must refuse. */
export const SAMPLES: { [Name in PolicyName]: { valid: PolicyValues[Name]; invalid: unknown } } = {
  ServiceUrl: { valid: 'https://remote.school.example/api', invalid: 'https://u:p@x.example' },
  AuthHeader: { valid: 'X-School-Token', invalid: 'not a header' },
  DemoDataAllowed: { valid: false, invalid: 'maybe' },
  PollVisibleSeconds: { valid: 20, invalid: 2 },
  PollHiddenSeconds: { valid: 120, invalid: 99_999 },
  StartAtLogin: { valid: true, invalid: 2 },
  DeviceChangeNotifications: { valid: true, invalid: 'yes' },
  UpdatesEnabled: { valid: false, invalid: [] },
  UpdateFeedUrl: { valid: 'https://updates.school.example/classtray', invalid: 'http://plain' },
  UpdateChannel: { valid: 'beta', invalid: 'nightly' },
  AllowUpdateDowngrade: { valid: true, invalid: 'yes' },
};
