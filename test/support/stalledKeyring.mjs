// Issue 33 against the real Secret Service, run inside a private D-Bus session by
// keychainStalled.test.ts (`dbus-run-session -- node stalledKeyring.mjs`, with its own HOME and
// XDG folders): starts this session's own gnome-keyring-daemon, saves a token with keytar from
// another process (an earlier run), stops the daemon (SIGSTOP), opens a TokenVault with a small
// bound and reads the token, continues the daemon (SIGCONT) and reads again once the vault says
// the keychain answered. Each step is one JSON line on stdout; a failure is a last line
// { "step": "error" } and exit code 1. The daemon is continued and ended here too, but the test
// also ends this whole process group, the daemon's too: nothing here may be left stopped.
//
// Environment: STALLED_SERVICE_URL, STALLED_TOKEN (never printed), STALLED_BOUND_MS.
// `node stalledKeyring.mjs save` is the earlier run: it only saves the token with keytar.
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import process from 'node:process';
import { setTimeout as sleep } from 'node:timers/promises';

const serviceUrl = process.env.STALLED_SERVICE_URL ?? '';
const token = process.env.STALLED_TOKEN ?? '';
const boundMs = Number(process.env.STALLED_BOUND_MS);
const KEYRING_PASSWORD = 'pw';
const SECRETS = 'org.freedesktop.secrets';

const emit = (line) => process.stdout.write(`${JSON.stringify(line)}\n`);

if (process.argv[2] === 'save') {
  // keytar is CommonJS: require gives all its functions.
  const keytar = createRequire(import.meta.url)('keytar');
  await keytar.setPassword('ClassTray', serviceUrl, token);
  process.exit(0);
}

/** Asks this session's bus daemon; undefined when dbus-send fails. */
function askBus(method, ...args) {
  const { status, stdout } = spawnSync(
    'dbus-send',
    [
      '--session',
      '--print-reply',
      '--dest=org.freedesktop.DBus',
      '/',
      `org.freedesktop.DBus.${method}`,
      ...args,
    ],
    { encoding: 'utf8' },
  );
  return status === 0 ? stdout : undefined;
}

/** A process's group, from /proc (the field after its state). */
function processGroupOf(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
}

/** The process that owns the Secret Service's name on this bus, once one does. */
async function secretServiceOwner(daemon) {
  for (;;) {
    if (daemon.exitCode !== null || daemon.signalCode !== null) {
      throw new Error(`gnome-keyring-daemon exited (${daemon.exitCode ?? daemon.signalCode})`);
    }
    if (askBus('NameHasOwner', `string:${SECRETS}`)?.includes('boolean true')) {
      const pid = /uint32 (\d+)/.exec(
        askBus('GetConnectionUnixProcessID', `string:${SECRETS}`) ?? '',
      );
      if (pid) return Number(pid[1]);
    }
    await sleep(50);
  }
}

// This session's own daemon, in the foreground: it stays this script's child, in the process
// group the test ends. --unlock reads the new login keyring's password from stdin.
const daemon = spawn('gnome-keyring-daemon', ['--foreground', '--unlock', '--components=secrets'], {
  stdio: ['pipe', 'ignore', 'pipe'],
});
let daemonErrors = '';
daemon.stderr.on('data', (chunk) => (daemonErrors += chunk.toString()));
daemon.stdin.end(KEYRING_PASSWORD);
/** Signals the daemon while it runs (once it has ended, its pid may be another's). */
const signalDaemon = (signal) => {
  if (daemon.exitCode !== null || daemon.signalCode !== null) return;
  try {
    process.kill(daemon.pid, signal);
  } catch {
    // Already gone.
  }
};
// However this script ends (a crash, a signal, a test that stopped reading), the daemon is not
// left stopped: continued and killed on the way out.
process.on('exit', () => {
  signalDaemon('SIGCONT');
  signalDaemon('SIGKILL');
});
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) process.on(signal, () => process.exit(1));
process.stdout.on('error', () => undefined);

let vault;
try {
  // Nothing may ask for the Secret Service before this daemon owns its name: the bus would start
  // another one (D-Bus activation) that this script does not know.
  const owner = await secretServiceOwner(daemon);
  if (owner !== daemon.pid) throw new Error(`the Secret Service is process ${owner}, not ours`);
  // The test ends this script's process group whole: the daemon must not have left it.
  if (processGroupOf(daemon.pid) !== processGroupOf(process.pid)) {
    throw new Error('gnome-keyring-daemon left the process group');
  }
  emit({ step: 'daemon', pid: daemon.pid });

  const saved = spawnSync(process.execPath, [process.argv[1], 'save'], { encoding: 'utf8' });
  if (saved.status !== 0) throw new Error(`the earlier run could not save: ${saved.stderr}`);
  emit({ step: 'saved' });

  const { register } = await import('tsx/esm/api');
  register();
  const { TokenVault } = await import('../../src-main/core/account/vault.ts');
  const { createLogger } = await import('../../src-main/core/logger.ts');
  const said = [];
  let told = 0;
  /** What the vault logged since the last step. */
  const newlySaid = () => said.slice(told, (told = said.length));
  const keep = (line) => said.push(line);
  const log = createLogger({ info: keep, warn: keep, error: keep });

  process.kill(daemon.pid, 'SIGSTOP');
  emit({ step: 'stopped' });

  // The app's start: a new run reads the saved token from a keychain that cannot answer.
  vault = new TokenVault({ env: {}, log, keychainBoundMs: boundMs });
  const answered = new Promise((resolve) => vault.whenKeychainAnswers(resolve));
  const first = await vault.getToken(serviceUrl);
  emit({
    step: 'went on',
    tokenFound: first !== null,
    status: await vault.status(serviceUrl),
    said: newlySaid(),
  });

  process.kill(daemon.pid, 'SIGCONT');
  emit({ step: 'continued' });
  await answered;
  const again = await vault.getToken(serviceUrl);
  emit({
    step: 'answered',
    savedTokenUsed: again === token,
    status: await vault.status(serviceUrl),
    said: newlySaid(),
    tokenInLog: said.some((line) => line.includes(token)),
  });
} catch (error) {
  emit({
    step: 'error',
    message: error instanceof Error ? error.message : String(error),
    daemonErrors,
  });
  process.exitCode = 1;
} finally {
  vault?.stop();
  const ended = daemon.exitCode !== null || daemon.signalCode !== null || once(daemon, 'exit');
  signalDaemon('SIGCONT');
  signalDaemon('SIGTERM');
  await ended;
}
