// Loads slowCalendarThread.ts in a worker through tsx, as calendarWorkerFromSource.mjs does.
import { register } from 'tsx/esm/api';

register();
await import('./slowCalendarThread.ts');
