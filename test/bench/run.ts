/**
 * npm run bench -- <name> [<name>...]: runs benchmarks, one after another. Each benchmark is a
 * module exporting a function; add it to BENCHMARKS below.
 */
import { benchCommands } from './commands';
import { benchLocalService } from './localService';
import { benchMorningCheck } from './morningCheck';
import { benchPeers } from './peers';
import { benchReadiness } from './readiness';
import { benchRefresh } from './refresh';
import { benchRenderer } from './renderer';
import { benchSeatPlan } from './seatPlan';
import { benchShow } from './show';
import { benchSync } from './sync';
import { benchTimetable } from './timetable';

const BENCHMARKS = new Map<string, () => Promise<void>>([
  ['local-service', benchLocalService],
  ['sync', benchSync],
  ['renderer', benchRenderer],
  ['seatPlan', benchSeatPlan],
  ['refresh', benchRefresh],
  ['show', benchShow],
  ['timetable', benchTimetable],
  ['peers', benchPeers],
  ['readiness', benchReadiness],
  ['commands', benchCommands],
  ['morning-check', benchMorningCheck],
]);

const names = process.argv.slice(2);
const unknown = names.filter((name) => !BENCHMARKS.has(name));
if (names.length === 0 || unknown.length > 0) {
  console.error(
    `Usage: npm run bench -- <name> [<name>...]\n\nKnown benchmarks:\n${[...BENCHMARKS.keys()].map((known) => `  ${known}`).join('\n')}`,
  );
  process.exit(2);
}
// One after another, in the order given: each in the same run, none beside another.
for (const name of names) await BENCHMARKS.get(name)?.();
