/**
 * `ClassTray --readiness …`: the readiness command (readinessCommand.ts) from the installed app,
 * for a school's IT that has the MSI, pkg or deb and a monitoring server, not a checkout. The
 * Electron main entry hands it the arguments after --readiness before it makes a window or a
 * tray, and exits with its code. What the flags and the environment do not give is found as the
 * tray app finds it: the service address in the school's policy (ServiceUrl locked), else the
 * one this user saved, else the policy's default; the token in CLASSTRAY_TOKEN (a service
 * account's), else this user's keychain. Never a token on the command line.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { TokenVault, loadKeytarModule } from '../core/account/vault';
import type { ManagedPolicy } from '../core/policy/policyChecker';
import { readSystemPolicy, systemPolicySystem } from '../core/policy/policySources';
import { SETTINGS_CONFIG_NAME } from '../core/settings/settings';
import type { ReadinessIo } from './readinessCommand';
import { runReadiness } from './readinessCommand';

export const READINESS_FLAG = '--readiness';

/** The arguments after --readiness; undefined when the app was not started for the check. */
export function readinessArgs(argv: readonly string[]): string[] | undefined {
  const at = argv.indexOf(READINESS_FLAG);
  return at === -1 ? undefined : argv.slice(at + 1);
}

export interface AppReadinessOptions extends Pick<ReadinessIo, 'out' | 'err' | 'fetch'> {
  argv: readonly string[];
  env: Readonly<Record<string, string | undefined>>;
  /** This machine's policy; default the OS's sources, as the tray app reads them. */
  policy?: () => Promise<ManagedPolicy>;
  /** keytar, as the tray app loads it; default import('keytar'). */
  loadKeytar?: () => Promise<unknown>;
}

export function runAppReadiness(options: AppReadinessOptions): Promise<number> {
  const policy =
    options.policy ??
    (() =>
      readSystemPolicy(systemPolicySystem(), (line) =>
        options.err(`readiness: policy: ${line}\n`),
      ));
  return runReadiness({
    argv: options.argv,
    env: options.env,
    out: options.out,
    err: options.err,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    command: 'ClassTray --readiness',
    account: {
      async saved(dataDir) {
        const { locked, defaults } = await policy();
        const user = await savedAccount(dataDir);
        const serviceUrl = locked.ServiceUrl ?? user.serviceUrl ?? defaults.ServiceUrl;
        const authHeader = locked.AuthHeader ?? user.authHeader ?? defaults.AuthHeader;
        return {
          ...(serviceUrl === undefined ? {} : { serviceUrl }),
          ...(authHeader === undefined ? {} : { authHeader }),
        };
      },
      async token(serviceUrl) {
        // The environment is the command's own (CLASSTRAY_TOKEN is read before this): the vault
        // is asked for the keychain only.
        const vault = new TokenVault({
          env: {},
          loadKeytar: options.loadKeytar ?? loadKeytarModule,
        });
        try {
          return (await vault.getToken(serviceUrl)) ?? undefined;
        } finally {
          vault.stop();
        }
      },
    },
  });
}

/**
 * The service this user signed in to (settings.json in the data folder): its address and auth
 * header, when the service, not the demo school, is in use. A file that cannot be read says none.
 */
async function savedAccount(
  dataDir: string,
): Promise<{ serviceUrl?: string; authHeader?: string }> {
  let settings: unknown;
  try {
    settings = JSON.parse(
      await readFile(path.join(dataDir, `${SETTINGS_CONFIG_NAME}.json`), 'utf8'),
    );
  } catch {
    return {};
  }
  if (typeof settings !== 'object' || settings === null) return {};
  const { mode, serviceUrl, authHeader } = settings as Record<string, unknown>;
  if (mode !== 'service' || typeof serviceUrl !== 'string') return {};
  return { serviceUrl, ...(typeof authHeader === 'string' ? { authHeader } : {}) };
}

/**
 * What the Electron main entry calls first: with --readiness, starts the check and exits the app
 * with its code once its output is written (true: the tray app must not start); else false.
 */
export function runReadinessIfAsked(
  argv: readonly string[],
  app: { exit: (code: number) => void },
  options: Partial<Pick<AppReadinessOptions, 'policy' | 'loadKeytar' | 'fetch'>> = {},
): boolean {
  const args = readinessArgs(argv);
  if (args === undefined) return false;
  runAppReadiness({
    ...options,
    argv: args,
    env: process.env,
    out: (text) => process.stdout.write(text),
    err: (text) => process.stderr.write(text),
  })
    .catch((error: unknown) => {
      process.stderr.write(`readiness: ${String(error)}\n`);
      return 2;
    })
    .then(
      async (code) => {
        // app.exit does not wait for a pipe to take what was written.
        await Promise.all([flushed(process.stdout), flushed(process.stderr)]);
        app.exit(code);
      },
      () => app.exit(2),
    );
  return true;
}

const flushed = (stream: NodeJS.WriteStream) =>
  new Promise<void>((resolve) => {
    stream.write('', () => resolve());
  });
