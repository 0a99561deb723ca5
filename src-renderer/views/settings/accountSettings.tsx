/**
 * Settings → Account: the demo school or the teacher's account, its service URL and API token
 * (where the token is kept), saved and checked with one call, and what that found.
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActionInput, ConnectResult } from '../../api/types';
import { useApi, useClassTray } from '../../store/context';
import { ActionError } from '../forms/actionError';
import { BusyButton, busyAttributes } from '../forms/busyButton';
import { SetBySchoolNote, useSetBySchool } from './setBySchool';
import { FormField, SmallForm } from '../forms/smallForm';
import { useAction } from '../forms/useAction';
import { useInViewWhenShown } from '../forms/inView';
import { isolated } from '../bidi';

/** "school.example.org": where the account connected, as the teacher knows the address. */
const hostOf = (url: string): string => {
  try {
    return new URL(url).host || url;
  } catch {
    return url;
  }
};

export function AccountSettings() {
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
