/**
 * "Hand over to a colleague…": the room's running accesses sealed under a one-time code. First
 * what goes (names only if ticked and the school allows, what this list keeps), then the code to
 * say or show, and the text to copy or save as a file. The code is shown here once, kept nowhere.
 */
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HANDOVER_VALID_MINUTES, type GiverKeeps } from '../../../src-shared/handover';
import type { MadeHandover } from '../../api/types';
import { useApi, useClassTray } from '../../store/context';
import { formatMinute } from '../clock';
import { ActionError } from '../forms/actionError';
import { BusyButton } from '../forms/busyButton';
import { useAction } from '../forms/useAction';
import { useFlash } from '../forms/useFlash';
import { downloadJson } from '../jsonDownload';
import { roomName } from '../roomName';
import { HandoverButton, HandoverDialog, type OpenedBy } from './handoverDialog';

export function HandOver({ classroomId, running }: { classroomId: string; running: number }) {
  const { t } = useTranslation();
  return (
    <HandoverButton
      label={t('handover.give')}
      dialog={(openedBy) => (
        <HandOverDialog classroomId={classroomId} running={running} {...openedBy} />
      )}
    />
  );
}

function HandOverDialog({
  classroomId,
  running,
  opener,
  onClose,
}: OpenedBy & { classroomId: string; running: number }) {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const allowed = useClassTray((data) => data.preferences.handover);
  const room = useClassTray((data) => roomName(data, classroomId, t));
  const [withNames, setWithNames] = useState(false);
  const [keeps, setKeeps] = useState<GiverKeeps>('keep');
  const [made, setMade] = useState<MadeHandover | null>(null);
  const make = useAction(() =>
    api.makeHandover({
      classroomId,
      withNames: withNames && allowed === 'with-names',
      giverKeeps: keeps,
    }),
  );
  const [note, flash] = useFlash<'copied'>();
  const readyRef = useRef<HTMLParagraphElement>(null);

  const submit = async () => {
    const outcome = await make.run();
    if (!outcome.ok) return;
    setMade(outcome.value);
    // Its sentence first: read out, and the code right under it.
    requestAnimationFrame(() => readyRef.current?.focus());
  };
  const copy = () => {
    if (made === null) return;
    void navigator.clipboard.writeText(made.text).then(() => flash('copied'));
  };

  return (
    <HandoverDialog title={t('handover.giveTitle', { room })} opener={opener} onClose={onClose}>
      {made === null ? (
        <form
          className="handover-body"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <p className="hint">
            {t('handover.giveAbout', {
              running: String(running),
              minutes: String(HANDOVER_VALID_MINUTES),
            })}
          </p>
          {allowed === 'with-names' ? (
            <label className="toggle">
              <input
                type="checkbox"
                checked={withNames}
                onChange={(event) => setWithNames(event.target.checked)}
              />
              <span>{t('handover.withNames')}</span>
            </label>
          ) : (
            <p className="hint">{t('handover.namesNotAllowed')}</p>
          )}
          <fieldset className="handover-keeps">
            <legend>{t('handover.afterwards')}</legend>
            {(['keep', 'drop'] as const).map((choice) => (
              <label key={choice} className="toggle">
                <input
                  type="radio"
                  name="handover-keeps"
                  value={choice}
                  checked={keeps === choice}
                  onChange={() => setKeeps(choice)}
                />
                <span>{t(`handover.${choice}`)}</span>
              </label>
            ))}
          </fieldset>
          <ActionError error={make.error} takeFocus />
          <div className="handover-actions">
            <BusyButton type="submit" className="button primary" busy={make.pending}>
              {t('handover.make')}
            </BusyButton>
            <button type="button" className="button" onClick={onClose}>
              {t('handover.cancel')}
            </button>
          </div>
        </form>
      ) : (
        <div className="handover-body">
          <p ref={readyRef} tabIndex={-1} role="status">
            {t('handover.made')}
          </p>
          <p className="handover-code-line">
            <span>{t('handover.code')}</span>
            <output className="handover-code" dir="ltr" translate="no">
              {made.code}
            </output>
          </p>
          <p className="hint">
            {t('handover.codeHint', { time: formatMinute(made.expiresAt, i18n.language) })}
          </p>
          <label className="field">
            <span>{t('handover.text')}</span>
            <textarea
              className="handover-text"
              dir="ltr"
              readOnly
              rows={3}
              value={made.text}
              spellCheck={false}
              onFocus={(event) => event.target.select()}
            />
          </label>
          <div className="handover-actions">
            <button type="button" className="button" onClick={copy}>
              {t('handover.copy')}
            </button>
            <button
              type="button"
              className="button"
              onClick={() => downloadJson(made.fileName, made.text, 'text/plain')}
            >
              {t('handover.save')}
            </button>
            <button type="button" className="button primary" onClick={onClose}>
              {t('handover.close')}
            </button>
          </div>
          <p className="hint" role="status">
            {note === 'copied' ? t('handover.copied') : ''}
          </p>
        </div>
      )}
    </HandoverDialog>
  );
}
