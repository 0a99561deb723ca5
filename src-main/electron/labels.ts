/**
 * The few sentences main itself shows (tray menu, tooltip, notifications), in the renderer's two
 * languages. Pure: the language comes from the settings, or the system locale for 'system'.
 */
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

export const labels: Readonly<Record<Locale, Labels>> = {
  en: {
    open: 'Open ClassTray',
    recentClassrooms: 'Recent classrooms',
    refreshNow: 'Refresh now',
    demoData: 'Demo data',
    myAccount: 'My account',
    keepOpen: 'Keep window open',
    startAtLogin: 'Start at login',
    quit: 'Quit ClassTray',
    online: (online, total) => `${online} of ${total} online`,
    lastKnown: 'last known',
    noClassroom: 'no classroom chosen',
    connecting: 'connecting…',
    unreachable: 'service unreachable',
    tokenMissing: 'no token saved',
    tokenRejected: 'token rejected',
    classroomNotFound: 'classroom not found',
    wentOffline: (device) => `${device} went offline`,
    cameBack: (device) => `${device} is back online`,
    andMore: (count) => `and ${count} more`,
  },
  es: {
    open: 'Abrir ClassTray',
    recentClassrooms: 'Aulas recientes',
    refreshNow: 'Actualizar ahora',
    demoData: 'Datos de demostración',
    myAccount: 'Mi cuenta',
    keepOpen: 'Mantener la ventana abierta',
    startAtLogin: 'Iniciar al arrancar la sesión',
    quit: 'Salir de ClassTray',
    online: (online, total) => `${online} de ${total} en línea`,
    lastKnown: 'últimos datos conocidos',
    noClassroom: 'ningún aula elegida',
    connecting: 'conectando…',
    unreachable: 'servicio inaccesible',
    tokenMissing: 'no hay token guardado',
    tokenRejected: 'token rechazado',
    classroomNotFound: 'aula no encontrada',
    wentOffline: (device) => `${device} se ha desconectado`,
    cameBack: (device) => `${device} vuelve a estar en línea`,
    andMore: (count) => `y ${count} más`,
  },
};
