/** npm run timetable -- expand [<file.ics> | -] --from <ISO 8601> --to <ISO 8601> [--zone <IANA name>] */
import { timetableCommand } from './expandCommand';

process.exitCode = await timetableCommand(process.argv.slice(2), {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
  fetch,
  env: process.env,
  stdin: () => firstLine(process.stdin),
  machineZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
});

/** Standard input up to its first line's end (a pasted address and Enter), 64 KiB at most. */
async function firstLine(input: NodeJS.ReadableStream): Promise<string> {
  let text = '';
  for await (const chunk of input) {
    text += String(chunk);
    const end = text.indexOf('\n');
    if (end >= 0) return text.slice(0, end);
    if (text.length > 64 * 1024) break;
  }
  return text;
}
