/** The device list's order and the ids it shows, kept stable while nothing the list shows changed. */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ClassTrayData } from '../../store/classTrayStore';
import { useClassTray, useClassTrayStore } from '../../store/context';
import {
  arrange,
  byName,
  shownIds,
  type Arrangement,
  type DeviceFilter,
} from '../../store/deviceOrder';

const sameIds = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && a.every((id, index) => id === b[index]);

/**
 * The rows' order, which only the teacher and the window's opening change (see deviceOrder):
 * sorted afresh for another room (or its first devices), another filter or Problems first
 * switched, and whenever the window is shown again; `setArrangement` for "3 changed".
 */
export function useArrangement(filter: DeviceFilter) {
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
 * arrangement's order; the compact view's tile grid is by name whatever changes (its tiles mark
 * changes instead). A search lists the devices whose student matches first.
 */
export function useShownIds(
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
