/** Renders the whole window over a FakeClassTray, wired exactly as src-renderer/main.tsx does. */
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';
import type { ClassTrayChange } from '../../src-main/core/api/classTrayApi';
import type { InvalidateResultView } from '../../src-main/core/accesses/accessView';
import type { Host } from '../../src-renderer/api';
import { openI18n } from '../../src-renderer/i18n';
import { localeOf } from '../../src-shared/locale';
import { connectStore } from '../../src-renderer/store/classTrayStore';
import { ClassTrayWindow } from '../../src-renderer/views/app';
import { loadLater } from '../../src-renderer/views/later';
import { FakeClassTray } from '../support/fakeClassTray';

export async function renderApp(
  fake: FakeClassTray = new FakeClassTray(),
  options: { host?: Host } = {},
) {
  const { store, disconnect } = await connectStore(fake);
  const i18n = await openI18n(localeOf(store.getState().preferences.language, navigator.language));
  // What the window loads once it has painted (the settings…), there as it is by the time a
  // teacher opens it (test/renderer/later.test.tsx opens a part before).
  await loadLater();
  const user = userEvent.setup();
  const view = render(
    <ClassTrayWindow
      store={store}
      api={fake.forWindow()}
      host={options.host ?? 'preview'}
      i18n={i18n}
    />,
  );
  const push = (...changes: ClassTrayChange[]) =>
    act(async () => {
      fake.push(...changes);
    });
  return { ...view, store, fake, user, push, disconnect };
}

/**
 * Opens the access cards, folded to their summary line above the device list, as the teacher
 * does; a click event, so it works under fake timers too. Nothing happens when they are open.
 */
export function openAccessCards(): void {
  const toggle = screen.getByRole('button', { name: /^Temporal accesses/ });
  if (toggle.getAttribute('aria-expanded') === 'false') fireEvent.click(toggle);
}

/** The device row (list item) whose `.device-name` is exactly `name`. */
export function rowOf(name: string): HTMLElement {
  const row = screen
    .getAllByRole('listitem')
    .find((item) => item.querySelector('.device-name')?.textContent === name);
  if (!row) throw new Error(`no row for ${name}`);
  return row;
}

/**
 * The service's answer to an End access at 10:42:18 on 5 January 2026, local time: the session
 * ends 12 s later, at 10:42:30. Built when called, in the time zone the test runs in.
 */
export const invalidatedAt10h42m18s = (): InvalidateResultView => ({
  kind: 'invalidated',
  sessionExpiresAt: new Date(2026, 0, 5, 10, 42, 30).toISOString(),
  learnedAt: new Date(2026, 0, 5, 10, 42, 18).toISOString(),
  warnNo2fa: false,
});

/** Gives the button named `name` the focus and presses Enter, as a keyboard user does. */
export async function pressWithEnter(user: UserEvent, name: string): Promise<HTMLElement> {
  const button = screen.getByRole('button', { name });
  act(() => button.focus());
  await user.keyboard('{Enter}');
  return button;
}

/**
 * The focus is still on the button while its action runs, and the button enabled: Chromium moves
 * the focus to the page body off a disabled button (happy-dom does not). With `finish`, the
 * action then ends, and the focus is still there.
 */
export async function expectFocusKeptOn(
  button: HTMLElement,
  finish?: () => Promise<unknown>,
): Promise<void> {
  expect((button as HTMLButtonElement).disabled).toBe(false);
  expect(document.activeElement).toBe(button);
  if (finish === undefined) return;
  await finish();
  expect(document.activeElement).toBe(button);
}
