/**
 * Settings → Student data: how much of a typed name is kept (as typed, initials, none), how long
 * after the school day, whether notifications name students, whether the names file is
 * encrypted, and the teacher's Forget, Export and Erase. Each setting locked where the school set
 * it. What it all means for a school: docs/privacy.md.
 */
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accessStanding } from '../../../src-shared/accessState';
import { LOCALES, SOURCE_LOCALE, type Locale } from '../../../src-shared/i18n/languages';
import type { HandoverChoice } from '../../../src-shared/handover';
import { HANDOVER_CHOICES } from '../../../src-shared/handover';
import type { StudentNameChoice } from '../../../src-shared/studentData';
import {
  STUDENT_DATA_RETENTION_HOURS,
  STUDENT_NAME_CHOICES,
} from '../../../src-shared/studentData';
import { useApi, useClassTray, useHost } from '../../store/context';
import { isolated } from '../bidi';
import { ActionError } from '../forms/actionError';
import { BusyButton } from '../forms/busyButton';
import { SmallForm, useFocusAfterRender } from '../forms/smallForm';
import { useAction } from '../forms/useAction';
import { NumberSetting } from './generalSettings';
import { SetBySchoolNote, useSetBySchool } from './setBySchool';
import { downloadJson } from '../jsonDownload';
import type { ErasedView } from '../../api/types';

const CHOICE_WORDS = {
  full: 'privacy.namesFull',
  initials: 'privacy.namesInitials',
  off: 'privacy.namesOff',
} as const satisfies Record<StudentNameChoice, string>;

const HANDOVER_WORDS = {
  'with-names': 'privacy.handoverWithNames',
  'without-names': 'privacy.handoverWithoutNames',
  off: 'privacy.handoverOff',
} as const satisfies Record<HandoverChoice, string>;

/** The window's language as i18next holds it (always one of LOCALES: openI18n sets it). */
const shownLocale = (language: string): Locale =>
  LOCALES.find((locale) => locale === language) ?? SOURCE_LOCALE;

type Said =
  { key: 'forgotten' } | { key: 'erased'; erased: ErasedView } | { key: 'exported'; file: string };

/** Which question is open: Forget's or Erase's. */
type Asking = 'forget' | 'erase' | null;

export function StudentDataSettings() {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const host = useHost();
  const headingId = useId();
  const setBySchool = useSetBySchool();
  const studentData = useClassTray((data) => data.preferences.studentData);
  const kept = useClassTray((data) => data.studentData);
  // What the last action did, said in the window's language as it is now.
  const [said, setSaid] = useState<Said | null>(null);
  const [asking, setAsking] = useState<Asking>(null);
  const forgetButton = useRef<HTMLButtonElement>(null);
  const eraseButton = useRef<HTMLButtonElement>(null);
  const saidRef = useRef<HTMLDivElement>(null);
  // Every access still running, in any classroom: what Erase must end or keep, never drop.
  const running = useClassTray(
    (data) => data.temporalAccesses.filter((access) => accessStanding(access.state).running).length,
  );
  const focusAfterRender = useFocusAfterRender();
  const names = useAction((choice: StudentNameChoice) =>
    api.updatePreferences({ studentData: { names: choice } }),
  );
  const handover = useClassTray((data) => data.preferences.handover);
  const handing = useAction((choice: HandoverChoice) =>
    api.updatePreferences({ handover: choice }),
  );
  const notifications = useAction((namesInNotifications: boolean) =>
    api.updatePreferences({ studentData: { namesInNotifications } }),
  );
  const forget = useAction(() => api.forgetStudentNames());
  const exporting = useAction(() =>
    api.exportStudentData({ language: shownLocale(i18n.language) }),
  );
  const erase = useAction((choice: 'end' | 'keep') => api.eraseStudentData({ running: choice }));
  const close = (opener: typeof eraseButton) => {
    setAsking(null);
    focusAfterRender(opener);
  };
  const eraseWith = async (choice: 'end' | 'keep') => {
    const outcome = await erase.run(choice);
    if (!outcome.ok) return;
    setSaid({ key: 'erased', erased: outcome.value });
    close(eraseButton);
  };

  const saidWords = (what: Said): string => {
    switch (what.key) {
      case 'exported':
        // A file name reads as itself inside a sentence of any direction.
        return t('privacy.exported', { file: isolated(what.file) });
      case 'forgotten':
        return t('privacy.forgotten');
      case 'erased': {
        const { ended, notEnded, kept: stillKept } = what.erased;
        return [
          t('privacy.erased'),
          ...(ended > 0 ? [t('privacy.erasedEnded', { count: ended })] : []),
          ...(notEnded > 0 ? [t('privacy.erasedNotEnded', { count: notEnded })] : []),
          ...(stillKept > notEnded
            ? [t('privacy.erasedKept', { count: stillKept - notEnded })]
            : []),
        ].join(' ');
      }
    }
  };

  return (
    <div className="settings-group" role="group" aria-labelledby={headingId}>
      <h3 id={headingId}>{t('privacy.heading')}</h3>
      <p className="hint">{t('privacy.about')}</p>
      <label className="field inline">
        <span>
          {t('privacy.names')}
          <SetBySchoolNote shown={setBySchool('StudentNames')} />
        </span>
        <select
          value={studentData.names}
          disabled={setBySchool('StudentNames')}
          onChange={(event) => void names.run(event.target.value as StudentNameChoice)}
        >
          {STUDENT_NAME_CHOICES.map((choice) => (
            <option key={choice} value={choice}>
              {t(CHOICE_WORDS[choice])}
            </option>
          ))}
        </select>
      </label>
      <ActionError error={names.error} />
      <label className="field inline">
        <span>
          {t('privacy.handover')}
          <SetBySchoolNote shown={setBySchool('Handover')} />
        </span>
        <select
          value={handover}
          disabled={setBySchool('Handover')}
          onChange={(event) => void handing.run(event.target.value as HandoverChoice)}
        >
          {HANDOVER_CHOICES.map((choice) => (
            <option key={choice} value={choice}>
              {t(HANDOVER_WORDS[choice])}
            </option>
          ))}
        </select>
      </label>
      <ActionError error={handing.error} />
      <NumberSetting
        label={t('privacy.retention')}
        setBySchool={setBySchool('StudentDataRetentionHours')}
        saved={studentData.retentionHours}
        range={STUDENT_DATA_RETENTION_HOURS}
        rangeProblem={t('privacy.retentionRange', {
          min: String(STUDENT_DATA_RETENTION_HOURS.min),
          max: String(STUDENT_DATA_RETENTION_HOURS.max),
        })}
        save={(retentionHours) => api.updatePreferences({ studentData: { retentionHours } })}
      />
      <label className="toggle">
        <input
          type="checkbox"
          checked={studentData.namesInNotifications}
          onChange={(event) => void notifications.run(event.target.checked)}
        />
        <span>{t('privacy.inNotifications')}</span>
      </label>
      <ActionError error={notifications.error} />
      <p className="hint">
        {t(
          kept.protection === 'os'
            ? 'privacy.encrypted'
            : host === 'preview'
              ? 'privacy.notEncryptedPreview'
              : 'privacy.notEncryptedSystem',
        )}{' '}
        {t('privacy.keptNow', { count: kept.names })}
      </p>
      <div className="support-actions student-data-actions">
        {asking !== 'forget' && (
          <button
            ref={forgetButton}
            type="button"
            className="button"
            onClick={() => {
              setSaid(null);
              setAsking('forget');
            }}
          >
            {t('privacy.forget')}
          </button>
        )}
        <BusyButton
          type="button"
          className="button"
          busy={exporting.pending}
          onClick={() => {
            setSaid(null);
            void exporting.run().then((outcome) => {
              if (!outcome.ok) return;
              downloadJson(outcome.value.fileName, outcome.value.text);
              setSaid({ key: 'exported', file: outcome.value.fileName });
            });
          }}
        >
          {t('privacy.export')}
        </BusyButton>
        {asking !== 'erase' && (
          <button
            ref={eraseButton}
            type="button"
            className="button danger"
            onClick={() => {
              setSaid(null);
              setAsking('erase');
            }}
          >
            {t('privacy.erase')}
          </button>
        )}
      </div>
      {asking === 'forget' && (
        // Asked: one click mid-lesson must not lose every name at once.
        <SmallForm
          className="forget-confirm"
          label={t('privacy.forget')}
          submitLabel={t('privacy.forgetConfirm')}
          cancelLabel={t('settings.cancel')}
          busy={forget.pending}
          danger
          onSubmit={async () => {
            const outcome = await forget.run();
            if (!outcome.ok) return;
            setSaid({ key: 'forgotten' });
            close(forgetButton);
          }}
          onCancel={() => close(forgetButton)}
        >
          <p>{t('privacy.forgetQuestion', { count: kept.names })}</p>
        </SmallForm>
      )}
      {asking === 'erase' && (
        <SmallForm
          className="erase-confirm"
          label={t('privacy.erase')}
          submitLabel={t(running > 0 ? 'privacy.eraseEndThem' : 'privacy.eraseConfirm')}
          cancelLabel={t('settings.cancel')}
          busy={erase.pending}
          // Destructive: the focus starts on Cancel, so a key held too long erases nothing.
          danger
          onSubmit={() => eraseWith('end')}
          onCancel={() => close(eraseButton)}
          extraActions={
            running > 0 && (
              <button
                type="button"
                className="button small"
                disabled={erase.pending}
                onClick={() => void eraseWith('keep')}
              >
                {t('privacy.eraseKeepThem')}
              </button>
            )
          }
        >
          <p>
            {running > 0
              ? t('privacy.eraseQuestionRunning', { count: running })
              : t('privacy.eraseQuestion')}
          </p>
        </SmallForm>
      )}
      <div role="status" ref={saidRef}>
        {said !== null && <p>{saidWords(said)}</p>}
      </div>
      <ActionError error={forget.error} />
      <ActionError error={exporting.error} />
      <ActionError error={erase.error} />
    </div>
  );
}
