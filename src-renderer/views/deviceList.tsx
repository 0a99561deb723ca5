import { defaultRangeExtractor, useVirtualizer, type Range } from '@tanstack/react-virtual';
import {
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent as ReactKeyboardEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import type { ClassTrayData } from '../store/classTrayStore';
import { useClassTray, useClassTrayStore } from '../store/context';
import { DeviceRow, ROW_HEIGHT } from './deviceRow';
import { SearchIcon } from './icons';
import { extendPrefix, nextMatch, type TypedPrefix } from './typeAhead';

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

/** Where typing a `/` means text, not "go to the search box". */
const isTyping = (target: EventTarget | null): boolean =>
  target instanceof HTMLTextAreaElement ||
  target instanceof HTMLSelectElement ||
  (target instanceof HTMLInputElement && target.type !== 'radio' && target.type !== 'checkbox') ||
  (target instanceof HTMLElement && target.isContentEditable);

/**
 * The searchable, filterable device list. Keyboard: the list is one Tab stop (roving focus);
 * arrows, Home and End move between rows, typing jumps to an alias, Right and Left step through
 * a row's buttons. `/` anywhere goes to the search box and Escape clears it.
 */
export function DeviceList() {
  const { t } = useTranslation();
  const store = useClassTrayStore();
  const [query, setQuery] = useState('');
  const [filter, setFilter] = useState<DeviceFilter>('all');
  const ids = useVisibleDeviceIds(query, filter);
  const emptyText = useClassTray(emptyMessage);
  const scrollRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const headingId = useId();
  // The row that holds the list's Tab stop, by id so it survives re-ordering.
  const [activeId, setActiveId] = useState<string | null>(null);
  const activeIndex = Math.max(0, activeId === null ? 0 : ids.indexOf(activeId));
  const focusPending = useRef<number | null>(null);
  const typed = useRef<TypedPrefix>({ text: '', at: -Infinity });
  // The Tab stop's row is always rendered, even scrolled out of view, so Tab can reach it.
  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range);
      if (activeIndex >= range.count || indexes.includes(activeIndex)) return indexes;
      return [...indexes, activeIndex].sort((a, b) => a - b);
    },
    [activeIndex],
  );
  const virtualizer = useVirtualizer({
    count: ids.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    // A long alias wraps and makes its row taller; no row is shorter than the design's.
    measureElement: (element) => Math.max(ROW_HEIGHT, element.getBoundingClientRect().height),
    getItemKey: (index) => ids[index] ?? index,
    rangeExtractor,
    overscan: 6,
  });

  useEffect(() => {
    const index = focusPending.current;
    if (index === null) return;
    const row = listRef.current?.querySelector<HTMLElement>(`[data-index="${index}"]`);
    if (row) {
      focusPending.current = null;
      row.focus();
    }
  });

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const search = searchRef.current;
      // Hidden behind the settings: their keys are theirs.
      if (!search || search.closest('[hidden]') !== null) return;
      const plain = !event.ctrlKey && !event.metaKey && !event.altKey;
      if (event.key === '/' && plain && !isTyping(event.target)) {
        event.preventDefault();
        search.focus();
      } else if (event.key === 'Escape' && !event.defaultPrevented && query !== '') {
        setQuery('');
        search.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [query]);

  const moveTo = (index: number) => {
    const to = Math.min(Math.max(index, 0), ids.length - 1);
    const id = ids[to];
    if (id === undefined) return;
    setActiveId(id);
    focusPending.current = to;
    virtualizer.scrollToIndex(to);
  };

  const onListKeyDown = (event: ReactKeyboardEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    const slot = target.closest<HTMLElement>('[data-index]');
    if (!slot) return;
    const index = Number(slot.dataset.index);
    const onRow = target === slot;
    const actions = [...slot.querySelectorAll<HTMLElement>('button')];
    const action = actions.indexOf(target);
    const plain = !event.ctrlKey && !event.metaKey && !event.altKey;
    if (event.key === 'ArrowDown') moveTo(index + 1);
    else if (event.key === 'ArrowUp') moveTo(index - 1);
    else if (event.key === 'Home') moveTo(0);
    else if (event.key === 'End') moveTo(ids.length - 1);
    else if (event.key === 'ArrowRight' && action < actions.length - 1)
      actions[action + 1]?.focus();
    else if ((event.key === 'ArrowLeft' || event.key === 'Escape') && !onRow) {
      (action > 0 && event.key === 'ArrowLeft' ? actions[action - 1] : slot)?.focus();
    } else if (onRow && plain && event.key.length === 1 && event.key !== '/') {
      if (event.key === ' ' && typed.current.text === '') return;
      typed.current = extendPrefix(typed.current, event.key, event.timeStamp);
      const { devices } = store.getState();
      const names = ids.map((id) => devices.get(id)?.alias ?? id);
      const match = nextMatch(names, index, typed.current.text);
      if (match >= 0) moveTo(match);
    } else return;
    event.preventDefault();
    event.stopPropagation();
  };

  return (
    <section className="devices" aria-labelledby={headingId}>
      <h2 id={headingId} className="visually-hidden">
        {t('devices.heading')}
      </h2>
      <div className="device-toolbar">
        <label className="search">
          <SearchIcon />
          <input
            ref={searchRef}
            type="search"
            aria-label={t('devices.search')}
            aria-keyshortcuts="/"
            placeholder={t('devices.searchPlaceholder')}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            spellCheck={false}
            // The window opens ready to find a device.
            autoFocus
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
            ref={listRef}
            role="list"
            aria-label={t('devices.heading')}
            className="device-rows"
            style={{ height: virtualizer.getTotalSize() }}
            onKeyDown={onListKeyDown}
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
                  tabIndex={item.index === activeIndex ? 0 : -1}
                  onFocus={() => setActiveId(remoteId)}
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
