/** A calendar subscription's secret address, or an .ics file imported once. */
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi, useClassTray } from '../../../store/context';
import { ActionError } from '../../forms/actionError';
import { useAction } from '../../forms/useAction';
import { FormField, SmallForm, useFocusAfterRender } from '../../forms/smallForm';

/** The secret address: pasted, saved to the keychain once it answered with a calendar. */
export function Subscription() {
  const { t } = useTranslation();
  const api = useApi();
  const subscription = useClassTray((data) => data.timetable.subscription);
  const [address, setAddress] = useState('');
  const save = useAction((url: string) => api.setTimetableSource({ kind: 'subscription', url }));
  const field = useRef<HTMLInputElement>(null);
  const focusAfterRender = useFocusAfterRender();
  const submit = async () => {
    if (!(await save.run(address.trim())).ok) return;
    setAddress('');
    // The emptied field disables Save, which would drop the focus to the page: it goes back to
    // the field, whose description now says where the address was saved.
    focusAfterRender(field);
  };
  let said = t('timetable.addressHint');
  if (subscription !== null) {
    said += ` ${
      subscription.set
        ? t('timetable.addressSaved', { where: t(`settings.where.${subscription.location}`) })
        : t('timetable.addressMissing')
    }`;
  }
  return (
    <SmallForm
      className="field"
      label={t('timetable.sourceSubscription')}
      submitLabel={t('timetable.saveAddress')}
      cancelLabel={t('settings.cancel')}
      busy={save.pending}
      ready={address.trim() !== ''}
      onSubmit={submit}
      onCancel={() => setAddress('')}
      // Shown when the source is chosen: the focus stays on that choice.
      autoFocus={false}
    >
      <FormField
        className="field"
        label={t('timetable.address')}
        hint={said}
        problem={save.error === null ? null : t('app.actionFailed', { message: save.error })}
      >
        {(control) => (
          <input
            {...control}
            ref={field}
            type="password"
            dir="ltr"
            value={address}
            autoComplete="off"
            spellCheck={false}
            placeholder="https:// · webcal://"
            onChange={(event) => setAddress(event.target.value)}
          />
        )}
      </FormField>
    </SmallForm>
  );
}

export function ImportFile() {
  const { t } = useTranslation();
  const api = useApi();
  const load = useAction(async (file: File) =>
    api.setTimetableSource({ kind: 'file', text: await file.text() }),
  );
  return (
    <div className="field">
      <label className="field">
        <span>{t('timetable.importFile')}</span>
        <input
          type="file"
          accept=".ics,text/calendar"
          {...(load.pending ? { 'aria-busy': true } : {})}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file !== undefined) void load.run(file);
          }}
        />
      </label>
      <ActionError error={load.error} />
    </div>
  );
}
