/**
 * npm run local-service -- --port 4010 --token T [--fixture FILE] [--data-file FILE] [--auth-header NAME]
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { issueProblems } from '../contract/zodIssues';

const USAGE = `Usage: npm run local-service -- [options]

Serves the ClassTray service interface on 127.0.0.1 (the built-in demo account unless --fixture).

  --port N            port to listen on (default: one the OS picks)
  --token T           API token every request must carry (default: a random one, printed)
  --fixture FILE      account data to serve (see docs/engineering.md: The local service)
  --data-file FILE    persist every change here; an existing file is the state
  --auth-header NAME  header carrying the token (default: X-Token-SVC)
  -h, --help          show this text`;

const argsSchema = z.object({
  port: z
    .string()
    .regex(/^[0-9]{1,5}$/, '--port takes a number from 0 to 65535')
    .transform(Number)
    .pipe(z.number().max(65_535, '--port takes a number from 0 to 65535'))
    .optional(),
  token: z.string().min(1, '--token must not be empty').optional(),
  fixture: z.string().optional(),
  'data-file': z.string().optional(),
  'auth-header': z
    .string()
    .regex(/^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/, '--auth-header must be an HTTP header name')
    .optional(),
  help: z.boolean().optional(),
});

function fail(message: string, code = 2): never {
  console.error(`local-service: ${message}`);
  process.exit(code);
}

async function main(): Promise<void> {
  let raw;
  try {
    raw = parseArgs({
      options: {
        port: { type: 'string' },
        token: { type: 'string' },
        fixture: { type: 'string' },
        'data-file': { type: 'string' },
        'auth-header': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (error) {
    fail(`${(error as Error).message}\n\n${USAGE}`);
  }
  const parsed = argsSchema.safeParse(raw);
  if (!parsed.success)
    fail(
      issueProblems(parsed.error.issues)
        .map((problem) => problem.message)
        .join('\n'),
    );
  const args = parsed.data;
  if (args.help) {
    console.log(USAGE);
    return;
  }

  // The service (fastify and its compilers, most of the command) loaded only to serve: asking
  // for the help, or giving a wrong argument, starts as fast as Node does.
  const { AccountDataError, WriterLockError, readAccountDataFile, startLocalService } =
    await import('./index');
  const generatedToken = args.token === undefined;
  const token = args.token ?? randomBytes(18).toString('base64url');
  try {
    const service = await startLocalService({
      token,
      ...(args.port === undefined ? {} : { port: args.port }),
      ...(args['auth-header'] === undefined ? {} : { authHeader: args['auth-header'] }),
      ...(args.fixture === undefined ? {} : { fixture: await readAccountDataFile(args.fixture) }),
      ...(args['data-file'] === undefined ? {} : { dataFile: args['data-file'] }),
    });
    const stop = () => {
      service.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    };
    // Before the address is printed: whoever reads it may stop us at once, and the data file's
    // lock is released on the way out.
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    console.log(
      `ClassTray local service listening on ${service.url} (${args.fixture ?? 'demo account'}; header ${service.authHeader}` +
        (generatedToken ? `; token ${token})` : ')'),
    );
  } catch (error) {
    if (error instanceof AccountDataError || error instanceof WriterLockError) {
      fail(error.message, 1);
    }
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') fail(`port ${args.port} is already in use.`, 1);
    if (code === 'EACCES') fail(`not allowed to listen on port ${args.port}.`, 1);
    throw error;
  }
}

await main();
