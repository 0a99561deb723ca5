/** Renders the whole window over a FakeClassTray, wired exactly as src-renderer/main.tsx does. */
import { act, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ClassTrayChange } from '../../src-main/core/classTrayApi';
import type { Host } from '../../src-renderer/api';
import { createI18n } from '../../src-renderer/i18n';
import { localeOf } from '../../src-shared/locale';
import { connectStore } from '../../src-renderer/store/classTrayStore';
import { ClassTrayWindow } from '../../src-renderer/views/app';
import { FakeClassTray } from '../support/fakeClassTray';

// happy-dom lays nothing out: give the device list's scroll box a window's height so the
// virtualizer has room for rows.
Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
  configurable: true,
  get: () => 600,
});

export async function renderApp(
  fake: FakeClassTray = new FakeClassTray(),
  options: { host?: Host } = {},
) {
  const { store, disconnect } = await connectStore(fake);
  const i18n = createI18n(localeOf(store.getState().preferences.language, navigator.language));
  const user = userEvent.setup();
  const view = render(
    <ClassTrayWindow store={store} api={fake} host={options.host ?? 'preview'} i18n={i18n} />,
  );
  const push = (...changes: ClassTrayChange[]) =>
    act(async () => {
      fake.push(...changes);
    });
  return { ...view, store, fake, user, push, disconnect };
}
