// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type {
  AddAccessResult,
  InvalidateResultView,
  TrackedAccessView,
} from '../../src-main/core/classTrayApi';
import { deferred, FakeClassTray } from '../support/fakeClassTray';
import { classTrayState, trackedAccess } from '../support/classTrayState';
import { renderApp } from './renderApp';

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
    fake.invalidateTemporalAccess.mockResolvedValueOnce({
      kind: 'invalidated',
      sessionExpiresAt: new Date(2026, 0, 5, 10, 42, 30).toISOString(),
      secondsUntilEffective: 12,
      warnNo2fa: false,
    });
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

  it('stops tracking an access with its remove button', async () => {
    const fake = tracking(trackedAccess());
    const { user } = await renderApp(fake);
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(fake.removeTemporalAccess).toHaveBeenCalledWith({
      token: '3f2c1a4e-8b7d-4c6e-9a1b-2d3e4f5a6b7c',
    });
  });

  it('removes once for two presses of the remove button, which is unavailable meanwhile', async () => {
    const fake = tracking(trackedAccess());
    const removing = deferred();
    fake.removeTemporalAccess.mockReturnValueOnce(removing.promise);
    const { user } = await renderApp(fake);
    const remove = screen.getByRole('button', { name: 'Remove' });
    await user.dblClick(remove);
    expect(fake.removeTemporalAccess).toHaveBeenCalledOnce();
    expect(remove.getAttribute('aria-disabled')).toBe('true');
    expect(document.activeElement).toBe(remove);
    await act(async () => removing.resolve(undefined));
  });

  it('shows an action that failed in words', async () => {
    const fake = tracking(trackedAccess());
    fake.removeTemporalAccess.mockRejectedValueOnce(new Error('The core is busy.'));
    const { user } = await renderApp(fake);
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(screen.getByRole('alert').textContent).toBe('That did not work: The core is busy.');
  });
});
