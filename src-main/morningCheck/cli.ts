/** npm run readiness -- --classroom ID [--json]: see readinessCommand.ts. */
import { runReadiness } from './readinessCommand';

process.exitCode = await runReadiness({
  argv: process.argv.slice(2),
  env: process.env,
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
});
