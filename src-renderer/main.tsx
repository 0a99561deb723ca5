import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { connectToHost } from './api';
import { localeOf } from '../src-shared/locale';
import { failureShown } from '../src-shared/refusal';
import { createI18n } from './i18n';
import { connectStore } from './store/classTrayStore';
import { ClassTrayWindow } from './views/app';
import { failureSentence } from './views/forms/failureSentence';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element.');
const root = createRoot(container);
const { api, host } = connectToHost();

connectStore(api).then(
  ({ store }) => {
    const i18n = createI18n(localeOf(store.getState().preferences.language, navigator.language));
    root.render(
      <StrictMode>
        <ClassTrayWindow store={store} api={api} host={host} i18n={i18n} />
      </StrictMode>,
    );
  },
  (error: unknown) => {
    const i18n = createI18n(localeOf('system', navigator.language));
    const message = failureSentence(i18n.t, failureShown(error));
    root.render(<p className="start-failed">{i18n.t('app.startFailed', { message })}</p>);
  },
);
