import type { i18n as I18n } from 'i18next';
import { Suspense, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import type { RendererApi } from '../api/types';
import type { Host } from '../api';
import { localeOf } from '../../src-shared/locale';
import { directionOf } from '../../src-shared/i18n/languages';
import { loadLanguage } from '../i18n';
import { rememberLocale } from '../i18n/lastShown';
import type { ClassTrayStore } from '../store/classTrayStore';
import { ClassTrayProvider, useClassTray } from '../store/context';
import { ConnectionBanner } from './header/connectionBanner';
import { ChangeAnnouncer } from './devices/deviceActivity';
import { DemoNotice, demoNoticeShown } from './header/demoNotice';
import { HomeNote } from './header/homeNote';
import { useWindowKeys } from './keys';
import { DeviceList } from './devices/deviceList';
import { Header } from './header/header';
import { ScheduledEndReports } from './accesses/scheduledEndReports';
import { TemporalAccesses } from './accesses/temporalAccesses';
import { ReadinessNotice } from './readiness/readinessNotice';
import type { ReadinessShown } from './readiness/readinessPanel';
import { later, loadLater } from './later';

/** Loaded after the window's first paint (see ./later). */
const SettingsPanel = later(() =>
  import('./settings/settingsPanel').then((module) => module.SettingsPanel),
);
const ReadinessPanel = later(() =>
  import('./readiness/readinessPanel').then((module) => module.ReadinessPanel),
);

/** The classroom window with everything it needs around it. */
export function ClassTrayWindow(props: {
  store: ClassTrayStore;
  api: RendererApi;
  host: Host;
  i18n: I18n;
}) {
  return (
    <I18nextProvider i18n={props.i18n}>
      <ClassTrayProvider store={props.store} api={props.api} host={props.host}>
        <App />
      </ClassTrayProvider>
    </I18nextProvider>
  );
}

function App() {
  const [settingsOpen, setSettingsOpen] = useState(false);
  // A timetable place whose question Settings opens at (the header's unmapped lesson).
  const [askedPlace, setAskedPlace] = useState<string | null>(null);
  const [fixClassroomAsked, setFixClassroomAsked] = useState(0);
  // The readiness shown instead of the devices (the open room's, or the next lesson's room's).
  const [readiness, setReadiness] = useState<ReadinessShown | null>(null);
  const [noticeDismissed, setNoticeDismissed] = useState<string | null>(null);
  const settingsButton = useRef<HTMLButtonElement>(null);
  const demoNotice = useClassTray((data) => demoNoticeShown(data, settingsOpen));
  useLanguage();
  useWindowKeys();

  const openSettings = useCallback(() => {
    setReadiness(null);
    setSettingsOpen(true);
  }, []);
  const openReadiness = useCallback((shown: ReadinessShown) => {
    setSettingsOpen(false);
    setReadiness(shown);
  }, []);
  const closeReadiness = useCallback(() => {
    setReadiness(null);
    document.querySelector<HTMLElement>('.readiness-button')?.focus();
  }, []);
  const askPlace = useCallback((place: string) => {
    setAskedPlace(place);
    setSettingsOpen(true);
  }, []);
  const focusSearch = useCallback(
    () => document.querySelector<HTMLElement>('.device-toolbar input[type="search"]')?.focus(),
    [],
  );
  const closeSettings = useCallback(() => {
    setSettingsOpen(false);
    setAskedPlace(null);
    settingsButton.current?.focus();
  }, []);

  // Called by the panel once it is shown (its chunk may come in after it was opened), and again
  // when the header asks for another place while it is open.
  const focusSettings = useCallback(() => {
    const question = [
      ...document.querySelectorAll<HTMLElement>('#settings [data-place-question]'),
    ].find((element) => element.dataset.placeQuestion === askedPlace);
    (question ?? document.querySelector<HTMLElement>('#settings [data-autofocus]'))?.focus();
    question?.scrollIntoView({ block: 'nearest' });
  }, [askedPlace]);

  // What the first paint does not show, asked for once it is painted.
  useEffect(() => afterFirstPaint(loadLater), []);

  useEffect(() => {
    if (!settingsOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) closeSettings();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [settingsOpen, closeSettings]);

  useEffect(() => {
    if (readiness === null) return;
    document.querySelector<HTMLElement>('#readiness [data-autofocus]')?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) closeReadiness();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [readiness, closeReadiness]);

  return (
    <div className="app">
      <Header
        settingsOpen={settingsOpen}
        settingsButton={settingsButton}
        onToggleSettings={settingsOpen ? closeSettings : openSettings}
        fixClassroomAsked={fixClassroomAsked}
        onAskPlace={askPlace}
        readinessOpen={readiness === 'open'}
        onToggleReadiness={readiness === 'open' ? closeReadiness : () => openReadiness('open')}
      />
      {/* Everything below the header is the main landmark, notices and settings included. */}
      <main className="main">
        <HomeNote />
        {demoNotice && <DemoNotice onConnect={openSettings} onDismissed={focusSearch} />}
        <ConnectionBanner
          onOpenSettings={openSettings}
          onFixClassroom={() => setFixClassroomAsked((asked) => asked + 1)}
          onClosed={focusSearch}
        />
        <ReadinessNotice
          dismissed={noticeDismissed}
          onDismiss={setNoticeDismissed}
          onShow={() => openReadiness('lesson')}
        />
        <ChangeAnnouncer />
        <ScheduledEndReports />
        {settingsOpen && (
          <Suspense fallback={null}>
            <SettingsPanel onClose={closeSettings} onShown={focusSettings} />
          </Suspense>
        )}
        {readiness !== null && !settingsOpen && (
          <Suspense fallback={null}>
            <ReadinessPanel shown={readiness} onClose={closeReadiness} />
          </Suspense>
        )}
        {/* Hidden rather than unmounted, so the search, filter and scroll survive a look at settings. */}
        <div className="classroom-view" hidden={settingsOpen || readiness !== null}>
          <TemporalAccesses />
          <DeviceList />
        </div>
      </main>
    </div>
  );
}

/** Runs `task` once the window has painted its next frame; the returned function cancels it. */
function afterFirstPaint(task: () => unknown): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    // A task after the frame's own: the paint comes between.
    timer = setTimeout(task);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/**
 * Follows the language preference live: its sentences loaded first (once; a chunk of their own),
 * then shown. A newer choice made meanwhile wins; sentences that cannot be loaded (logged) leave
 * the window as it is.
 */
function useLanguage(): void {
  const { i18n } = useTranslation();
  const language = useClassTray((data) => data.preferences.language);
  const locale = localeOf(language, navigator.language);
  useEffect(() => {
    let current = true;
    const show = () => {
      if (current && i18n.language !== locale) void i18n.changeLanguage(locale);
    };
    if (i18n.hasResourceBundle(locale, 'translation')) show();
    else loadLanguage(i18n, locale).then(show, (error: unknown) => console.error(error));
    return () => {
      current = false;
    };
  }, [locale, i18n]);
  // The page's language and direction change in the commit that renders its words: nothing
  // reads or lays out one language's words under another's (a screen reader, an audit, a key).
  const rendered = i18n.language;
  useLayoutEffect(() => {
    if (rendered !== locale) return;
    document.documentElement.lang = locale;
    document.documentElement.dir = directionOf(locale);
    rememberLocale(locale);
  }, [rendered, locale]);
}
