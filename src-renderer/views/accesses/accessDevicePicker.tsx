import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useClassTray } from '../../store/context';

/**
 * Which of the open classroom's devices an access is on: a search box narrows the choices, and
 * the chosen device stays listed whatever the search says.
 */
export function AccessDevicePicker({
  remoteId,
  onChange,
}: {
  remoteId: string;
  onChange: (remoteId: string) => void;
}) {
  const { t } = useTranslation();
  const devices = useClassTray((data) => data.devices);
  const deviceIds = useClassTray((data) => data.deviceIds);
  const [search, setSearch] = useState('');
  const searchId = useId();
  const pickerId = useId();
  const wanted = search.trim().toLowerCase();
  const choices = deviceIds.flatMap((id) => {
    const device = devices.get(id);
    if (device === undefined) return [];
    const name = device.alias ?? id;
    const matches =
      wanted === '' ||
      name.toLowerCase().includes(wanted) ||
      id.includes(wanted) ||
      id === remoteId;
    return matches ? [{ id, name }] : [];
  });

  return (
    <div className="access-field">
      <label htmlFor={searchId}>{t('accesses.findDevice')}</label>
      <input
        id={searchId}
        type="search"
        className="access-device-search"
        value={search}
        placeholder={t('accesses.findDevicePlaceholder')}
        autoComplete="off"
        onChange={(event) => {
          setSearch(event.target.value);
          // One match is the device meant: picked without another step.
          const next = event.target.value.trim().toLowerCase();
          const only = deviceIds.filter((id) => {
            const name = devices.get(id)?.alias ?? id;
            return next !== '' && (name.toLowerCase().includes(next) || id.includes(next));
          });
          if (only.length === 1 && only[0] !== undefined) onChange(only[0]);
        }}
      />
      <label htmlFor={pickerId}>{t('accesses.deviceField')}</label>
      <select
        id={pickerId}
        className="access-device"
        value={remoteId}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">{t('accesses.noDevice')}</option>
        {choices.map(({ id, name }) => (
          <option key={id} value={id}>
            {name}
          </option>
        ))}
      </select>
    </div>
  );
}
