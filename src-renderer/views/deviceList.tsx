import { useVirtualizer } from '@tanstack/react-virtual';
import { useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ClassTrayData } from '../store/classTrayStore';
import { useClassTray } from '../store/context';
import { DeviceRow, ROW_HEIGHT } from './deviceRow';
import { SearchIcon } from './icons';

export type DeviceFilter = 'all' | 'online' | 'offline';

const FILTERS: readonly DeviceFilter[] = ['all', 'online', 'offline'];

/** The ids to show: matching the search and filter, online first, otherwise the service's order. */
export function visibleDeviceIds(
  data: Pick<ClassTrayData, 'devices' | 'deviceIds'>,
  query: string,
  filter: DeviceFilter,
): string[] {
  const text = query.trim().toLowerCase();
  // Ids are often read out in groups ("123 456 789"), so spaces never stop an id from matching.
  const digits = text.replace(/\s+/g, '');
  const online: string[] = [];
  const others: string[] = [];
  for (const id of data.deviceIds) {
    const device = data.devices.get(id);
    if (!device) continue;
    if (filter === 'online' && device.online !== true) continue;
    if (filter === 'offline' && device.online !== false) continue;
    if (
      text !== '' &&
      !device.alias?.toLowerCase().includes(text) &&
      !device.remoteId.toLowerCase().includes(digits)
    ) {
      continue;
    }
    (device.online === true ? online : others).push(id);
  }
  return online.concat(others);
}

const sameIds = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && a.every((id, index) => id === b[index]);

/**
 * The visible ids as a store selection that keeps its identity while the order is unchanged, so
 * a device change that moves nothing (an alias, a badge) does not render the list at all.
 */
function useVisibleDeviceIds(query: string, filter: DeviceFilter): readonly string[] {
  const selector = useMemo(() => {
    let last: { from: ClassTrayData['devices']; ids: ClassTrayData['deviceIds'] } | undefined;
    let result: string[] = [];
    return (data: ClassTrayData): readonly string[] => {
      if (last?.from === data.devices && last.ids === data.deviceIds) return result;
      last = { from: data.devices, ids: data.deviceIds };
      const next = visibleDeviceIds(data, query, filter);
      if (!sameIds(result, next)) result = next;
      return result;
    };
  }, [query, filter]);
  return useClassTray(selector);
}

/** Why no row shows. */
function emptyMessage(data: ClassTrayData) {
  if (data.classroom.id === null) return 'devices.noClassroom';
  if (data.deviceIds.length > 0) return 'devices.noMatch';
  if (data.connection.status === 'connecting') return 'devices.loading';
  // Only an answer from the service (or the cache of one) says the classroom is empty.
  return data.connection.lastSuccessAt === null && data.connection.status !== 'ok'
    ? 'devices.notLoaded'
    : 'devices.empty';
}

export function DeviceList() {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const [filter, setFilter] = useState<DeviceFilter>('all');
  const ids = useVisibleDeviceIds(query, filter);
  const emptyText = useClassTray(emptyMessage);
  const scrollRef = useRef<HTMLDivElement>(null);
  const headingId = useId();
  const virtualizer = useVirtualizer({
    count: ids.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    // A long alias wraps and makes its row taller; no row is shorter than the design's.
    measureElement: (element) => Math.max(ROW_HEIGHT, element.getBoundingClientRect().height),
    getItemKey: (index) => ids[index] ?? index,
    overscan: 6,
  });

  return (
    <section className="devices" aria-labelledby={headingId}>
      <h2 id={headingId} className="visually-hidden">
        {t('devices.heading')}
      </h2>
      <div className="device-toolbar">
        <label className="search">
          <SearchIcon />
          <input
            type="search"
            aria-label={t('devices.search')}
            placeholder={t('devices.searchPlaceholder')}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            spellCheck={false}
          />
        </label>
        <fieldset className="segmented">
          <legend className="visually-hidden">{t('devices.show')}</legend>
          {FILTERS.map((value) => (
            <label key={value} className={filter === value ? 'checked' : undefined}>
              <input
                type="radio"
                name={headingId}
                value={value}
                checked={filter === value}
                onChange={() => setFilter(value)}
              />
              {t(`devices.filter.${value}`)}
            </label>
          ))}
        </fieldset>
      </div>
      <div className="device-scroll" ref={scrollRef}>
        {ids.length === 0 ? (
          <p className="empty">{t(emptyText)}</p>
        ) : (
          <div
            role="list"
            aria-label={t('devices.heading')}
            className="device-rows"
            style={{ height: virtualizer.getTotalSize() }}
          >
            {virtualizer.getVirtualItems().map((item) => {
              const remoteId = ids[item.index];
              if (remoteId === undefined) return null;
              return (
                <div
                  key={item.key}
                  ref={virtualizer.measureElement}
                  data-index={item.index}
                  role="listitem"
                  aria-posinset={item.index + 1}
                  aria-setsize={ids.length}
                  className="device-slot"
                  style={{ transform: `translateY(${item.start}px)` }}
                >
                  <DeviceRow remoteId={remoteId} />
                </div>
              );
            })}
          </div>
        )}
      </div>
    </section>
  );
}
