/**
 * For IT and support: "Open log folder" (the tray app opens it in the file manager; the preview,
 * a page, says where it is) and "Copy diagnostics" (versions, OS, the policy in force by key and
 * source, the log's last lines; never a secret), each through the host's own action.
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LogFolderView } from '../../api/types';
import { useApi } from '../../store/context';
import { ActionError } from '../forms/actionError';
import { BusyButton } from '../forms/busyButton';
import { useAction } from '../forms/useAction';

export function SupportSettings() {
  const { t } = useTranslation();
  const api = useApi();
  const headingId = useId();
  const [folder, setFolder] = useState<LogFolderView | null>(null);
  const [copied, setCopied] = useState(false);
  const openFolder = useAction(() => api.openLogFolder());
  const copy = useAction(() => api.copyDiagnostics());
  return (
    <div className="settings-group" role="group" aria-labelledby={headingId}>
      <h3 id={headingId}>{t('settings.support.heading')}</h3>
      <p className="hint">{t('settings.support.about')}</p>
      <div className="support-actions">
        <BusyButton
          type="button"
          className="button"
          busy={openFolder.pending}
          onClick={() => {
            setCopied(false);
            void openFolder.run().then((outcome) => setFolder(outcome.ok ? outcome.value : null));
          }}
        >
          {t('settings.support.openLogFolder')}
        </BusyButton>
        <BusyButton
          type="button"
          className="button"
          busy={copy.pending}
          onClick={() => {
            setFolder(null);
            setCopied(false);
            void copy.run().then((outcome) => setCopied(outcome.ok));
          }}
        >
          {t('settings.support.copyDiagnostics')}
        </BusyButton>
      </div>
      <div role="status">
        {folder !== null && (
          <p>
            {folder.opened
              ? t('settings.support.logFolderOpened')
              : t('settings.support.logFolderAt')}{' '}
            {/* A path reads left to right in every language. */}
            <bdi>
              <code dir="ltr">{folder.folder}</code>
            </bdi>
          </p>
        )}
        {copied && <p>{t('settings.support.diagnosticsCopied')}</p>}
      </div>
      <ActionError error={openFolder.error} />
      <ActionError error={copy.error} />
    </div>
  );
}
