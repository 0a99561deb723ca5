import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { useStore } from 'zustand';
import type { RendererApi } from '../api/types';
import type { Host } from '../api';
import type { ClassTrayData, ClassTrayStore } from './classTrayStore';

interface ClassTrayContextValue {
  store: ClassTrayStore;
  api: RendererApi;
  host: Host;
}

const ClassTrayContext = createContext<ClassTrayContextValue | null>(null);

export function ClassTrayProvider(props: ClassTrayContextValue & { children: ReactNode }) {
  const { store, api, host, children } = props;
  const value = useMemo(() => ({ store, api, host }), [store, api, host]);
  return <ClassTrayContext value={value}>{children}</ClassTrayContext>;
}

function useClassTrayContext(): ClassTrayContextValue {
  const context = useContext(ClassTrayContext);
  if (!context) throw new Error('ClassTray views need a ClassTrayProvider above them.');
  return context;
}

/** A slice of the state; the component re-renders only when the selected value changes. */
export function useClassTray<T>(selector: (data: ClassTrayData) => T): T {
  return useStore(useClassTrayContext().store, selector);
}

/** The store itself, for reading the state in an event handler without subscribing to it. */
export const useClassTrayStore = (): ClassTrayStore => useClassTrayContext().store;
export const useApi = (): RendererApi => useClassTrayContext().api;
export const useHost = (): Host => useClassTrayContext().host;
