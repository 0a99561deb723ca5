/**
 * Above the device list: the search box (`/` reaches it from anywhere), "3 changed", the filter
 * by status with its counts, and the compact view's switch.
 */
import { useId, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi, useClassTray } from '../../store/context';
import { deviceCounts } from '../../store/deviceCounts';
import { changedSince, type Arrangement, type DeviceFilter } from '../../store/deviceOrder';
import { ActionError } from '../forms/actionError';
import { useAction } from '../forms/useAction';
import { GridIcon, SearchIcon, ToTopIcon } from '../icons';
import { ariaKeys, onMac } from '../keys';

const FILTERS: readonly DeviceFilter[] = ['all', 'online', 'offline'];

/**
 * "3 changed": how many devices changed since the rows were sorted, and one press brings them
 * to the top. Always in the toolbar, hidden when there are none, so its coming and going moves
 * nothing.
 */
function ChangedDevices({
  arrangement,
  onPress,
  unused,
}: {
  arrangement: Arrangement;
  onPress: () => void;
  unused: boolean;
}) {
  const { t } = useTranslation();
  const count = useClassTray((data) => (unused ? 0 : changedSince(data, arrangement).length));
  return (
    <button
      type="button"
      className="button small changed-devices"
      // Hidden, not removed: its place stays, so showing it moves nothing.
      style={count === 0 ? { visibility: 'hidden' } : undefined}
      aria-label={t('devices.changedToTop', { count })}
      title={t('devices.changedToTop', { count })}
      onClick={onPress}
    >
      <ToTopIcon />
      {/* Under 360 px the number alone, so the search box keeps its room. */}
      <span className="changed-label">{t('devices.changedCount', { count })}</span>
      <span className="changed-number">{count}</span>
    </button>
  );
}

export function DeviceToolbar({
  searchRef,
  query,
  onQuery,
  filter,
  onFilter,
  arrangement,
  onChangedToTop,
  compact,
}: {
  searchRef: RefObject<HTMLInputElement | null>;
  query: string;
  onQuery: (query: string) => void;
  filter: DeviceFilter;
  onFilter: (filter: DeviceFilter) => void;
  arrangement: Arrangement;
  onChangedToTop: () => void;
  compact: boolean;
}) {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const toggleCompact = useAction((on: boolean) => api.updatePreferences({ compactView: on }));
  // The same counts keep the same object: an unrelated change renders nothing.
  const counts = useClassTray((data) => deviceCounts(data.devices));
  const filterName = useId();
  return (
    <>
      <div className="device-toolbar">
        <label className="search">
          <SearchIcon />
          <input
            ref={searchRef}
            type="search"
            aria-label={t('devices.search')}
            data-window-key="search"
            aria-keyshortcuts={`/ ${ariaKeys('search', onMac())}`}
            placeholder={t('devices.searchPlaceholder')}
            value={query}
            onChange={(event) => onQuery(event.target.value)}
            spellCheck={false}
          />
        </label>
        {/* The tile grid does not move: the button keeps its place there, hidden. */}
        <ChangedDevices arrangement={arrangement} onPress={onChangedToTop} unused={compact} />
        {/* The filter and the view switch wrap together, under the search box when narrow. */}
        <div className="view-controls">
          <fieldset className="segmented">
            <legend className="visually-hidden">{t('devices.show')}</legend>
            {FILTERS.map((value) => (
              <label key={value} className={filter === value ? 'checked' : undefined}>
                <input
                  type="radio"
                  name={filterName}
                  value={value}
                  checked={filter === value}
                  onChange={() => onFilter(value)}
                />
                {t('devices.filterCount', {
                  filter: String(t(`devices.filter.${value}`)),
                  total: (counts[value] ?? 0).toLocaleString(i18n.language),
                })}
              </label>
            ))}
          </fieldset>
          <button
            type="button"
            className="icon-button"
            aria-label={t('devices.compact')}
            title={t('devices.compact')}
            aria-pressed={compact}
            onClick={() => void toggleCompact.run(!compact)}
          >
            <GridIcon />
          </button>
        </div>
      </div>
      <ActionError error={toggleCompact.error} />
    </>
  );
}
