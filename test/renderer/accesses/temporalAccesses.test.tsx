// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type {
  AddAccessResult,
  InvalidateResultView,
  TrackedAccessView,
} from '../../../src-main/core/accesses/accessView';
import { isolated } from '../../../src-renderer/views/bidi';
import { deferred, FakeClassTray } from '../../support/fakeClassTray';
import { classTrayState, endAnswer, failedEnd, trackedAccess } from '../../support/classTrayState';
import { STOP_UNDO_MS } from '../../../src-renderer/views/accesses/temporalAccessItem';
import {
  expectFocusKeptOn,
  invalidatedAt10h42m18s,
  openAccessCards,
  pressWithEnter,
  renderApp as renderWindow,
} from '../renderApp';

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

  it('keeps the keyboard focus in the box while the access is added, then moves it to the card', async () => {
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
    const added = trackedAccess({ studentName: 'Valentina' });
    await act(async () => {
      finish({ ok: true, access: added });
      fake.push({ type: 'temporal-accesses', temporalAccesses: [added] });
    });
    expect(document.activeElement).toBe(cardTitle('LAB-PC01'));
    expect((input as HTMLInputElement).value).toBe('');
  });

  // Folded, the cards showed only "1 running": the access was out of sight until unfolded.
  it.each([
    ['before', true],
    ['after', false],
  ])(
    'keeps the cards open on an access added through the link box, its card pushed %s the answer',
    async (_when, pushedFirst) => {
      const fake = tracking();
      const added = trackedAccess({ studentName: 'Valentina' });
      const push = () => fake.push({ type: 'temporal-accesses', temporalAccesses: [added] });
      fake.addTemporalAccess.mockImplementationOnce(async () => {
        if (pushedFirst) push();
        return { ok: true, access: added };
      });
      const { user } = await renderApp(fake);
      const search = () => screen.getByRole('searchbox', { name: 'Find a device' });
      await user.type(search(), 'LAB-PC01');
      await user.type(
        screen.getByLabelText('Temporal access link or token'),
        'https://remote.example.edu/t/3f2c1a4e{Enter}',
      );
      if (!pushedFirst) await act(async () => push());
      // The form is empty for the next access, its device search too.
      expect((search() as HTMLInputElement).value).toBe('');
      const toggle = screen.getByRole('button', { name: /^Temporal accesses/ });
      expect(toggle.getAttribute('aria-expanded')).toBe('true');
      const card = cardTitle('LAB-PC01');
      expect(document.activeElement).toBe(card);
      expect(card.textContent).toContain('Valentina');
      // Its End access is in reach, and nothing else moves the focus later.
      expect(within(cards()).getByRole('button', { name: 'End access' })).toBeTruthy();
      await act(async () => fake.push({ type: 'temporal-accesses', temporalAccesses: [added] }));
      expect(document.activeElement).toBe(card);
    },
  );
});

/** A card's title (its device, student and token), the card's one focusable text. */
function cardTitle(device: string): HTMLElement {
  const title = [...document.querySelectorAll<HTMLElement>('.access-title')].find(
    (candidate) => candidate.querySelector('.access-device-name')?.textContent === device,
  );
  if (title === undefined) throw new Error(`no card for ${device}`);
  return title;
}

/** The open classroom's access cards. */
const cards = () => screen.getByRole('list', { name: 'In this classroom' });

describe('ending from the card', () => {
  it('says when the access ends as a clock time, then that it ended', async () => {
    const fake = tracking(trackedAccess());
    fake.invalidateTemporalAccess.mockResolvedValueOnce(invalidatedAt10h42m18s());
    await renderApp(fake);
    vi.useFakeTimers({ now: new Date(2026, 0, 5, 10, 42, 18) });

    // user-event waits on timers between steps, so with fake ones the click is a plain event.
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'End access' }));
    });
    // The window's clock was read before the fake one began: the card may fold already.
    const cardState = () => document.querySelector('.access .access-state')?.textContent;
    expect(cardState()).toBe(`Ends ${isolated('10:42:30')}`);

    await act(async () => {
      vi.advanceTimersByTime(12_000);
    });
    expect(cardState()).toBe('Ended');
  });

  it('ends with one click on End access', async () => {
    const fake = tracking(trackedAccess());
    const { user } = await renderApp(fake);
    await user.click(screen.getByRole('button', { name: 'End access' }));
    expect(fake.invalidateTemporalAccess).toHaveBeenCalledExactlyOnceWith({
      token: '3f2c1a4e-8b7d-4c6e-9a1b-2d3e4f5a6b7c',
    });
  });

  it('says when the access had already ended', async () => {
    const fake = tracking(trackedAccess());
    fake.invalidateTemporalAccess.mockResolvedValue(endAnswer('already-ended'));
    const { user } = await renderApp(fake);
    await user.click(screen.getByRole('button', { name: 'End access' }));
    expect(within(cards()).getByText('Already ended or expired')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'End access' })).toBeNull();
  });

  it('explains a failure and ends it on the next try', async () => {
    const fake = tracking(trackedAccess());
    fake.invalidateTemporalAccess.mockResolvedValue(endAnswer('already-ended'));
    fake.invalidateTemporalAccess.mockResolvedValueOnce(failedEnd('network'));
    const { user } = await renderApp(fake);

    await user.click(screen.getByRole('button', { name: 'End access' }));
    expect(screen.getByRole('alert').textContent).toBe(
      'Not ended, try again: the service could not be reached.',
    );

    await user.click(screen.getByRole('button', { name: 'End access' }));
    expect(fake.invalidateTemporalAccess).toHaveBeenCalledTimes(2);
    expect(within(cards()).getByText('Already ended or expired')).toBeTruthy();
  });

  it('says why a failure that retrying cannot fix happened, without "try again"', async () => {
    const fake = tracking(trackedAccess());
    fake.invalidateTemporalAccess.mockResolvedValueOnce(failedEnd('bad-request', 'HTTP 400'));
    const { user } = await renderApp(fake);
    await user.click(screen.getByRole('button', { name: 'End access' }));
    expect(screen.getByRole('alert').textContent).toMatch(/^Not ended: /);
    expect(screen.getByRole('alert').textContent).not.toMatch(/try again/);
  });

  it('shows the state the core recorded from an earlier click', async () => {
    await renderApp(
      tracking(
        trackedAccess({
          state: { kind: 'already-ended', learnedAt: new Date().toISOString() },
        }),
      ),
    );
    expect(within(cards()).getByText('Already ended or expired')).toBeTruthy();
  });
});

describe('ending while it runs', () => {
  const pressEnd = async () => {
    const fake = tracking(trackedAccess());
    const running = deferred<InvalidateResultView>();
    fake.invalidateTemporalAccess.mockReturnValueOnce(running.promise);
    const app = await renderApp(fake);
    const button = await pressWithEnter(app.user, 'End access');
    const finish = () => act(async () => running.resolve(endAnswer('already-ended')));
    return { ...app, button, finish };
  };

  it('keeps the keyboard focus on the button, which says it is ending', async () => {
    const { button } = await pressEnd();
    await expectFocusKeptOn(button);
    expect(button.textContent).toBe('Ending…');
  });

  it('ends once for two presses, then moves the focus to the state', async () => {
    const { user, fake, finish } = await pressEnd();
    await user.keyboard('{Enter}');
    await finish();
    expect(fake.invalidateTemporalAccess).toHaveBeenCalledOnce();
    const state = within(cards()).getByText('Already ended or expired');
    expect(document.activeElement).toBe(state);
  });

  it('announces End access as unavailable while it runs', async () => {
    const { button } = await pressEnd();
    expect(button.getAttribute('aria-disabled')).toBe('true');
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
        trackedAccess({ studentName: 'Maria, project work' }),
        trackedAccess({ token: '9a8b7c6d-1234-4abc-8def-001122334455', deviceAlias: 'LAB-PC07' }),
      ),
    );
    expect(
      screen.getByText('Maria, project work', { selector: '.access-student-name' }),
    ).toBeTruthy();
    expect(screen.getByText('LAB-PC07')).toBeTruthy();
  });

  /** The window with one access, on fake timers from the click on Stop tracking. */
  const stopTrackingOnFakeTimers = async () => {
    const fake = tracking(trackedAccess());
    await renderApp(fake);
    vi.useFakeTimers();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Stop tracking' }));
    });
    return fake;
  };

  it('stops tracking only after a few seconds for an Undo, saying the access keeps running', async () => {
    const fake = await stopTrackingOnFakeTimers();
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
    const fake = await stopTrackingOnFakeTimers();
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
    await renderApp(tracking(trackedAccess({ state: ended })));
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
    // The window's clock at a fixed instant (only Date faked): "a minute ago" is measured from it.
    vi.useFakeTimers({ now: new Date('2026-01-07T09:00:00Z'), toFake: ['Date'] });
    const longAgo = new Date(Date.now() - 10 * 60_000).toISOString();
    await renderApp(
      tracking(
        trackedAccess({ state: { kind: 'already-ended', learnedAt: longAgo } }),
        trackedAccess({
          token: '9a8b7c6d-1234-4abc-8def-001122334455',
          remoteId: '100000007',
          deviceAlias: 'LAB-PC07',
          state: { kind: 'already-ended', learnedAt: new Date().toISOString() },
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
