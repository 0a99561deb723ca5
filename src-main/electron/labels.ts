/**
 * The few sentences main itself shows (tray menu, tooltip, notifications), from the `tray` keys of
 * the window's i18n resources (src-shared/i18n), so a language is added in one place. Pure: the
 * language comes from the settings, or the system locale for 'system'.
 */
import i18next from 'i18next';
import { en } from '../../src-shared/i18n/en';
import { es } from '../../src-shared/i18n/es';
import type { Locale } from '../../src-shared/locale';

// main.ts (owned by issue 8's work) still imports the rule by this name; it is src-shared's.
export { localeOf as shownLanguage } from '../../src-shared/locale';

export interface Labels {
  open: string;
  recentClassrooms: string;
  refreshNow: string;
  demoData: string;
  myAccount: string;
  keepOpen: string;
  startAtLogin: string;
  quit: string;
  online: (online: number, total: number) => string;
  lastKnown: string;
  noClassroom: string;
  connecting: string;
  unreachable: string;
  tokenMissing: string;
  tokenRejected: string;
  classroomNotFound: string;
  wentOffline: (device: string) => string;
  cameBack: (device: string) => string;
  andMore: (count: number) => string;
}

const i18n = i18next.createInstance();
void i18n.init({
  resources: { en: { translation: en }, es: { translation: es } },
  fallbackLng: 'en',
  // Menus, tooltips and notifications are plain text: a device called "A&B" stays "A&B".
  interpolation: { escapeValue: false },
  initAsync: false,
  showSupportNotice: false,
});

function labelsIn(locale: Locale): Labels {
  const t = i18n.getFixedT(locale, null, 'tray');
  return {
    open: t('open'),
    recentClassrooms: t('recentClassrooms'),
    refreshNow: t('refreshNow'),
    demoData: t('demoData'),
    myAccount: t('myAccount'),
    keepOpen: t('keepOpen'),
    startAtLogin: t('startAtLogin'),
    quit: t('quit'),
    online: (online, total) => t('online', { online: String(online), total: String(total) }),
    lastKnown: t('lastKnown'),
    noClassroom: t('noClassroom'),
    connecting: t('connecting'),
    unreachable: t('unreachable'),
    tokenMissing: t('tokenMissing'),
    tokenRejected: t('tokenRejected'),
    classroomNotFound: t('classroomNotFound'),
    wentOffline: (device) => t('wentOffline', { device }),
    cameBack: (device) => t('cameBack', { device }),
    andMore: (count) => t('andMore', { count }),
  };
}

export const labels: Readonly<Record<Locale, Labels>> = { en: labelsIn('en'), es: labelsIn('es') };
