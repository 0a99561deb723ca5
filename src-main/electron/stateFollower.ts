/**
 * Keeps main's view of the core current for the tray and notifications: after each burst of
 * changes (one event-loop turn) it reads the snapshot again, so main needs no copy of the core's
 * state logic. Reads run one after another, so `before` is always the previous snapshot.
 */
import type { ClassTrayApi } from '../core/api/apiMethods';
import type { ClassTrayChange, ClassTrayState } from '../core/api/classTrayApi';

export type StateListener = (
  state: ClassTrayState,
  before: ClassTrayState,
  changes: readonly ClassTrayChange[],
) => void;

export function followState(
  classTray: Pick<ClassTrayApi, 'getState' | 'subscribe'>,
  onState: StateListener,
  warn: (message: string) => void,
): () => void {
  let previous: ClassTrayState | undefined;
  let pending: ClassTrayChange[] = [];
  let queue = Promise.resolve();

  const read = (changes: readonly ClassTrayChange[]): void => {
    queue = queue
      .then(async () => {
        const state = await classTray.getState();
        const before = previous ?? state;
        previous = state;
        onState(state, before, changes);
      })
      .catch((error: unknown) => warn(`Could not read the state for the tray: ${String(error)}`));
  };

  const unsubscribe = classTray.subscribe((change) => {
    pending.push(change);
    if (pending.length > 1) return;
    setImmediate(() => {
      const changes = pending;
      pending = [];
      read(changes);
    });
  });
  read([]);
  return unsubscribe;
}
