/**
 * `npm run policy -- check <file.json>`: exit 0 when everything in the file applies, 1 when
 * something is ignored (or the file is not a policy), 2 on bad arguments or a missing file.
 */
import path from 'node:path';
import { systemPolicySystem } from '../core/policy/policySources';
import { checkPolicyFile, describeCheck } from './checkPolicy';

const USAGE = `Usage: npm run policy -- check <file.json>

Reads the file as ClassTray reads /etc/classtray/policy.json (and the same keys from the
registry or a macOS profile), and prints what would apply and what would be ignored, with why.
Exit code: 0 all applies, 1 something is ignored, 2 bad arguments.`;

function main(args: readonly string[]): number {
  const [command, file, ...rest] = args;
  if (command !== 'check' || file === undefined || rest.length > 0) {
    process.stderr.write(`policy: expected "check" and one file.\n\n${USAGE}\n`);
    return 2;
  }
  const check = checkPolicyFile(systemPolicySystem(), path.resolve(file));
  if (check.absent) {
    process.stderr.write(`policy: ${file} does not exist.\n\n${USAGE}\n`);
    return 2;
  }
  process.stdout.write(describeCheck(file, check));
  return check.unreadable === undefined && check.ignored.length === 0 ? 0 : 1;
}

process.exitCode = main(process.argv.slice(2));
