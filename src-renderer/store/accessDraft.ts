/**
 * The device a row's "Add access" asks the access form to fill in: the form picks it up and
 * takes the focus. `asked` counts the clicks, so asking again for the same device is news too;
 * `opener` is the button that asked, which gets the focus back when the form is cancelled.
 */
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';

interface AccessDraft {
  remoteId: string | null;
  asked: number;
  opener: HTMLElement | null;
}

const accessDraft = createStore<AccessDraft>()(() => ({
  remoteId: null,
  asked: 0,
  opener: null,
}));

export const askAccessFor = (remoteId: string, opener: HTMLElement): void =>
  accessDraft.setState((draft) => ({ remoteId, asked: draft.asked + 1, opener }));

export const useAccessDraft = (): AccessDraft => useStore(accessDraft);
