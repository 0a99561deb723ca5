/** The subscribers to the core's changes: each hears every change, and one failing harms none. */
import type { ClassTrayChange } from './classTrayApi';
import type { Logger } from '../logger';

/** Plain functions, no `this`: the facade hands `emit` around on its own. */
export interface ChangeFeed {
  emit: (change: ClassTrayChange) => void;
  subscribe: (listener: (change: ClassTrayChange) => void) => () => void;
  clear: () => void;
}

export function createChangeFeed(log: Logger): ChangeFeed {
  const listeners = new Set<(change: ClassTrayChange) => void>();
  return {
    emit: (change) => {
      for (const listener of listeners) {
        // A failing host listener must not break the refresh or the action that emitted.
        try {
          listener(change);
        } catch (error) {
          log.error('A change listener failed', error);
        }
      }
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    clear: () => listeners.clear(),
  };
}
