/**
 * npm run bench: every benchmark, one after another, in one run (the figures docs/benchmarks.md
 * carries, with the load each ran at). npm run bench -- <name> [<name>...]: those alone. Each
 * benchmark is a module exporting a function; add it to BENCHMARKS below.
 */
import { loadavg } from 'node:os';
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

const asked = process.argv.slice(2);
const unknown = asked.filter((name) => !BENCHMARKS.has(name));
if (unknown.length > 0) {
  console.error(
    `Unknown: ${unknown.join(', ')}\nUsage: npm run bench [-- <name> [<name>...]]\n\nKnown benchmarks (all of them without a name):\n${[...BENCHMARKS.keys()].map((known) => `  ${known}`).join('\n')}`,
  );
  process.exit(2);
}
const names = asked.length > 0 ? asked : [...BENCHMARKS.keys()];
const started = performance.now();
// One after another, in the order given: each in the same run, none beside another.
for (const name of names) {
  console.log(`\n## ${name} (load average ${loadavg()[0]?.toFixed(1) ?? '?'} at its start)`);
  await BENCHMARKS.get(name)?.();
}
console.log(
  `\n${names.length} benchmarks in ${((performance.now() - started) / 1000).toFixed(0)} s`,
);
