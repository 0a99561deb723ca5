/**
 * Expands the three timetable fixtures in the machine's own zone (as the tray app does) and
 * prints the result as JSON: run by calendarZones.test.ts under several TZ values.
 */
import { readFileSync } from 'node:fs';
import { readCalendar } from '../../../src-main/core/timetable/calendar';

const span = { from: Date.parse('2026-01-01T00:00:00Z'), to: Date.parse('2026-12-31T00:00:00Z') };
const machineZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
const expanded = Object.fromEntries(
  ['webuntis', 'outlook', 'google'].map((name) => [
    name,
    readCalendar(readFileSync(new URL(`fixtures/${name}.ics`, import.meta.url), 'utf8'), {
      ...span,
      machineZone,
    }).events,
  ]),
);
process.stdout.write(JSON.stringify({ machineZone, expanded }));
