/**
 * "Take over from a colleague…": a handover's text pasted (or its file opened) and the code the
 * colleague says; the core opens it, or refuses it in a sentence and changes nothing. What was
 * taken is said in one sentence ("Took 3 accesses in Lab 3, ending at 11:40.").
 */
import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { HANDOVER_MAX_CHARS } from '../../../src-shared/handover';
import type { TakenHandover } from '../../api/types';
import { useApi, useClassTray } from '../../store/context';
import { formatMinute } from '../clock';
import { ActionError } from '../forms/actionError';
import { BusyButton } from '../forms/busyButton';
import { useAction } from '../forms/useAction';
import { listedRoomName } from '../roomName';
import { HandoverButton, HandoverDialog, type OpenedBy } from './handoverDialog';

export function TakeOver() {
  const { t } = useTranslation();
  return (
    <HandoverButton
      label={t('handover.take')}
      dialog={(openedBy) => <TakeOverDialog {...openedBy} />}
    />
  );
}

function TakeOverDialog({ opener, onClose }: OpenedBy) {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const account = useClassTray((data) => data.account);
  const [text, setText] = useState('');
  const [code, setCode] = useState('');
  const [taken, setTaken] = useState<TakenHandover | null>(null);
  const take = useAction(() => api.takeHandover({ text, code }));
  const doneRef = useRef<HTMLParagraphElement>(null);

  const openFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (file === undefined) return;
    // Never read whole what cannot be a handover.
    setText((await file.slice(0, HANDOVER_MAX_CHARS).text()).trim());
  };
  const submit = async () => {
    const outcome = await take.run();
    if (!outcome.ok) return;
    setTaken(outcome.value);
    requestAnimationFrame(() => doneRef.current?.focus());
  };
  const tookWords = (result: TakenHandover): string => {
    if (result.count === 0) return t('handover.takenNone');
    const room = listedRoomName(
      { account },
      {
        id: result.classroomId,
        ...(result.classroomName === null ? {} : { nickname: result.classroomName }),
      },
      t,
    );
    const took =
      result.endsAt === null
        ? t('handover.taken', { count: result.count, room })
        : t('handover.takenEnding', {
            count: result.count,
            room,
            time: formatMinute(result.endsAt, i18n.language),
          });
    return result.roomAdded ? `${took} ${t('handover.roomAdded', { room })}` : took;
  };

  return (
    <HandoverDialog title={t('handover.takeTitle')} opener={opener} onClose={onClose}>
      {taken === null ? (
        <form
          className="handover-body"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <p className="hint">{t('handover.takeAbout')}</p>
          <label className="field">
            <span>{t('handover.text')}</span>
            <textarea
              className="handover-text handover-paste"
              dir="ltr"
              rows={3}
              value={text}
              spellCheck={false}
              autoComplete="off"
              maxLength={HANDOVER_MAX_CHARS}
              onChange={(event) => setText(event.target.value)}
            />
          </label>
          <label className="field">
            <span>{t('handover.openFile')}</span>
            <input
              type="file"
              accept=".txt,text/plain"
              onChange={(event) => void openFile(event)}
            />
          </label>
          <label className="field">
            <span>{t('handover.codeInput')}</span>
            <input
              className="handover-code-input"
              dir="ltr"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={40}
              value={code}
              onChange={(event) => setCode(event.target.value)}
            />
          </label>
          <ActionError error={take.error} takeFocus />
          <div className="handover-actions">
            <BusyButton
              type="submit"
              className="button primary"
              busy={take.pending}
              disabled={text.trim() === '' || code.trim() === ''}
            >
              {t('handover.takeConfirm')}
            </BusyButton>
            <button type="button" className="button" onClick={onClose}>
              {t('handover.cancel')}
            </button>
          </div>
        </form>
      ) : (
        <div className="handover-body">
          <p ref={doneRef} tabIndex={-1} role="status">
            {tookWords(taken)}
          </p>
          <div className="handover-actions">
            <button type="button" className="button primary" onClick={onClose}>
              {t('handover.close')}
            </button>
          </div>
        </div>
      )}
    </HandoverDialog>
  );
}
