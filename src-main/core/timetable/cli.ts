/** npm run timetable -- expand <file.ics or URL> --from <ISO 8601> --to <ISO 8601> [--zone <IANA name>] */
import { timetableCommand } from './expandCommand';

process.exitCode = await timetableCommand(process.argv.slice(2), {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
  fetch,
  machineZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
});
