// @vitest-environment happy-dom
/**
 * A seat always shows that an access runs on its device: the student's first name while one is
 * kept, a mark when none is (never typed, forgotten at the end of the day, or erased), and its
 * words say the access's state as the docs name it ("given"), never "in use" or "active".
 */
import { cleanup } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { TrackedAccessView } from '../../../src-renderer/api/types';
import { classTrayState, device, trackedAccess } from '../../support/classTrayState';
import { FakeClassTray } from '../../support/fakeClassTray';
import { renderApp } from '../renderApp';

afterEach(cleanup);

/** One device on the only seat of Lab 1, with this access on it. */
async function seatWith(access: Partial<TrackedAccessView>) {
  const pc = device(1, { alias: 'LAB-PC01' });
  await renderApp(
    new FakeClassTray(
      classTrayState({
        devices: [pc],
        preferences: { compactView: true },
        temporalAccesses: [trackedAccess({ remoteId: pc.remoteId, ...access })],
        seatPlan: {
          plan: {
            seatPlan: 1,
            rows: 1,
            columns: 1,
            front: 'top',
            seats: [{ row: 1, column: 1, remoteId: pc.remoteId }],
          },
          source: 'teacher',
        },
      }),
    ),
  );
  const seat = document.querySelector(`[data-remote-id="${pc.remoteId}"]`);
  return {
    shown: seat?.querySelector('.seat-student')?.textContent,
    words: seat?.textContent ?? '',
  };
}

describe('a seat with an access', () => {
  it('shows the first name kept, and says the access was given to that student', async () => {
    const { shown, words } = await seatWith({ studentName: 'Ana Lima' });
    expect(shown).toBe('Ana');
    expect(words).toContain('LAB-PC01, Online, temporal access given to Ana Lima');
  });

  it('shows a mark when no name is kept, and says the access was given', async () => {
    const { shown, words } = await seatWith({ studentName: null });
    expect(shown).toBe('•');
    expect(words).toContain('LAB-PC01, Online, temporal access given');
    expect(words).not.toMatch(/in use|active/i);
  });

  it('shows nothing once the access is over', async () => {
    const { shown, words } = await seatWith({
      studentName: null,
      state: { kind: 'already-ended', learnedAt: '2026-01-05T09:30:00.000Z' },
    });
    expect(shown).toBe('');
    expect(words).not.toContain('temporal access');
  });
});
