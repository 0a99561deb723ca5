/**
 * A setting the school's IT locked (policy): the control keeps its value, cannot be changed, and
 * says why. The core refuses the change anyway; this spares the teacher a refusal.
 */
import { useTranslation } from 'react-i18next';
import type { PolicyName } from '../../api/types';
import { useClassTray } from '../../store/context';

/** Whether the school locked `name`. */
export function useSetBySchool(): (name: PolicyName) => boolean {
  const locked = useClassTray((data) => data.account.setBySchool);
  return (name) => locked.includes(name);
}

/** "Set by your school", inside the control's label so it is part of its name. */
export function SetBySchoolNote(props: { shown: boolean }) {
  const { t } = useTranslation();
  return props.shown ? <small className="set-by-school">{t('settings.setBySchool')}</small> : null;
}
