/**
 * Settings → General: the preferences (refresh intervals, language, notifications, start at login,
 * the compact view, Problems first, the clipboard's and the ended accesses' times, and in the
 * tray app what a quit or a sleep does to running accesses), each locked where the school set it.
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CLIPBOARD_CLEAR_SECONDS,
  ENDED_RETENTION_HOURS,
  VISIBLE_POLL_SECONDS,
} from '../../../src-shared/limits';
import {
  directionOf,
  isMachineMade,
  isUnderWay,
  SPOKEN_LANGUAGES,
  type Locale,
} from '../../../src-shared/i18n/languages';
import { LANGUAGES } from '../../../src-shared/locale';
import type { ActionInput, Language } from '../../api/types';
import { useApi, useClassTray, useHost } from '../../store/context';
import { ActionError } from '../forms/actionError';
import { SetBySchoolNote, useSetBySchool } from './setBySchool';
import { ShortcutSetting } from './shortcutSetting';
import { LeavingSettings } from './leavingSettings';
import { FormField } from '../forms/smallForm';
import { useAction } from '../forms/useAction';
import { ReadinessMinutesField } from '../readiness/readinessSetting';

const { min: POLL_MIN, max: POLL_MAX } = VISIBLE_POLL_SECONDS;

export function GeneralSettings() {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const host = useHost();
  const preferences = useClassTray((data) => data.preferences);
  const update = (patch: ActionInput<'updatePreferences'>) => api.updatePreferences(patch);
  const notifications = useAction(update);
  const language = useAction(update);
  const startAtLogin = useAction(update);
  const problemsFirst = useAction(update);
  const setBySchool = useSetBySchool();
  const headingId = useId();
  const machineMadeId = useId();
  // The language the window shows (the preference, or the system's), as i18next has it.
  const machineMade = isMachineMade(i18n.language as Locale);

  return (
    <div className="settings-group" role="group" aria-labelledby={headingId}>
      <h3 id={headingId}>{t('settings.general')}</h3>
      <NumberSetting
        label={t('settings.pollInterval')}
        setBySchool={setBySchool('PollVisibleSeconds')}
        saved={preferences.poll.visibleSeconds}
        range={VISIBLE_POLL_SECONDS}
        rangeProblem={t('settings.pollRange', { min: String(POLL_MIN), max: String(POLL_MAX) })}
        save={(visibleSeconds) => api.updatePreferences({ poll: { visibleSeconds } })}
      />
      <NumberSetting
        label={t('settings.endedRetention')}
        saved={preferences.endedRetentionHours}
        range={ENDED_RETENTION_HOURS}
        rangeProblem={t('settings.endedRetentionRange', {
          min: String(ENDED_RETENTION_HOURS.min),
          max: String(ENDED_RETENTION_HOURS.max),
        })}
        save={(endedRetentionHours) => api.updatePreferences({ endedRetentionHours })}
      />
      <ClipboardClearField />
      <ReadinessMinutesField />

      <label className="toggle">
        <input
          type="checkbox"
          checked={preferences.notifications.deviceChanges}
          disabled={setBySchool('DeviceChangeNotifications')}
          onChange={(event) =>
            void notifications.run({ notifications: { deviceChanges: event.target.checked } })
          }
        />
        <span>
          {t('settings.notifications')}
          <SetBySchoolNote shown={setBySchool('DeviceChangeNotifications')} />
        </span>
      </label>
      <ActionError error={notifications.error} />

      <label className="toggle">
        <input
          type="checkbox"
          checked={preferences.problemsFirst}
          onChange={(event) => void problemsFirst.run({ problemsFirst: event.target.checked })}
        />
        <span>{t('settings.problemsFirst')}</span>
      </label>
      <ActionError error={problemsFirst.error} />

      <label className="field inline">
        <span>{t('settings.language')}</span>
        <select
          value={preferences.language}
          onChange={(event) => void language.run({ language: event.target.value as Language })}
          {...(machineMade ? { 'aria-describedby': machineMadeId } : {})}
        >
          {LANGUAGES.map((value) => (
            <option
              key={value}
              value={value}
              {...(value === 'system' ? {} : { lang: value, dir: directionOf(value) })}
            >
              {value === 'system'
                ? t('settings.systemLanguage')
                : isUnderWay(value)
                  ? t('settings.languageUnderWay', { name: SPOKEN_LANGUAGES[value].name })
                  : SPOKEN_LANGUAGES[value].name}
            </option>
          ))}
        </select>
      </label>
      {machineMade && (
        <p id={machineMadeId} className="hint">
          {t('settings.machineTranslated')}
        </p>
      )}
      <ActionError error={language.error} />

      {host === 'electron' && (
        <>
          <label className="toggle">
            <input
              type="checkbox"
              checked={preferences.startAtLogin}
              disabled={setBySchool('StartAtLogin')}
              onChange={(event) => void startAtLogin.run({ startAtLogin: event.target.checked })}
            />
            <span>
              {t('settings.startAtLogin')}
              <SetBySchoolNote shown={setBySchool('StartAtLogin')} />
            </span>
          </label>
          <ActionError error={startAtLogin.error} />
          <ShortcutSetting />
          {/* Only the tray app quits and sleeps: the preview has neither. */}
          <LeavingSettings />
        </>
      )}
    </div>
  );
}

/** How long a copied device password may stay on the clipboard. */
function ClipboardClearField() {
  const { t } = useTranslation();
  const api = useApi();
  const saved = useClassTray((data) => data.preferences.clipboardClearSeconds);
  const action = useAction((clipboardClearSeconds: number) =>
    api.updatePreferences({ clipboardClearSeconds }),
  );
  // A value set outside the window (the settings file) is still shown as it is.
  const offered: readonly number[] = CLIPBOARD_CLEAR_SECONDS.choices;
  const choices = offered.includes(saved) ? offered : [saved, ...offered];
  return (
    <>
      <label className="field inline">
        <span>{t('settings.clipboardClear')}</span>
        <select value={saved} onChange={(event) => void action.run(Number(event.target.value))}>
          {choices.map((seconds) => (
            <option key={seconds} value={seconds}>
              {seconds === 0
                ? t('settings.clipboardClearOnQuit')
                : t('settings.clipboardClearAfter', { seconds: String(seconds) })}
            </option>
          ))}
        </select>
      </label>
      <ActionError error={action.error} />
    </>
  );
}

/**
 * A whole number the teacher sets, saved on Enter or when the field is left; Esc puts back the
 * saved value. Out of range, it says so under the field and saves nothing.
 */
export function NumberSetting(props: {
  label: string;
  /** Locked by the school's policy: shown, not changed. */
  setBySchool?: boolean;
  saved: number;
  range: { min: number; max: number };
  rangeProblem: string;
  save: (value: number) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(String(props.saved));
  const [problem, setProblem] = useState(false);
  const action = useAction(props.save);
  const { min, max } = props.range;
  const commit = () => {
    const value = Number(text);
    const valid = Number.isInteger(value) && value >= min && value <= max;
    setProblem(!valid);
    if (valid && value !== props.saved) void action.run(value);
  };
  let shown: string | null = null;
  if (problem) shown = props.rangeProblem;
  else if (action.error !== null) shown = t('app.actionFailed', { message: action.error });
  return (
    <FormField
      className="field inline"
      label={props.label}
      note={<SetBySchoolNote shown={props.setBySchool === true} />}
      problem={shown}
    >
      {(control) => (
        <input
          {...control}
          type="number"
          readOnly={props.setBySchool}
          inputMode="numeric"
          min={min}
          max={max}
          step={1}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onBlur={commit}
          onKeyDown={(event) => {
            if (event.key === 'Enter') commit();
            if (event.key !== 'Escape') return;
            // This field's, not the settings': the saved value comes back.
            event.preventDefault();
            setText(String(props.saved));
            setProblem(false);
          }}
        />
      )}
    </FormField>
  );
}
