/** settings/: the settings panel: account, preferences, timetable, what the school set. */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CLIPBOARD_CLEAR_SECONDS,
  ENDED_RETENTION_HOURS,
  VISIBLE_POLL_SECONDS,
} from '../../../src-shared/limits';
import { directionOf, isUnderWay, SPOKEN_LANGUAGES } from '../../../src-shared/i18n/languages';
import { LANGUAGES } from '../../../src-shared/locale';
import type { ActionInput, ConnectResult, Language } from '../../api/types';
import { useApi, useClassTray, useHost } from '../../store/context';
import { ActionError } from '../forms/actionError';
import { BusyButton, busyAttributes } from '../forms/busyButton';
import { CloseIcon } from '../icons';
import { SetBySchoolNote, useSetBySchool } from './setBySchool';
import { FormField, SmallForm } from '../forms/smallForm';
import { InstallationNotes } from './installationNotes';
import { SchoolPolicyPage } from './schoolPolicyPage';
import { SupportSettings } from './supportSettings';
import { TimetablePanel } from './timetable/timetablePanel';
import { useAction } from '../forms/useAction';
import { useInViewWhenShown } from '../forms/inView';
import { isolated } from '../bidi';

const { min: POLL_MIN, max: POLL_MAX } = VISIBLE_POLL_SECONDS;

/** "school.example.org": where the account connected, as the teacher knows the address. */
const hostOf = (url: string): string => {
  try {
    return new URL(url).host || url;
  } catch {
    return url;
  }
};

export function SettingsPanel(props: { onClose: () => void }) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section id="settings" className="settings" aria-labelledby={headingId}>
      <div className="settings-head">
        <h2 id={headingId} tabIndex={-1} data-autofocus>
          {t('settings.heading')}
        </h2>
        <button type="button" className="button" aria-controls="settings" onClick={props.onClose}>
          <CloseIcon />
          {t('settings.close')}
        </button>
      </div>
      <div className="settings-body">
        <AccountSettings />
        <TimetablePanel />
        <GeneralSettings />
        <SchoolPolicyPage />
        <InstallationNotes />
        <SupportSettings />
      </div>
    </section>
  );
}

function AccountSettings() {
  const { t } = useTranslation();
  const api = useApi();
  const account = useClassTray((data) => data.account);
  const [serviceUrl, setServiceUrl] = useState(account.serviceUrl ?? '');
  const [token, setToken] = useState('');
  const [authHeader, setAuthHeader] = useState(account.authHeader);
  const [urlMissing, setUrlMissing] = useState(false);
  // Where the last Save and connect connected (its host), said until the next change or try.
  const [connectedTo, setConnectedTo] = useState<string | null>(null);
  // Why the last Save and connect did not connect; cleared by the next try.
  const [refused, setRefused] = useState<Exclude<ConnectResult['outcome'], 'connected'> | null>(
    null,
  );
  // Said where it appears, above the buttons, with the focus: the teacher's next step is there.
  const refusedRef = useInViewWhenShown<HTMLParagraphElement>(refused !== null, {
    focus: true,
    answer: true,
  });
  // Beside the buttons: its words may take a line of their own and push them down.
  const connectedRef = useInViewWhenShown<HTMLSpanElement>(connectedTo !== null, { answer: true });
  const connect = useAction((input: ActionInput<'connectService'>) => api.connectService(input));
  const forget = useAction(() => api.forgetToken());
  const mode = useAction((demo: boolean) => api.setMode({ mode: demo ? 'demo' : 'service' }));
  const setBySchool = useSetBySchool();
  const tokenId = useId();
  const tokenStateId = useId();

  // Puts back what is saved: nothing typed here is sent.
  const cancel = () => {
    setServiceUrl(account.serviceUrl ?? '');
    setToken('');
    setAuthHeader(account.authHeader);
    setUrlMissing(false);
    setRefused(null);
    setConnectedTo(null);
  };

  // Typing makes what was said of the last try old news.
  const edited = () => setConnectedTo(null);

  const submit = async () => {
    const url = serviceUrl.trim();
    setUrlMissing(url === '');
    if (url === '') return;
    const newToken = token.trim();
    const header = authHeader.trim();
    // Each try's answer is new: the same refusal twice is said, and focused, twice.
    setRefused(null);
    setConnectedTo(null);
    const outcome = await connect.run({
      serviceUrl: url,
      // Left empty, the saved token stays.
      ...(newToken === '' ? {} : { token: newToken }),
      ...(header === '' || header === account.authHeader ? {} : { authHeader: header }),
    });
    if (!outcome.ok) return;
    if (outcome.value.outcome === 'connected') {
      setToken('');
      setConnectedTo(hostOf(url));
      // An earlier refusal (no URL saved yet for My account, a token to forget) no longer holds.
      mode.forget();
      forget.forget();
    } else setRefused(outcome.value.outcome);
  };

  return (
    <SmallForm
      className="settings-group"
      label={t('settings.account')}
      submitLabel={t('settings.connect')}
      cancelLabel={t('settings.cancel')}
      busy={connect.pending}
      onSubmit={submit}
      onCancel={cancel}
      // The settings' heading has the focus when they open.
      autoFocus={false}
      extraActions={
        // Always there, so its words are announced when they come.
        <span ref={connectedRef} className="saved" role="status">
          {connectedTo !== null && t('settings.connectedTo', { host: isolated(connectedTo) })}
        </span>
      }
    >
      <h3>{t('settings.account')}</h3>
      <label className="toggle">
        <input
          type="checkbox"
          checked={account.mode === 'demo'}
          disabled={setBySchool('DemoDataAllowed') && account.mode === 'service'}
          // Busy rather than disabled while switching, to keep the focus; a change meanwhile is
          // ignored and, the box being controlled, undone.
          {...busyAttributes(mode.pending)}
          onChange={(event) => {
            if (mode.pending) return;
            setConnectedTo(null);
            void mode.run(event.target.checked);
          }}
        />
        <span>
          {t('settings.useDemo')}
          <small>{t('settings.useDemoHint')}</small>
          <SetBySchoolNote shown={setBySchool('DemoDataAllowed')} />
        </span>
      </label>
      <ActionError error={mode.error} />

      <FormField
        className="field"
        label={t('settings.serviceUrl')}
        note={<SetBySchoolNote shown={setBySchool('ServiceUrl')} />}
        problem={urlMissing ? t('settings.urlRequired') : null}
      >
        {(control) => (
          <input
            {...control}
            type="url"
            dir="ltr"
            // Read-only, not disabled: still focusable and read out, with its note.
            readOnly={setBySchool('ServiceUrl')}
            value={serviceUrl}
            placeholder="https://"
            spellCheck={false}
            onChange={(event) => {
              setServiceUrl(event.target.value);
              edited();
            }}
          />
        )}
      </FormField>

      <div className="field">
        <label htmlFor={tokenId}>{t('settings.token')}</label>
        <input
          id={tokenId}
          type="password"
          dir="ltr"
          value={token}
          autoComplete="off"
          spellCheck={false}
          aria-describedby={tokenStateId}
          placeholder={account.token.set ? t('settings.tokenReplace') : t('settings.tokenPaste')}
          onChange={(event) => {
            setToken(event.target.value);
            edited();
          }}
        />
        <div className="token-state">
          <p id={tokenStateId} className="hint">
            {account.token.set
              ? t('settings.tokenSaved', { where: t(`settings.where.${account.token.location}`) })
              : t('settings.tokenMissing')}
            {account.token.keychainWaiting ? (
              <> {t('settings.why.keychainWaiting')}</>
            ) : (
              account.token.location !== 'keychain' && (
                <> {t(`settings.why.${account.token.location}`)}</>
              )
            )}
          </p>
          {account.token.set && (
            <BusyButton
              type="button"
              className="button"
              busy={forget.pending}
              onClick={() => {
                setConnectedTo(null);
                void forget.run();
              }}
            >
              {t('settings.forgetToken')}
            </BusyButton>
          )}
        </div>
        <ActionError error={forget.error} />
      </div>

      <details className="advanced">
        <summary>{t('settings.advanced')}</summary>
        <label className="field">
          <span>
            {t('settings.authHeader')}
            <SetBySchoolNote shown={setBySchool('AuthHeader')} />
          </span>
          <input
            readOnly={setBySchool('AuthHeader')}
            dir="ltr"
            value={authHeader}
            spellCheck={false}
            onChange={(event) => {
              setAuthHeader(event.target.value);
              edited();
            }}
          />
        </label>
      </details>

      {refused !== null && (
        <p ref={refusedRef} className="field-problem" role="alert" tabIndex={-1}>
          {t(`settings.check.${refused}`)}
        </p>
      )}
      <ActionError error={connect.error} takeFocus />
    </SmallForm>
  );
}

function GeneralSettings() {
  const { t } = useTranslation();
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
function NumberSetting(props: {
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
