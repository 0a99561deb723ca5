/**
 * The device a row's "Add access" asks the access form to fill in: the form picks it up and
 * takes the focus. `asked` counts the clicks, so asking again for the same device is news too;
 * `opener` is the button that asked, which gets the focus back when the form is cancelled, and
 * `row` its device's row, which stays when the button gives way to another (the access added on
 * it turned Add access into End access).
 */
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';

interface AccessDraft {
  remoteId: string | null;
  asked: number;
  opener: HTMLElement | null;
  row: HTMLElement | null;
}

const accessDraft = createStore<AccessDraft>()(() => ({
  remoteId: null,
  asked: 0,
  opener: null,
  row: null,
}));

export const askAccessFor = (remoteId: string, opener: HTMLElement): void =>
  accessDraft.setState((draft) => ({
    remoteId,
    asked: draft.asked + 1,
    opener,
    row: opener.closest<HTMLElement>('[role="listitem"]'),
  }));

/** The form closed: nothing is asked any more, so no row gets the focus back later. */
export const clearAccessDraft = (): void =>
  accessDraft.setState({ remoteId: null, opener: null, row: null });

export const useAccessDraft = (): AccessDraft => useStore(accessDraft);

/**
 * Where the focus goes back to when the form a row opened closes: the button that opened it, or,
 * when that gave way, the row's access button (End access now) or the row itself; null when the
 * row left the list too.
 */
export function focusBackTarget(draft: Pick<AccessDraft, 'opener' | 'row'>): HTMLElement | null {
  if (draft.opener?.isConnected) return draft.opener;
  const row = draft.row;
  if (!row?.isConnected) return null;
  return row.querySelector<HTMLElement>('.row-access button') ?? row;
}
