import { useId, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { useClassTray } from '../../store/context';
import { byName } from '../../store/deviceOrder';

/**
 * Which of the open classroom's devices an access is on, on one line at the top of the form:
 * the devices by name as the room numbers them (PC2 before PC10), the chosen one selected, and a
 * search box that narrows the choices (the chosen device stays listed whatever it says). "No
 * device" comes last: an access is normally given on a device.
 */
export function AccessDevicePicker({
  remoteId,
  onChange,
  ref,
}: {
  remoteId: string;
  onChange: (remoteId: string) => void;
  ref: Ref<HTMLSelectElement>;
}) {
  const { t } = useTranslation();
  const devices = useClassTray((data) => data.devices);
  const deviceIds = useClassTray((data) => data.deviceIds);
  const [search, setSearch] = useState('');
  const pickerId = useId();
  const matching = (id: string, wanted: string): boolean => {
    const name = devices.get(id)?.alias ?? id;
    return wanted === '' || name.toLowerCase().includes(wanted) || id.includes(wanted);
  };
  const wanted = search.trim().toLowerCase();
  const choices = byName({ devices }, [...deviceIds])
    .filter((id) => id === remoteId || matching(id, wanted))
    .map((id) => ({ id, name: devices.get(id)?.alias ?? id }));

  return (
    <div className="access-device-line">
      <label htmlFor={pickerId}>{t('accesses.deviceField')}</label>
      <select
        ref={ref}
        id={pickerId}
        className="access-device"
        value={remoteId}
        onChange={(event) => onChange(event.target.value)}
      >
        {choices.map(({ id, name }) => (
          <option key={id} value={id}>
            {name}
          </option>
        ))}
        <option value="">{t('accesses.noDevice')}</option>
      </select>
      <input
        type="search"
        className="access-device-search"
        aria-label={t('accesses.findDevice')}
        value={search}
        placeholder={t('accesses.findDevicePlaceholder')}
        autoComplete="off"
        onChange={(event) => {
          setSearch(event.target.value);
          // One match is the device meant: picked without another step.
          const next = event.target.value.trim().toLowerCase();
          const only = deviceIds.filter((id) => next !== '' && matching(id, next));
          if (only.length === 1 && only[0] !== undefined) onChange(only[0]);
        }}
      />
    </div>
  );
}
