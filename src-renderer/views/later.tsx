/**
 * A part of the window that its first paint does not show (the settings, forms opened later),
 * loaded as a chunk of its own: every such part is asked for once the window has painted
 * (`loadLater`), so that it is there, and renders at once, by the time the teacher opens it.
 * Opened before, it suspends until its chunk is in (the nearest Suspense shows its fallback).
 */
import { use, type ComponentType, type JSX, type ReactPromise } from 'react';

const parts = new Set<() => PromiseLike<unknown>>();

export function later<P extends object>(
  load: () => Promise<ComponentType<P>>,
): (props: P) => JSX.Element {
  // Marked fulfilled once loaded, as React's `use` reads a promise without suspending again.
  let loading: ReactPromise<ComponentType<P>> | undefined;
  const preload = (): ReactPromise<ComponentType<P>> => {
    if (loading) return loading;
    const started: ReactPromise<ComponentType<P>> = load().then(
      (component) => {
        Object.assign(started, { status: 'fulfilled', value: component });
        return component;
      },
      (error: unknown) => {
        // Asked again next time.
        loading = undefined;
        throw error;
      },
    );
    return (loading = started);
  };
  parts.add(preload);
  return function Later(props: P) {
    const Loaded = use(preload());
    return <Loaded {...props} />;
  };
}

/** Loads every part made with `later`: once the window has painted, and in the tests. */
export const loadLater = (): Promise<unknown> => Promise.all([...parts].map((part) => part()));
