// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AccessState, TrackedAccessView } from '../../../src-main/core/accesses/accessView';
import { classTrayState, trackedAccess } from '../../support/classTrayState';
import { FakeClassTray } from '../../support/fakeClassTray';
import { openAccessCards, renderApp, rowOf } from '../renderApp';

// The window's clock stands at a fixed instant (only Date is faked, so user-event still runs): a
// session "ending in 24 s" is measured from it, not from a wall clock a loaded machine lets slip.
beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-01-07T09:00:00Z'), toFake: ['Date'] });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const now = () => new Date().toISOString();
const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

/** Every state the core records, with what each place must say and offer for it. */
const STATES: [name: string, state: () => AccessState, label: string, endable: boolean][] = [
  ['given', () => ({ kind: 'given' }), 'Given', true],
  [
    'invalidated, its session still running',
    () => ({ kind: 'invalidated', sessionExpiresAt: inMinutes(0.4), learnedAt: now() }),
    'Ends ',
    false,
  ],
  [
    'invalidated, its session over',
    () => ({ kind: 'invalidated', sessionExpiresAt: inMinutes(-0.2), learnedAt: now() }),
    'Ended',
    false,
  ],
  [
    'already ended (422)',
    () => ({ kind: 'already-ended', learnedAt: now() }),
    'Already ended or expired',
    false,
  ],
  ['unknown (404)', () => ({ kind: 'unknown', learnedAt: now() }), 'Unknown to the service', false],
  [
    'not ended, worth retrying',
    () => ({ kind: 'failed', problem: { kind: 'network', detail: 'down' }, learnedAt: now() }),
    'Not ended, try again: the service could not be reached.',
    true,
  ],
  [
    'not ended, retrying cannot help',
    () => ({ kind: 'failed', problem: { kind: 'bad-request', detail: '400' }, learnedAt: now() }),
    'Not ended: ',
    true,
  ],
];

const lab = (access: TrackedAccessView, compactView = false) =>
  new FakeClassTray(classTrayState({ temporalAccesses: [access], preferences: { compactView } }));

/** What the device row says and offers. */
function rowSays() {
  const row = rowOf('LAB-PC01');
  return {
    // A failed end says "Not ended" on the row; its button's name says why.
    label:
      row.querySelector('.row-access-state > .why')?.getAttribute('aria-label') ??
      row.querySelector('.row-access-state')?.textContent,
    endable: within(row).queryByRole('button', { name: 'End access on LAB-PC01' }) !== null,
    addable: within(row).queryByRole('button', { name: 'Add access for LAB-PC01' }) !== null,
  };
}

/** What the access's card says and offers. */
function cardSays() {
  openAccessCards();
  const card = screen.getByRole('list', { name: 'In this classroom' });
  return {
    label: card.querySelector('.access-state')?.textContent,
    endable: within(card).queryByRole('button', { name: 'End access' }) !== null,
  };
}

/** What the compact tile says (to screen readers) and offers. */
function tileSays() {
  const tile = screen.getByTitle(/^LAB-PC01, Online/).closest<HTMLElement>('[role="listitem"]');
  if (tile === null) throw new Error('no tile for LAB-PC01');
  return {
    label: within(tile).getByRole('status').textContent,
    endable: tile.querySelector('.tile-end') !== null,
  };
}

describe('one state, said alike by row, card and tile', () => {
  it.each(STATES)('%s', async (_, state, label, endable) => {
    const access = trackedAccess({ studentName: 'Ana', state: state() });
    await renderApp(lab(access));
    const row = rowSays();
    const card = cardSays();
    const endAll = screen.queryByRole('button', { name: 'End all accesses in this classroom' });
    cleanup();
    await renderApp(lab(access, true));
    const tile = tileSays();

    expect(row.label?.startsWith(label)).toBe(true);
    expect([card.label, tile.label]).toEqual([row.label, row.label]);
    expect([row.endable, card.endable, tile.endable]).toEqual([endable, endable, endable]);
    // Running (End all reaches it) exactly when End access is offered.
    expect(endAll !== null).toBe(endable);
    // An access that is over leaves its device free for the next student.
    expect(row.addable).toBe(!endable);
  });
});

describe('Add access after an access ended', () => {
  it.each(STATES.filter(([, , , endable]) => !endable))(
    'is offered on the row when %s, and the new access takes the row',
    async (_, state) => {
      const ended = trackedAccess({ studentName: 'Ana', state: state() });
      const { user, push } = await renderApp(lab(ended));
      await user.click(
        within(rowOf('LAB-PC01')).getByRole('button', { name: 'Add access for LAB-PC01' }),
      );
      expect(screen.getByLabelText<HTMLSelectElement>('Device').value).toBe('100000001');

      const next = trackedAccess({
        token: '66666666-6666-4666-8666-666666666666',
        studentName: 'Luis',
      });
      await push({ type: 'temporal-accesses', temporalAccesses: [next, ended] });
      const row = rowOf('LAB-PC01');
      expect(within(row).getByText('Luis')).toBeTruthy();
      expect(within(row).getByText('Given')).toBeTruthy();
      expect(within(row).queryByText('Ana')).toBeNull();
      // The ended one leaves the cards in view for Ended today.
      const endedToday = screen.getByText('Ended today').closest('details');
      expect(
        within(endedToday as HTMLElement).getByText('Ana', { selector: '.access-student-name' }),
      ).toBeTruthy();
    },
  );
});
