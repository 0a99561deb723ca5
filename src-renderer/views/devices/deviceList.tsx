/** devices/: the open classroom's devices, as a list or a room plan, with status and access. */
import { defaultRangeExtractor, useVirtualizer, type Range } from '@tanstack/react-virtual';
import {
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent as ReactKeyboardEvent,
  type RefObject,
} from 'react';
import { useTranslation } from 'react-i18next';
import type { ClassTrayData } from '../../store/classTrayStore';
import {
  arrange,
  changedSince,
  changedToTop,
  shownIds,
  type Arrangement,
  type DeviceFilter,
} from '../../store/deviceOrder';
import { useApi, useClassTray, useClassTrayStore } from '../../store/context';
import { ActionError } from '../forms/actionError';
import { useActivityNow } from './deviceActivity';
import { DeviceRow, ROW_HEIGHT } from './deviceRow';
import {
  DeviceTile,
  TILE_CHROME,
  TILE_FONT,
  TILE_INITIAL,
  TILE_LETTER_SPACING,
  TILE_MARK,
  TILE_MIN_WIDTH,
  TILE_PITCH,
} from './deviceTile';
import { formatClock } from '../clock';
import { GridIcon, SearchIcon, ToTopIcon } from '../icons';
import { showsOldData } from '../header/oldData';
import { byName, roomNames, sharedPrefix, tileName } from './roomPlan';
import { useAction } from '../forms/useAction';
import { extendPrefix, nextMatch, type TypedPrefix } from './typeAhead';
import { deviceCounts } from './deviceCounts';

const FILTERS: readonly DeviceFilter[] = ['all', 'online', 'offline'];

const sameIds = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && a.every((id, index) => id === b[index]);

/**
 * The rows' order, which only the teacher and the window's opening change (see deviceOrder):
 * sorted afresh for another room (or its first devices), another filter or Problems first
 * switched, and whenever the window is shown again; `setArrangement` for "3 changed".
 */
function useArrangement(filter: DeviceFilter) {
  const store = useClassTrayStore();
  const problemsFirst = useClassTray((data) => data.preferences.problemsFirst);
  const room = useClassTray((data) => (data.deviceIds.length === 0 ? null : data.classroom.id));
  const sortNow = useCallback((): Arrangement => {
    const data = store.getState();
    return arrange(data, filter, data.preferences.problemsFirst ? Date.now() : null);
  }, [store, filter]);
  const key = `${room}\n${filter}\n${problemsFirst}`;
  const [state, setState] = useState(() => ({ key, arrangement: sortNow() }));
  // Sorted in the same render that sees the change (no second commit of the list).
  if (state.key !== key) setState({ key, arrangement: sortNow() });
  useEffect(() => {
    const onVisibility = () => {
      if (document.visibilityState === 'visible') setState({ key, arrangement: sortNow() });
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, [key, sortNow]);
  const setArrangement = useCallback(
    (arrangement: Arrangement) => setState({ key, arrangement }),
    [key],
  );
  return [state.arrangement, setArrangement] as const;
}

/**
 * The ids to show as a store selection that keeps its identity while they are the same, so a
 * device change (its status, an alias, a badge) does not render the list at all. Rows keep the
 * arrangement's order; the compact view is a room plan, by name whatever changes (its tiles mark
 * changes instead). A search lists the devices whose student matches first.
 */
function useShownIds(
  arrangement: Arrangement,
  filter: DeviceFilter,
  query: string,
  compact: boolean,
): readonly string[] {
  const result = useRef<string[]>([]);
  const selector = useMemo(() => {
    let last: ClassTrayData | undefined;
    return (data: ClassTrayData): readonly string[] => {
      if (
        last?.devices === data.devices &&
        last.deviceIds === data.deviceIds &&
        last.temporalAccesses === data.temporalAccesses
      ) {
        return result.current;
      }
      last = data;
      const next = compact
        ? shownIds(data, arrange(data, filter, null), filter, query, (ids) => byName(data, ids))
        : shownIds(data, arrangement, filter, query);
      if (!sameIds(result.current, next)) result.current = next;
      return result.current;
    };
  }, [arrangement, filter, query, compact]);
  return useClassTray(selector);
}

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

/** A tile's width for the room's names, so no tile cuts the part that tells its device apart. */
const measuredWidth = (() => {
  let context: CanvasRenderingContext2D | null | undefined;
  return (text: string, font: string): number => {
    context ??= document.createElement('canvas').getContext('2d');
    if (!context) return text.length * 7;
    context.font = font;
    context.letterSpacing = TILE_LETTER_SPACING;
    return context.measureText(text).width;
  };
})();

/** How much more than its name a tile may hold in this room: the no-2FA mark, an initial. */
const tileExtras = (data: ClassTrayData): number => {
  let extras = 0;
  for (const device of data.devices.values()) {
    if (!device.has2fa) {
      extras += TILE_MARK;
      break;
    }
  }
  if (
    data.temporalAccesses.some(
      (access) => access.remoteId !== null && data.devices.has(access.remoteId),
    )
  ) {
    extras += TILE_INITIAL;
  }
  return extras;
};

/** Names wider than this share of the room's are cut (whole on hover and focus), not widened for. */
const FITTED_SHARE = 0.9;

/**
 * What the room's names share (dropped from its tiles) and how wide a tile must be to show the
 * rest: measured in the tiles' own font, again only when the room's names change. One unusually
 * long name does not thin out the whole grid: the tiles fit nine names in ten.
 */
function useRoomPlan(compact: boolean) {
  const names = useMemo(() => {
    let last: ClassTrayData['devices'] | undefined;
    let result = '';
    return (data: ClassTrayData): string => {
      if (!compact) return '';
      if (last !== data.devices) {
        last = data.devices;
        // One string, so a refresh that renames nothing renders nothing.
        result = roomNames(data).join('\n');
      }
      return result;
    };
  }, [compact]);
  const joined = useClassTray(names);
  const prefix = useMemo(() => sharedPrefix(joined === '' ? [] : joined.split('\n')), [joined]);
  const extras = useClassTray((data) => (compact ? tileExtras(data) : 0));
  const nameWidth = useMemo(() => {
    if (joined === '') return 0;
    const font = `${TILE_FONT} ${getComputedStyle(document.documentElement).fontFamily}`;
    const widths = joined
      .split('\n')
      .map((name) => measuredWidth(tileName(name, prefix), font))
      .sort((a, b) => a - b);
    return widths[Math.floor((widths.length - 1) * FITTED_SHARE)] ?? 0;
  }, [joined, prefix]);
  const tileWidth = Math.max(TILE_MIN_WIDTH, Math.ceil(nameWidth + TILE_CHROME + extras));
  return { prefix, tileWidth };
}

/** Why no row shows. */
function emptyMessage(data: ClassTrayData) {
  if (data.classroom.id === null) return 'devices.noClassroom';
  if (data.deviceIds.length > 0) return 'devices.noMatch';
  if (data.connection.status === 'connecting') return 'devices.loading';
  // The service knows no such classroom: it has said nothing about its devices.
  if (data.connection.status === 'classroom-not-found') return 'devices.notLoaded';
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

/** The compact grid's inset on each side, in pixels (see .device-rows.compact). */
const GRID_INSET = 8;

/** How many tiles fit across, from the scroll box's width as it is laid out. */
function useColumns(
  box: RefObject<HTMLElement | null>,
  compact: boolean,
  tileWidth: number,
): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = box.current;
    if (!compact || !element) return;
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    setWidth(element.clientWidth);
    return () => observer.disconnect();
  }, [box, compact]);
  return compact ? Math.max(1, Math.floor((width - 2 * GRID_INSET) / tileWidth)) : 1;
}

/**
 * The searchable, filterable device list, as rows or (the compact view) a dense grid of tiles,
 * virtualized either way. Keyboard: the list is one Tab stop (roving focus); arrows, Home and
 * End move between devices, typing jumps to an alias, and in rows Right and Left step through a
 * row's buttons (in tiles, Enter reaches the tile's button and Escape comes back). `/` anywhere
 * goes to the search box and Escape clears it.
 */
export function DeviceList() {
  const { t, i18n } = useTranslation();
  const store = useClassTrayStore();
  const api = useApi();
  const compact = useClassTray((data) => data.preferences.compactView);
  const toggleCompact = useAction((on: boolean) => api.updatePreferences({ compactView: on }));
  const [query, setQuery] = useState('');
  const [filter, setFilter] = useState<DeviceFilter>('all');
  const now = useActivityNow();
  const [arrangement, setArrangement] = useArrangement(filter);
  const ids = useShownIds(arrangement, filter, query, compact);
  const emptyText = useClassTray(emptyMessage);
  // The same counts keep the same object: an unrelated change renders nothing.
  const counts = useClassTray((data) => deviceCounts(data.devices));
  // Rows of a refresh that did not succeed are shown as of the last one that did, muted.
  const asOf = useClassTray((data) =>
    showsOldData(data.connection) ? (data.connection.lastSuccessAt ?? '') : null,
  );
  const scrollRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const headingId = useId();
  // The row that holds the list's Tab stop, by id so it survives re-ordering.
  const [activeId, setActiveId] = useState<string | null>(null);
  const activeIndex = Math.max(0, activeId === null ? 0 : ids.indexOf(activeId));
  const plan = useRoomPlan(compact);
  const columns = useColumns(scrollRef, compact, plan.tileWidth);
  const activeLine = Math.floor(activeIndex / columns);
  const focusPending = useRef<number | null>(null);
  const typed = useRef<TypedPrefix>({ text: '', at: -Infinity });
  // The Tab stop's line is always rendered, even scrolled out of view, so Tab can reach it.
  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range);
      if (activeLine >= range.count || indexes.includes(activeLine)) return indexes;
      return [...indexes, activeLine].sort((a, b) => a - b);
    },
    [activeLine],
  );
  // The virtualizer's items are lines: one device each as rows, `columns` tiles each as a grid.
  const virtualizer = useVirtualizer({
    count: Math.ceil(ids.length / columns),
    getScrollElement: () => scrollRef.current,
    // The window's height until the scroll box is measured, so the first render has its rows
    // rather than rendering the list again once it knows its size.
    initialRect: { width: 0, height: window.innerHeight },
    estimateSize: () => (compact ? TILE_PITCH : ROW_HEIGHT),
    getItemKey: (index) => (compact ? `line-${index}` : (ids[index] ?? index)),
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

  // The window opens ready to find a device: focused once the rows are shown, not before (the
  // focus would lay the window out in the middle of the first render).
  useEffect(() => searchRef.current?.focus(), []);

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

  // The changed devices on top, and the focus on the first of them (the button hides).
  const changedOnTop = () => {
    const next = changedToTop(store.getState(), arrangement, filter);
    setArrangement(next);
    const first = next.order[0];
    if (first === undefined) return;
    setActiveId(first);
    focusPending.current = 0;
    virtualizer.scrollToOffset(0);
  };

  const moveTo = (index: number) => {
    const to = Math.min(Math.max(index, 0), ids.length - 1);
    const id = ids[to];
    if (id === undefined) return;
    setActiveId(id);
    focusPending.current = to;
    virtualizer.scrollToIndex(Math.floor(to / columns));
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
    // Forward is the way the line runs: left in a right-to-left language.
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const [forward, back] = rtl ? ['ArrowLeft', 'ArrowRight'] : ['ArrowRight', 'ArrowLeft'];
    if (event.key === 'ArrowDown') moveTo(index + columns);
    else if (event.key === 'ArrowUp') moveTo(index - columns);
    else if (compact && event.key === forward) moveTo(index + 1);
    else if (compact && event.key === back) moveTo(index - 1);
    // A tile's one button (End access) is a step in: the arrows already move between tiles.
    else if (compact && onRow && event.key === 'Enter' && actions[0]) actions[0].focus();
    else if (event.key === 'Home') moveTo(0);
    else if (event.key === 'End') moveTo(ids.length - 1);
    else if (event.key === forward && action < actions.length - 1) actions[action + 1]?.focus();
    else if ((event.key === back || event.key === 'Escape') && !onRow) {
      (action > 0 && event.key === back ? actions[action - 1] : slot)?.focus();
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
          />
        </label>
        {/* The room plan does not move: the button keeps its place there, hidden. */}
        <ChangedDevices arrangement={arrangement} onPress={changedOnTop} unused={compact} />
        {/* The filter and the view switch wrap together, under the search box when narrow. */}
        <div className="view-controls">
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
      <div className="device-scroll" ref={scrollRef}>
        {ids.length === 0 ? (
          <p className="empty">{t(emptyText)}</p>
        ) : (
          <div
            ref={listRef}
            role="list"
            aria-label={
              asOf
                ? t('devices.headingAsOf', { time: formatClock(asOf, i18n.language) })
                : t('devices.heading')
            }
            className={`device-rows${compact ? ' compact' : ''}${asOf === null ? '' : ' old'}`}
            style={{ height: virtualizer.getTotalSize() }}
            onKeyDown={onListKeyDown}
          >
            {compact
              ? virtualizer.getVirtualItems().flatMap((line) =>
                  Array.from({ length: columns }, (_, column) => {
                    const index = line.index * columns + column;
                    const remoteId = ids[index];
                    if (remoteId === undefined) return null;
                    return (
                      <div
                        // Not the row's key: a row's node, measured as a row, must not become a tile.
                        key={`tile-${remoteId}`}
                        data-index={index}
                        role="listitem"
                        aria-posinset={index + 1}
                        aria-setsize={ids.length}
                        className="device-cell"
                        tabIndex={index === activeIndex ? 0 : -1}
                        onFocus={() => setActiveId(remoteId)}
                        style={{
                          transform: `translateY(${line.start}px)`,
                          insetInlineStart: `${(column * 100) / columns}%`,
                          width: `${100 / columns}%`,
                        }}
                      >
                        <DeviceTile remoteId={remoteId} prefix={plan.prefix} now={now} />
                      </div>
                    );
                  }),
                )
              : virtualizer.getVirtualItems().map((item) => {
                  const remoteId = ids[item.index];
                  if (remoteId === undefined) return null;
                  return (
                    <div
                      key={item.key}
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
