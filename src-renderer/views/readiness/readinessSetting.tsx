/** Settings → General: how long before a lesson its room is checked (locked where IT set it). */
import { useTranslation } from 'react-i18next';
import { useApi, useClassTray } from '../../store/context';
import { ActionError } from '../forms/actionError';
import { useAction } from '../forms/useAction';
import { SetBySchoolNote, useSetBySchool } from '../settings/setBySchool';

const OFFERED: readonly number[] = [0, 5, 10, 15, 30];

export function ReadinessMinutesField() {
  const { t } = useTranslation();
  const api = useApi();
  const saved = useClassTray((data) => data.preferences.readinessMinutesBefore);
  const setBySchool = useSetBySchool()('ReadinessMinutesBefore');
  const action = useAction((readinessMinutesBefore: number) =>
    api.updatePreferences({ readinessMinutesBefore }),
  );
  // A value set outside the window (IT's policy, the settings file) is shown as it is.
  const choices = OFFERED.includes(saved) ? OFFERED : [...OFFERED, saved].sort((a, b) => a - b);
  return (
    <>
      <label className="field inline">
        <span>
          {t('readiness.minutesBefore')}
          <SetBySchoolNote shown={setBySchool} />
        </span>
        <select
          value={saved}
          disabled={setBySchool}
          onChange={(event) => void action.run(Number(event.target.value))}
        >
          {choices.map((minutes) => (
            <option key={minutes} value={minutes}>
              {minutes === 0
                ? t('readiness.minutesBeforeNever')
                : t('readiness.minutesBeforeChoice', { minutes: String(minutes) })}
            </option>
          ))}
        </select>
      </label>
      <ActionError error={action.error} />
    </>
  );
}
