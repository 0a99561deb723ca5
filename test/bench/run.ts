/**
 * npm run bench -- <name>: runs one benchmark. Each benchmark is a module exporting a function;
 * add it to BENCHMARKS below.
 */
import { benchLocalService } from './localService';
import { benchMorningCheck } from './morningCheck';
import { benchPeers } from './peers';
import { benchReadiness } from './readiness';
import { benchRefresh } from './refresh';
import { benchRenderer } from './renderer';
import { benchSeatPlan } from './seatPlan';
import { benchSync } from './sync';
import { benchTimetable } from './timetable';

const BENCHMARKS = new Map<string, () => Promise<void>>([
  ['local-service', benchLocalService],
  ['sync', benchSync],
  ['renderer', benchRenderer],
  ['seatPlan', benchSeatPlan],
  ['refresh', benchRefresh],
  ['timetable', benchTimetable],
  ['peers', benchPeers],
  ['readiness', benchReadiness],
  ['morning-check', benchMorningCheck],
]);

const name = process.argv[2];
const bench = name === undefined ? undefined : BENCHMARKS.get(name);
if (!bench) {
  console.error(
    `Usage: npm run bench -- <name>\n\nKnown benchmarks:\n${[...BENCHMARKS.keys()].map((known) => `  ${known}`).join('\n')}`,
  );
  process.exit(2);
}
await bench();
