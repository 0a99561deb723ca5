/**
 * `npm run policy -- check [--draft] <file.json>`: exit 0 when everything in the file applies, 1
 * when the app would ignore the file or something in it, 2 on bad arguments or a missing file.
 */
import path from 'node:path';
import { systemPolicySystem } from '../core/policy/policySources';
import { checkExitCode, checkPolicyFile, describeCheck } from './checkPolicy';

const USAGE = `Usage: npm run policy -- check [--draft] <file.json>

Reads the file as ClassTray reads /etc/classtray/policy.json (and the same keys from the
registry or a macOS profile), with the installed app's rules for this system: a regular file
(not a link or a FIFO), owned by root and not writable by group or others on Linux and macOS,
64 KiB at most. Prints what would apply and what would be ignored, with why.
--draft skips the rules on the file's owner and mode (a draft not yet installed as root).
Exit code: 0 all applies, 1 the app would ignore the file or something in it, 2 bad arguments
or no such file.`;

function main(args: readonly string[]): number {
  const [command, ...rest] = args;
  const draft = rest[0] === '--draft';
  const files = draft ? rest.slice(1) : rest;
  const [file] = files;
  if (command !== 'check' || file === undefined || files.length > 1) {
    process.stderr.write(`policy: expected "check" and one file.\n\n${USAGE}\n`);
    return 2;
  }
  const system = systemPolicySystem();
  const check = checkPolicyFile(system, path.resolve(file), { draft });
  if (check.absent) {
    process.stderr.write(`policy: ${file} does not exist.\n\n${USAGE}\n`);
    return 2;
  }
  process.stdout.write(describeCheck(system.platform, file, check));
  return checkExitCode(check);
}

process.exitCode = main(process.argv.slice(2));
