/** The preferences' part of the window's state: the settings a teacher changes, as they stand. */
import type { PreferenceKey, PreferencesView } from './preferences';
import { PREFERENCE_KEYS } from './preferences';
import type { DeepReadonly, Settings } from './settingsSchema';

/** The preferences out of the settings, copied so the view holds no frozen settings object. */
export function preferencesView(settings: {
  readonly [Key in PreferenceKey]: DeepReadonly<Settings[Key]>;
}): PreferencesView {
  return structuredClone(
    Object.fromEntries(PREFERENCE_KEYS.map((key) => [key, settings[key]])),
  ) as PreferencesView;
}
