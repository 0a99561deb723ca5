/**
 * The device a row's "Add access" asks the access form to fill in: the form picks it up and
 * takes the focus. `asked` counts the clicks, so asking again for the same device is news too.
 */
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';

interface AccessDraft {
  remoteId: string | null;
  asked: number;
}

const accessDraft = createStore<AccessDraft>()(() => ({ remoteId: null, asked: 0 }));

export const askAccessFor = (remoteId: string): void =>
  accessDraft.setState((draft) => ({ remoteId, asked: draft.asked + 1 }));

export const useAccessDraft = (): AccessDraft => useStore(accessDraft);
