// First: the window's language is asked for before anything else runs (see ./i18n/early).
import './i18n/early';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { connectToHost } from './api';
import { directionOf, SOURCE_LOCALE, type Locale } from '../src-shared/i18n/languages';
import { localeOf } from '../src-shared/locale';
import { failureShown } from '../src-shared/refusal';
import { openI18n } from './i18n';
import { connectStore } from './store/classTrayStore';
import { ClassTrayWindow } from './views/app';
import { formatClock } from './views/clock';
import { failureSentence } from './views/forms/failureSentence';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element.');
const root = createRoot(container);
const { api, host } = connectToHost();

/**
 * The formats the window's first render uses, made while its language's chunk comes in rather
 * than in the render: a window's first number and time formats cost it tens of milliseconds
 * (ICU's locale data), the later ones next to nothing.
 */
function prepareFormats(locale: Locale): void {
  (0).toLocaleString(locale);
  formatClock(new Date().toISOString(), locale);
}

connectStore(api).then(
  async ({ store }) => {
    const locale = localeOf(store.getState().preferences.language, navigator.language);
    const opening = openI18n(locale);
    prepareFormats(locale);
    const i18n = await opening;
    root.render(
      <StrictMode>
        <ClassTrayWindow store={store} api={api} host={host} i18n={i18n} />
      </StrictMode>,
    );
  },
  async (error: unknown) => {
    const wanted = localeOf('system', navigator.language);
    const i18n = await openI18n(wanted);
    // The words' language: English when the system's could not be loaded.
    const locale = i18n.hasResourceBundle(wanted, 'translation') ? wanted : SOURCE_LOCALE;
    document.documentElement.lang = locale;
    document.documentElement.dir = directionOf(locale);
    const message = failureSentence(i18n.t, failureShown(error));
    // The page's one landmark and heading (axe), and the host's sentence isolated (FSI...PDI),
    // which may be English in a right-to-left sentence: its full stop stays at its end.
    root.render(
      <main className="start-failed">
        <h1>{i18n.t('app.startFailed', { message: `\u2068${message}\u2069` })}</h1>
      </main>,
    );
  },
);
