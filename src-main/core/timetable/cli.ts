/** npm run timetable -- expand <file.ics or URL> --from <ISO 8601> --to <ISO 8601> [--zone <IANA name>] */
import { Worker } from 'node:worker_threads';
import type { StartWorker } from './calendarReader';
import { timetableCommand } from './expandCommand';

/**
 * Built (cliBuilt.mjs: this file bundled as cli.mjs), the reader's thread is the calendarWorker.mjs
 * built beside it; run from source (the tests, through tsx), the default: from its source.
 */
const builtWorker: StartWorker | undefined = import.meta.url.endsWith('.mjs')
  ? (options) => new Worker(new URL('./calendarWorker.mjs', import.meta.url), options)
  : undefined;

process.exitCode = await timetableCommand(process.argv.slice(2), {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
  fetch,
  machineZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  ...(builtWorker === undefined ? {} : { startWorker: builtWorker }),
});
