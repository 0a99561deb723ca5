/**
 * npm run bench -- commands: how soon each `npm run` command starts, against a bare Node. Each
 * command as npm runs it, without npm's own start (`node src-main/builtCommand.mjs <command>
 * --help`), and `node -e 0`, in turns (the order alternating), wall time from spawn to exit; the
 * ratio is the command's median over Node's. The first run of each command, which may build it,
 * is not counted. The timetable command expanding a real week is timed in `npm run bench --
 * timetable`.
 */
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { ROOT } from './benchProcesses';
import { median } from './median';

const COMMANDS = ['timetable', 'readiness', 'policy', 'local-service'];
/** Runs of each command, and as many of `node -e 0` beside them. */
const RUNS = Number(process.env['BENCH_RUNS'] ?? 11);
/** The goal: every command starts within this many times `node -e 0`. */
const GOAL_RATIO = 2;
const LAUNCHER = path.join(ROOT, 'src-main/builtCommand.mjs');

const load = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(' / ');

/** Wall time of one run to its exit, in ms; its output is not read. */
function timed(args: string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, args, { cwd: ROOT, stdio: 'ignore' });
    child.once('error', reject);
    child.once('exit', () => resolve(performance.now() - started));
  });
}

export async function benchCommands(): Promise<void> {
  for (const command of COMMANDS) await timed([LAUNCHER, command, '--help']);
  const loadBefore = load();
  const node: number[] = [];
  const times = new Map<string, number[]>(COMMANDS.map((command) => [command, []]));
  for (let round = 0; round < RUNS; round += 1) {
    for (const command of COMMANDS) {
      const order = round % 2 === 0 ? [true, false] : [false, true];
      for (const isCommand of order) {
        if (isCommand) times.get(command)?.push(await timed([LAUNCHER, command, '--help']));
        else node.push(await timed(['-e', '0']));
      }
    }
  }
  const floor = median(node);
  console.log(
    `\nEach command's start (--help, built, without npm's), median of ${RUNS} against ` +
      `${node.length} runs of \`node -e 0\` in turns (goal ≤ ${GOAL_RATIO}x); load ${loadBefore} → ${load()}:`,
  );
  console.log(`  node -e 0            ${floor.toFixed(0).padStart(5)} ms`);
  for (const [command, ms] of times) {
    const ratio = median(ms) / floor;
    console.log(
      `  npm run ${command.padEnd(14)}${median(ms).toFixed(0).padStart(4)} ms  ${ratio.toFixed(2)}x` +
        (ratio <= GOAL_RATIO ? '' : '  (over the goal)'),
    );
  }
}
