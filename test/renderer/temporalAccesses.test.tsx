// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type {
  AddAccessResult,
  InvalidateResultView,
  TrackedAccessView,
} from '../../src-main/core/classTrayApi';
import { deferred, FakeClassTray } from '../support/fakeClassTray';
import { classTrayState, trackedAccess } from '../support/classTrayState';
import { STOP_UNDO_MS } from '../../src-renderer/views/temporalAccessItem';
import { invalidatedAt10h42m18s, openAccessCards, renderApp as renderWindow } from './renderApp';

/** The window with its access cards open, as the teacher opens them from the summary line. */
async function renderApp(...args: Parameters<typeof renderWindow>) {
  const app = await renderWindow(...args);
  openAccessCards();
  return app;
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const tracking = (...accesses: TrackedAccessView[]) =>
  new FakeClassTray(classTrayState({ temporalAccesses: accesses }));

describe('adding a temporal access', () => {
  it.each([
    ['empty', 'Paste a temporal access link or token first.'],
    ['no-token', 'No temporal access token found in that text.'],
    ['several-tokens', 'That text holds more than one token. Paste just one.'],
    ['already-tracked', 'That temporal access is already in the list.'],
  ] as const)('explains the %s problem in words', async (problem, words) => {
    const fake = tracking();
    fake.addTemporalAccess.mockResolvedValueOnce({ ok: false, problem });
    const { user } = await renderApp(fake);
    await user.type(screen.getByLabelText('Temporal access link or token'), 'pasted{Enter}');
    expect(screen.getByRole('alert').textContent).toBe(words);
  });

  it('sends the pasted text on Enter and clears the box', async () => {
    const fake = tracking();
    const { user } = await renderApp(fake);
    const input = screen.getByLabelText('Temporal access link or token');
    await user.type(input, 'https://remote.example.edu/t/3f2c1a4e{Enter}');
    expect(fake.addTemporalAccess).toHaveBeenCalledWith({
      linkOrToken: 'https://remote.example.edu/t/3f2c1a4e',
    });
    expect((input as HTMLInputElement).value).toBe('');
  });

  it('keeps the keyboard focus in the box while the access is added', async () => {
    const fake = tracking();
    let finish: (result: AddAccessResult) => void = () => undefined;
    fake.addTemporalAccess.mockReturnValueOnce(new Promise((resolve) => (finish = resolve)));
    const { user } = await renderApp(fake);
    const input = screen.getByLabelText('Temporal access link or token');
    await user.type(input, 'https://remote.example.edu/t/3f2c1a4e{Enter}');
    // Chromium moves the focus to the page body when a focused control is disabled (happy-dom
    // does not), so the box must stay enabled: read-only and busy, and a second Enter waits.
    expect((input as HTMLInputElement).disabled).toBe(false);
    expect((input as HTMLInputElement).readOnly).toBe(true);
    expect(input.getAttribute('aria-busy')).toBe('true');
    await user.keyboard('{Enter}');
    expect(fake.addTemporalAccess).toHaveBeenCalledTimes(1);
    expect(document.activeElement).toBe(input);
    await act(async () => finish({ ok: true, access: trackedAccess() }));
    expect(document.activeElement).toBe(input);
    await user.keyboard('next{Enter}');
    expect(fake.addTemporalAccess).toHaveBeenLastCalledWith({ linkOrToken: 'next' });
  });
});

describe('invalidating', () => {
  it('shows when the access ends as a clock time, with a countdown that ticks', async () => {
    const fake = tracking(trackedAccess());
    fake.invalidateTemporalAccess.mockResolvedValueOnce(invalidatedAt10h42m18s());
    await renderApp(fake);
    vi.useFakeTimers({ now: new Date(2026, 0, 5, 10, 42, 18) });

    // user-event waits on timers between steps, so with fake ones the click is a plain event.
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Invalidate' }));
    });
    expect(screen.getByText('Invalidated: ends at 10:42:30 (in 12 s)')).toBeTruthy();

    await act(async () => {
      vi.advanceTimersByTime(5_000);
    });
    expect(screen.getByText('Invalidated: ends at 10:42:30 (in 7 s)')).toBeTruthy();

    await act(async () => {
      vi.advanceTimersByTime(7_000);
    });
    expect(screen.getByText('Invalidated: ended at 10:42:30')).toBeTruthy();
  });

  it('invalidates with one click on the access token', async () => {
    const fake = tracking(trackedAccess());
    const { user } = await renderApp(fake);
    await user.click(screen.getByRole('button', { name: 'Invalidate' }));
    expect(fake.invalidateTemporalAccess).toHaveBeenCalledExactlyOnceWith({
      token: '3f2c1a4e-8b7d-4c6e-9a1b-2d3e4f5a6b7c',
    });
  });

  it('says when the access had already ended', async () => {
    const fake = tracking(trackedAccess());
    fake.invalidateTemporalAccess.mockResolvedValue({ kind: 'already-ended', warnNo2fa: false });
    const { user } = await renderApp(fake);
    await user.click(screen.getByRole('button', { name: 'Invalidate' }));
    expect(screen.getByText('Already invalidated or expired')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Invalidate' })).toBeNull();
  });

  it('explains a failure and retries it', async () => {
    const fake = tracking(trackedAccess());
    fake.invalidateTemporalAccess.mockResolvedValue({ kind: 'already-ended', warnNo2fa: false });
    fake.invalidateTemporalAccess.mockResolvedValueOnce({
      kind: 'failed',
      problem: { kind: 'network', detail: 'connect ECONNREFUSED' },
    });
    const { user } = await renderApp(fake);

    await user.click(screen.getByRole('button', { name: 'Invalidate' }));
    expect(screen.getByRole('alert').textContent).toBe(
      'Could not invalidate: the service could not be reached.',
    );

    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(fake.invalidateTemporalAccess).toHaveBeenCalledTimes(2);
    expect(screen.getByText('Already invalidated or expired')).toBeTruthy();
  });

  it('shows the outcome the core remembers from an earlier click', async () => {
    await renderApp(
      tracking(
        trackedAccess({
          lastOutcome: { kind: 'already-ended', learnedAt: '2026-01-05T09:10:00.000Z' },
        }),
      ),
    );
    expect(screen.getByText('Already invalidated or expired')).toBeTruthy();
  });
});

describe('invalidating while it runs', () => {
  const pressInvalidate = async () => {
    const fake = tracking(trackedAccess());
    const running = deferred<InvalidateResultView>();
    fake.invalidateTemporalAccess.mockReturnValueOnce(running.promise);
    const app = await renderApp(fake);
    const button = screen.getByRole('button', { name: 'Invalidate' });
    act(() => button.focus());
    await app.user.keyboard('{Enter}');
    const finish = () =>
      act(async () => running.resolve({ kind: 'already-ended', warnNo2fa: false }));
    return { ...app, button, finish };
  };

  it('keeps the keyboard focus on the button, which says it is invalidating', async () => {
    const { button } = await pressInvalidate();
    // Chromium would move the focus to the page body if the focused button were disabled.
    expect((button as HTMLButtonElement).disabled).toBe(false);
    expect(document.activeElement).toBe(button);
    expect(button.textContent).toBe('Invalidating…');
  });

  it('invalidates once for two presses', async () => {
    const { user, fake, finish } = await pressInvalidate();
    await user.keyboard('{Enter}');
    await finish();
    expect(fake.invalidateTemporalAccess).toHaveBeenCalledOnce();
    expect(screen.getByText('Already invalidated or expired')).toBeTruthy();
  });

  it('announces Invalidate as unavailable while it runs', async () => {
    const { button } = await pressInvalidate();
    expect(button.getAttribute('aria-disabled')).toBe('true');
  });

  it('retries once for two presses of Retry', async () => {
    const fake = tracking(trackedAccess());
    fake.invalidateTemporalAccess.mockResolvedValue({ kind: 'already-ended', warnNo2fa: false });
    fake.invalidateTemporalAccess.mockResolvedValueOnce({
      kind: 'failed',
      problem: { kind: 'network', detail: 'connect ECONNREFUSED' },
    });
    const retrying = deferred<InvalidateResultView>();
    fake.invalidateTemporalAccess.mockReturnValueOnce(retrying.promise);
    const { user } = await renderApp(fake);
    await user.click(screen.getByRole('button', { name: 'Invalidate' }));
    const retry = screen.getByRole('button', { name: 'Retry' });
    await user.dblClick(retry);
    expect(fake.invalidateTemporalAccess).toHaveBeenCalledTimes(2);
    expect(retry.getAttribute('aria-disabled')).toBe('true');
    await act(async () => retrying.resolve({ kind: 'already-ended', warnNo2fa: false }));
    expect(screen.getByText('Already invalidated or expired')).toBeTruthy();
  });
});

describe('tracked accesses', () => {
  it('warns about an access on a device without 2FA', async () => {
    await renderApp(tracking(trackedAccess({ warnNo2fa: true })));
    expect(
      screen.getByText('This device has no 2FA: the service cannot end this access automatically'),
    ).toBeTruthy();
  });

  it('names an access by its label, then its device', async () => {
    await renderApp(
      tracking(
        trackedAccess({ label: 'Maria, project work' }),
        trackedAccess({ token: '9a8b7c6d-1234-4abc-8def-001122334455', deviceAlias: 'LAB-PC07' }),
      ),
    );
    expect(screen.getByText('Maria, project work')).toBeTruthy();
    expect(screen.getByText('LAB-PC07')).toBeTruthy();
  });

  it('stops tracking only after a few seconds for an Undo, saying the access keeps running', async () => {
    const fake = tracking(trackedAccess());
    await renderApp(fake);
    vi.useFakeTimers();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Stop tracking' }));
    });
    const notice = 'No longer tracking LAB-PC01. The access keeps running on the service.';
    expect(screen.getByText(notice).getAttribute('role')).toBe('status');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Undo' }));
    await act(async () => {
      vi.advanceTimersByTime(STOP_UNDO_MS - 1);
    });
    expect(fake.removeTemporalAccess).not.toHaveBeenCalled();
    await act(async () => {
      vi.advanceTimersByTime(1);
    });
    expect(fake.removeTemporalAccess).toHaveBeenCalledExactlyOnceWith({
      token: '3f2c1a4e-8b7d-4c6e-9a1b-2d3e4f5a6b7c',
    });
  });

  it('keeps tracking when undone, and gives the focus back', async () => {
    const fake = tracking(trackedAccess());
    await renderApp(fake);
    vi.useFakeTimers();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Stop tracking' }));
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    });
    await act(async () => {
      vi.advanceTimersByTime(STOP_UNDO_MS * 2);
    });
    expect(fake.removeTemporalAccess).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Stop tracking' }));
  });

  it('does not say an ended access keeps running', async () => {
    const ended = { kind: 'already-ended' as const, learnedAt: new Date().toISOString() };
    await renderApp(tracking(trackedAccess({ lastOutcome: ended })));
    vi.useFakeTimers();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Stop tracking' }));
    });
    expect(screen.getByText('No longer tracking LAB-PC01.').getAttribute('role')).toBe('status');
  });

  it('shows a removal that failed in words, with the access still listed', async () => {
    const fake = tracking(trackedAccess());
    fake.removeTemporalAccess.mockRejectedValueOnce(new Error('The core is busy.'));
    await renderApp(fake);
    vi.useFakeTimers();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Stop tracking' }));
    });
    await act(async () => {
      vi.advanceTimersByTime(STOP_UNDO_MS);
    });
    expect(screen.getByRole('alert').textContent).toBe('That did not work: The core is busy.');
    expect(screen.getByRole('button', { name: 'Stop tracking' })).toBeTruthy();
  });

  it('folds accesses ended over a minute ago into Ended today', async () => {
    const longAgo = new Date(Date.now() - 10 * 60_000).toISOString();
    await renderApp(
      tracking(
        trackedAccess({ lastOutcome: { kind: 'already-ended', learnedAt: longAgo } }),
        trackedAccess({
          token: '9a8b7c6d-1234-4abc-8def-001122334455',
          deviceAlias: 'LAB-PC07',
          lastOutcome: { kind: 'already-ended', learnedAt: new Date().toISOString() },
        }),
      ),
    );
    const folded = screen.getByText('Ended today').closest('details');
    expect(folded?.open).toBe(false);
    expect(within(folded as HTMLElement).getByText('LAB-PC01')).toBeTruthy();
    // Just ended: still in view, so the teacher sees how it went.
    const here = screen.getByRole('list', { name: 'In this classroom' });
    expect(within(here).getByText('LAB-PC07')).toBeTruthy();
  });
});
