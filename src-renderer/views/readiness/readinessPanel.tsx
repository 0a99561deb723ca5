/**
 * readiness/: which devices of a room will let a class down, since when, what to check, and the
 * report for IT (copied, or mailed to the school's IT contact). Opened from the header's count
 * ("21 of 24 ready") for the open room, or from the notice before a lesson for its room.
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { NotReadyDevice, RoomReadiness } from '../../../src-shared/readinessReport';
import { mailtoLink, readinessReport, reasonsOf } from '../../../src-shared/readinessReport';
import type { ClassTrayData } from '../../store/classTrayStore';
import { useClassTray } from '../../store/context';
import { isolated } from '../bidi';
import { formatMinute, useNow } from '../clock';
import { useFlash } from '../forms/useFlash';
import { CloseIcon } from '../icons';
import { roomNickname } from '../roomName';
import { sinceTime } from './readinessTime';
import { reportWords } from './reportWords';

/** Whose readiness the panel shows: the open room's, or the next lesson's room's. */
export type ReadinessShown = 'open' | 'lesson';

export const shownRoom = (data: ClassTrayData, shown: ReadinessShown): RoomReadiness | null =>
  shown === 'lesson' ? (data.readiness.lesson?.room ?? data.readiness.open) : data.readiness.open;

/** The school's IT contact (the SupportEmail policy), if set. */
const supportEmailOf = (data: ClassTrayData): string | null => {
  const entry = data.schoolPolicy.inForce.find((policy) => policy.name === 'SupportEmail');
  return typeof entry?.value === 'string' ? entry.value : null;
};

export function ReadinessPanel(props: { shown: ReadinessShown; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const room = useClassTray((data) => shownRoom(data, props.shown));
  // The report names a room without a nickname by its id once; the window by "… (room ID)".
  const nickname = useClassTray((data) => {
    const readiness = shownRoom(data, props.shown);
    return readiness === null ? null : roomNickname(data, readiness.classroomId, t);
  });
  const name = room === null ? '' : (nickname ?? t('header.roomById', { id: room.classroomId }));
  const supportEmail = useClassTray(supportEmailOf);
  const [note, flash] = useFlash<'copied' | 'copyFailed'>();
  const now = useNow(60_000);
  const locale = i18n.language;

  const report = () =>
    room === null ? '' : readinessReport(room, nickname, reportWords(i18n.t, locale));
  const copy = () => {
    navigator.clipboard.writeText(report()).then(
      () => flash('copied'),
      () => flash('copyFailed'),
    );
  };

  return (
    <section id="readiness" className="readiness settings" aria-labelledby={headingId}>
      <div className="settings-head">
        <h2 id={headingId} tabIndex={-1} data-autofocus>
          <RoomInSentence sentence={t('readiness.title', { room: ROOM })} room={name} />
        </h2>
        <button type="button" className="button" aria-controls="readiness" onClick={props.onClose}>
          <CloseIcon />
          {t('readiness.close')}
        </button>
      </div>
      {room !== null && (
        <div className="settings-body readiness-body">
          <p className="readiness-count">
            <strong>
              {t('readiness.readyCount', {
                ready: room.ready.toLocaleString(locale),
                total: room.total.toLocaleString(locale),
              })}
            </strong>{' '}
            <span className="hint">
              {room.checkedAt === null
                ? t('readiness.notChecked')
                : t('readiness.checkedAt', {
                    time: isolated(formatMinute(room.checkedAt, locale)),
                  })}
            </span>
          </p>
          {/* "21 of 24 ready" under "22 of 24 online": what makes the difference, said here. */}
          <p className="hint">{t('readiness.readyMeans')}</p>
          {room.notReady.length === 0 ? (
            <p>{t('readiness.allReady')}</p>
          ) : (
            <ul className="readiness-list">
              {room.notReady.map((device) => (
                <NotReady key={device.remoteId} device={device} now={now} />
              ))}
            </ul>
          )}
          {room.notReady.some((device) => device.online !== true) && (
            <div className="settings-group readiness-checks">
              <h3>{t('readiness.checksTitle')}</h3>
              <ul>
                <li>{t('readiness.checkTool')}</li>
                <li>{t('readiness.checkConnection')}</li>
                <li>{t('readiness.checkLicence')}</li>
                <li>{t('readiness.checkTrial')}</li>
              </ul>
            </div>
          )}
          <div className="readiness-actions">
            <button type="button" className="button" onClick={copy}>
              {t('readiness.copyReport')}
            </button>
            {supportEmail !== null && (
              <a
                className="button"
                href={mailtoLink(
                  supportEmail,
                  t('readiness.report.subject', { room: name }),
                  report(),
                  t('readiness.report.cut'),
                )}
              >
                {t('readiness.emailIt')}
              </a>
            )}
            <span role="status" className="hint">
              {note === null ? '' : t(`readiness.${note}`)}
            </span>
          </div>
        </div>
      )}
    </section>
  );
}

/** Where the room's name goes in a sentence: a character no translation holds. */
const ROOM = '\u0000';

/**
 * A sentence with the room's name in it, the name isolated and never broken across lines
 * ("Bereitschaft von Lab" / "3"): the sentence wraps at its own spaces only.
 */
function RoomInSentence({ sentence, room }: { sentence: string; room: string }) {
  const [before = '', after = ''] = sentence.split(ROOM);
  return (
    <>
      {before}
      <bdi className="unbroken">{room}</bdi>
      {after}
    </>
  );
}

function NotReady(props: { device: NotReadyDevice; now: number }) {
  const { t, i18n } = useTranslation();
  const { device } = props;
  const reasons = reasonsOf(device).map((reason) => {
    switch (reason.kind) {
      case 'offline':
        if (reason.since === null) return t('readiness.offline');
        return t(reason.atLeast ? 'readiness.offlineSinceAtLeast' : 'readiness.offlineSince', {
          time: isolated(sinceTime(reason.since, i18n.language, props.now)),
        });
      case 'unknown':
        return t('readiness.unknown');
      case 'disabled':
        return t('readiness.disabled');
      case 'no2fa':
        return t('readiness.no2fa');
    }
  });
  return (
    <li className={device.online === false ? 'readiness-device offline' : 'readiness-device'}>
      <span className="readiness-name">
        <bdi>{device.alias ?? device.remoteId}</bdi>{' '}
        <span className="readiness-id" dir="ltr">
          {device.remoteId}
        </span>
      </span>
      {reasons.map((reason) => (
        <span key={reason} className="readiness-reason">
          {reason}
        </span>
      ))}
    </li>
  );
}
