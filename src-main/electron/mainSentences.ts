/**
 * The few sentences main itself shows (tray menu, tooltip, notifications, the start failure), from
 * the `tray` and `dataFolder` keys of the window's i18n resources (src-shared/i18n). Pure: the language comes from the settings, or
 * the system locale for 'system'.
 * Adding a tray line or a language: docs/engineering.md, "Where to add…".
 */
import i18next from 'i18next';
import { en } from '../../src-shared/i18n/en';
import { missingIn, resources } from '../../src-shared/i18n/index';
import { LOCALES, SOURCE_LOCALE, type Locale } from '../../src-shared/i18n/languages';
import type { PluralForm } from '../../src-shared/i18n/messages';
import type { DemoClassroomNames } from '../../src-shared/scheduleTarget';

type Tray = (typeof en)['tray'];

/**
 * The tray sentences with nothing to fill in, each a label as it stands: every other is one of
 * the functions below (the compiler reads English's sentences as strings, not their words, so
 * the test of main's sentences checks that none of these has a placeholder).
 */
type PlainKey = Exclude<keyof Tray, keyof Filled | `${string}_${PluralForm}`>;
const plainKeys = (Object.keys(en.tray) as (keyof Tray)[]).filter(
  (key): key is PlainKey => !en.tray[key].includes('{{'),
);

/** The labels with something to fill in: a count, a name, a time. */
interface Filled {
  online: (online: number, total: number) => string;
  wentOffline: (device: string) => string;
  cameBack: (device: string) => string;
  andMore: (count: number) => string;
  /** `at`: an ISO time, shown as hours:minutes in the language's way. */
  nextEnd: (at: string, target: string) => string;
  nextEndRetrying: (at: string, target: string) => string;
  endsTooltip: (at: string) => string;
  endRetryingTooltip: (at: string) => string;
  classroomTarget: (classroom: string) => string;
  accessTarget: (student: string, device: string) => string;
  accessToken: (token: string) => string;
  endRanTitle: (target: string) => string;
  endRanEnded: (count: number) => string;
  endRanLate: (minutes: number) => string;
  /** `at`: the ISO time the end ran, as the computer went to sleep. */
  endRanAtSleep: (at: string) => string;
  endRanFailed: (count: number) => string;
  /** The quit question: `rooms` the rooms' names, as a list in the language. */
  quitRunning: (count: number, rooms: string) => string;
  quitNotEnded: (count: number) => string;
  /** The timetable's line: `at` an ISO time. */
  nowLesson: (room: string, at: string) => string;
  nextLesson: (room: string, at: string) => string;
  /** A lesson's room with devices offline: `at` the lesson's ISO start. */
  readinessNotice: (room: string, at: string, offline: number, total: number) => string;
  dataFolderInUse: (folder: string) => string;
  dataFolderUnwritable: (folder: string) => string;
  /** From the `dataFolder` keys: a data or log folder another user could reach, refused. */
  dataFolderNotPrivate: (folder: string) => string;
  logFolderNotPrivate: (folder: string) => string;
  dataFolderAboveOpen: (folder: string, above: string) => string;
  logFolderAboveOpen: (folder: string, above: string) => string;
  /** A classroom as the window names it (its header's sentences): see roomLabel in trayState. */
  demoClassrooms: DemoClassroomNames;
  roomById: (id: string) => string;
}

export interface Labels extends Record<PlainKey, string>, Filled {}

const i18n = i18next.createInstance();
void i18n.init({
  resources,
  fallbackLng: SOURCE_LOCALE,
  // Menus, tooltips and notifications are plain text: a device called "A&B" stays "A&B".
  interpolation: { escapeValue: false },
  initAsync: false,
  showSupportNotice: false,
});

function labelsIn(locale: Locale): Labels {
  const t = i18n.getFixedT(locale, null, 'tray');
  const header = i18n.getFixedT(locale, null, 'header');
  const dataFolder = i18n.getFixedT(locale, null, 'dataFolder');
  const plain = Object.fromEntries(plainKeys.map((key) => [key, t(key)]));
  // 24-hour, as the window shows times ("10:50").
  const clock = new Intl.DateTimeFormat(locale, {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const time = (at: string): string => clock.format(new Date(at));
  return {
    ...(plain as Record<PlainKey, string>),
    online: (online, total) => t('online', { online: String(online), total: String(total) }),
    wentOffline: (device) => t('wentOffline', { device }),
    cameBack: (device) => t('cameBack', { device }),
    andMore: (count) => t('andMore', { count }),
    nextEnd: (at, target) => t('nextEnd', { time: time(at), target }),
    nextEndRetrying: (at, target) => t('nextEndRetrying', { time: time(at), target }),
    endsTooltip: (at) => t('endsTooltip', { time: time(at) }),
    endRetryingTooltip: (at) => t('endRetryingTooltip', { time: time(at) }),
    classroomTarget: (classroom) => t('classroomTarget', { classroom }),
    accessTarget: (student, device) => t('accessTarget', { student, device }),
    accessToken: (token) => t('accessToken', { token }),
    endRanTitle: (target) => t('endRanTitle', { target }),
    endRanEnded: (count) => t('endRanEnded', { count }),
    endRanLate: (count) => t('endRanLate', { count }),
    endRanAtSleep: (at) => t('endRanAtSleep', { time: time(at) }),
    endRanFailed: (count) => t('endRanFailed', { count }),
    quitRunning: (count, rooms) => t('quitRunning', { count, rooms }),
    quitNotEnded: (count) => t('quitNotEnded', { count }),
    nowLesson: (room, at) => t('nowLesson', { room, time: time(at) }),
    nextLesson: (room, at) => t('nextLesson', { room, time: time(at) }),
    readinessNotice: (room, at, offline, total) =>
      t('readinessNotice', {
        room,
        time: time(at),
        offline: String(offline),
        total: String(total),
      }),
    dataFolderInUse: (folder) => t('dataFolderInUse', { folder }),
    dataFolderUnwritable: (folder) => t('dataFolderUnwritable', { folder }),
    dataFolderNotPrivate: (folder) => dataFolder('notPrivate', { folder }),
    logFolderNotPrivate: (folder) => dataFolder('logFolderNotPrivate', { folder }),
    dataFolderAboveOpen: (folder, above) => dataFolder('aboveOpen', { folder, above }),
    logFolderAboveOpen: (folder, above) => dataFolder('logFolderAboveOpen', { folder, above }),
    demoClassrooms: header('demoClassrooms', { returnObjects: true }),
    roomById: (id) => header('roomById', { id }),
  };
}

/**
 * What main's log says at start for each language that lacks sentences (shown in English):
 * never shipped silently (the report, docs/translations.md, lists them too).
 */
export const missingSentenceLines = (): string[] =>
  LOCALES.flatMap((locale) => {
    const missing = missingIn(locale);
    return missing.length === 0
      ? []
      : [`${locale} lacks ${missing.length} sentences, shown in English: ${missing.join(', ')}`];
  });

export const labels = Object.fromEntries(
  LOCALES.map((locale) => [locale, labelsIn(locale)]),
) as Readonly<Record<Locale, Labels>>;
