/**
 * The preferences plugged into the core: the window shows them, and saving them is refused for a
 * setting the school locked; every feature then follows the new settings.
 */
import { preferencesView } from './preferencesView';
import type { CoreContext, Feature } from '../feature';
import type { PolicyFeature } from '../policy/policyFeature';
import { updateSettings } from './settings';
import type { DeepReadonly, Settings } from './settingsSchema';

export function preferencesFeature(
  core: Pick<CoreContext, 'settings' | 'emit'>,
  options: {
    policy: Pick<PolicyFeature, 'checkChange'>;
    /** The preferences were saved: every feature follows. */
    settingsChanged: (before: DeepReadonly<Settings>) => Promise<void>;
  },
): Feature<'updatePreferences', 'preferences'> {
  const { settings } = core;
  const view = () => preferencesView(settings.get());
  return {
    actions: {
      async updatePreferences(preferences) {
        options.policy.checkChange(preferences);
        const before = settings.get();
        // The settings merge each group one level, so a field left out keeps its saved value.
        updateSettings(settings, preferences);
        await options.settingsChanged(before);
      },
    },
    views: { preferences: view },
    settingsChanged: () => core.emit({ type: 'preferences', preferences: view() }),
  };
}
