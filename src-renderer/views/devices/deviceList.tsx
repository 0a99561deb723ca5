/** devices/: the open classroom's devices, as a list or a grid of tiles, with status and access. */
import {
  defaultRangeExtractor,
  elementScroll,
  useVirtualizer,
  type Range,
  type Rect,
  type Virtualizer,
} from '@tanstack/react-virtual';
import {
  Suspense,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent as ReactKeyboardEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import type { ClassTrayData } from '../../store/classTrayStore';
import { changedToTop, type DeviceFilter } from '../../store/deviceOrder';
import { useClassTray, useClassTrayStore } from '../../store/context';
import { formatClock } from '../clock';
import { showsOldData } from '../oldData';
import { useActivityNow } from './deviceActivity';
import { DeviceRow, ROW_HEIGHT } from './deviceRow';
import { DeviceTile, TILE_PITCH } from './deviceTile';
import { DeviceToolbar } from './deviceToolbar';
import { extendPrefix, nextMatch, type TypedPrefix } from './typeAhead';
import { useArrangement, useShownIds } from './useArrangement';
import { useColumns, useTileGrid } from './useTileGrid';
import { useSeatPlanShown } from '../seatPlan/seatPlanShown';
import { later } from '../later';

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

/**
 * The scroll box's size for the virtualizer, from its ResizeObserver alone. The library's own
 * reads the box's size as the list mounts, which makes the browser lay the window out in the
 * middle of the first render; the observer's first report comes once the browser has laid out
 * the first frame anyway (initialRect stands for the size until then).
 */
function observeScrollBoxRect(
  instance: Virtualizer<HTMLDivElement, Element>,
  report: (rect: Rect) => void,
): () => void {
  const element = instance.scrollElement;
  if (!element) return () => undefined;
  // The library's measure (the box's client size), read where the layout is already done.
  const observer = new ResizeObserver(() =>
    report({ width: element.clientWidth, height: element.clientHeight }),
  );
  observer.observe(element);
  return () => observer.disconnect();
}

/** The virtualizers that have written their offset once (see scrollScrollBox). */
const attached = new WeakSet<Virtualizer<HTMLDivElement, Element>>();

/**
 * Scrolls the scroll box for the virtualizer, but for the write it makes as it attaches to it:
 * the top, where a new scroll box already is, and a write the browser would lay the window out
 * for in the middle of the first render.
 */
function scrollScrollBox(
  offset: number,
  options: { adjustments?: number; behavior?: ScrollBehavior },
  instance: Virtualizer<HTMLDivElement, Element>,
): void {
  const first = !attached.has(instance);
  attached.add(instance);
  if (first && offset + (options.adjustments ?? 0) === 0) return;
  elementScroll(offset, options, instance);
}

/** Where typing a `/` means text, not "go to the search box". */
const isTyping = (target: EventTarget | null): boolean =>
  target instanceof HTMLTextAreaElement ||
  target instanceof HTMLSelectElement ||
  (target instanceof HTMLInputElement && target.type !== 'radio' && target.type !== 'checkbox') ||
  (target instanceof HTMLElement && target.isContentEditable);

/** The compact view's seat plan: loaded after the first paint (see ../later). */
const SeatPlanArea = later(() =>
  import('../seatPlan/seatPlanArea').then((module) => module.SeatPlanArea),
);

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
  const compact = useClassTray((data) => data.preferences.compactView);
  const [query, setQuery] = useState('');
  const [filter, setFilter] = useState<DeviceFilter>('all');
  const now = useActivityNow();
  const [arrangement, setArrangement] = useArrangement(filter);
  const ids = useShownIds(arrangement, filter, query, compact);
  const emptyText = useClassTray(emptyMessage);
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
  const grid = useTileGrid(compact);
  // A room with a seat plan shows it instead of the grid by name (seatPlan/).
  const planShown = useSeatPlanShown(compact);
  const columns = useColumns(scrollRef, compact, grid.tileWidth);
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
    count: planShown ? 0 : Math.ceil(ids.length / columns),
    getScrollElement: () => scrollRef.current,
    // The window's height until the scroll box is measured, so the first render has its rows
    // rather than rendering the list again once it knows its size.
    initialRect: { width: 0, height: window.innerHeight },
    observeElementRect: observeScrollBoxRect,
    scrollToFn: scrollScrollBox,
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
      <DeviceToolbar
        searchRef={searchRef}
        query={query}
        onQuery={setQuery}
        filter={filter}
        onFilter={setFilter}
        arrangement={arrangement}
        onChangedToTop={changedOnTop}
        compact={compact}
      />
      {compact && (
        <Suspense fallback={null}>
          <SeatPlanArea prefix={grid.prefix} now={now} shown={ids} />
        </Suspense>
      )}
      <div className="device-scroll" ref={scrollRef} hidden={planShown}>
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
                        <DeviceTile remoteId={remoteId} prefix={grid.prefix} now={now} />
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
