/**
 * Settings → General: what happens to running accesses when the teacher leaves. On quit: ask,
 * end them or keep them (main's quit question); an end due while the computer sleeps: run at
 * sleep or late on wake (the core's end schedule). Each locked where the school set it.
 */
import { useTranslation } from 'react-i18next';
import { ENDS_DURING_SLEEP, RUNNING_ON_QUIT } from '../../../src-shared/leaving';
import type { EndsDuringSleep, RunningOnQuit } from '../../../src-shared/leaving';
import { useApi, useClassTray } from '../../store/context';
import { ActionError } from '../forms/actionError';
import { useAction } from '../forms/useAction';
import { SetBySchoolNote, useSetBySchool } from './setBySchool';

export function LeavingSettings() {
  const { t } = useTranslation();
  const api = useApi();
  const onQuit = useClassTray((data) => data.preferences.runningAccessesOnQuit);
  const duringSleep = useClassTray((data) => data.preferences.endsDuringSleep);
  const setBySchool = useSetBySchool();
  const quitLocked = setBySchool('RunningAccessesOnQuit');
  const sleepLocked = setBySchool('EndsDuringSleep');
  const saveOnQuit = useAction((runningAccessesOnQuit: RunningOnQuit) =>
    api.updatePreferences({ runningAccessesOnQuit }),
  );
  const saveDuringSleep = useAction((endsDuringSleep: EndsDuringSleep) =>
    api.updatePreferences({ endsDuringSleep }),
  );
  const quitWords: Record<RunningOnQuit, string> = {
    ask: t('settings.onQuitAsk'),
    end: t('settings.onQuitEnd'),
    keep: t('settings.onQuitKeep'),
  };
  const sleepWords: Record<EndsDuringSleep, string> = {
    'end-at-sleep': t('settings.duringSleepAtSleep'),
    'end-on-wake': t('settings.duringSleepOnWake'),
  };
  return (
    <>
      <label className="field inline">
        <span>
          {t('settings.onQuit')}
          <SetBySchoolNote shown={quitLocked} />
        </span>
        <select
          value={onQuit}
          disabled={quitLocked}
          onChange={(event) => void saveOnQuit.run(event.target.value as RunningOnQuit)}
        >
          {RUNNING_ON_QUIT.map((choice) => (
            <option key={choice} value={choice}>
              {quitWords[choice]}
            </option>
          ))}
        </select>
      </label>
      <ActionError error={saveOnQuit.error} />
      <label className="field inline">
        <span>
          {t('settings.duringSleep')}
          <SetBySchoolNote shown={sleepLocked} />
        </span>
        <select
          value={duringSleep}
          disabled={sleepLocked}
          onChange={(event) => void saveDuringSleep.run(event.target.value as EndsDuringSleep)}
        >
          {ENDS_DURING_SLEEP.map((choice) => (
            <option key={choice} value={choice}>
              {sleepWords[choice]}
            </option>
          ))}
        </select>
      </label>
      <ActionError error={saveDuringSleep.error} />
    </>
  );
}
