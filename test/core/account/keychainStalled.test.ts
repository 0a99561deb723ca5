/**
 * Issue 33 on the real Secret Service: gnome-keyring holds the saved token and is then stopped
 * (SIGSTOP). The start must go on within the vault's bound saying the keychain is not answering
 * (not that there is none), and once the daemon runs again the saved token must be used without
 * being pasted again. keychainBound.test.ts proves the policy with stand-ins; this proves it
 * against gnome-keyring and libsecret as they are.
 *
 * Fully private: test/support/stalledKeyring.mjs runs in its own D-Bus session
 * (dbus-run-session) with its own HOME and XDG folders and starts its own gnome-keyring-daemon,
 * so the daemon it stops is never one that other test files (or the desktop) use. The whole
 * session is one detached process group, continued and killed after the test, passed or not.
 *
 * A stopped daemon can only keep the vault waiting for the whole bound, so the bound is a real
 * wait: a small one is passed, the guards below are generous, and no duration is asserted.
 */
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { accessSync, constants } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { VaultStatus } from '../../../src-main/core/account/vault';
import { tempDir } from '../../support/tempDir';
import { keytarInstalled } from '../../support/keytarInstalled';

const SCRIPT = fileURLToPath(new URL('../../support/stalledKeyring.mjs', import.meta.url));
const REPO = fileURLToPath(new URL('../../..', import.meta.url));
/**
 * The vault's bound in this test. Besides the stalled call, it also bounds the reads once the
 * daemon runs again, so it is not made tiny: a busy machine must still answer within it.
 */
const BOUND_MS = 1_500;
/** A guard against a hang, never a measure. */
const STEP_GUARD_MS = 30_000;

const NOT_ANSWERING =
  'The system keychain is not answering: a token saved there is used as soon as it answers, ' +
  'and a token given meanwhile is kept for this run until then.';

function onPath(command: string): boolean {
  return (process.env['PATH'] ?? '').split(path.delimiter).some((dir) => {
    try {
      accessSync(path.join(dir, command), constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/**
 * Why this machine cannot run the test, if it cannot. As for vault.test.ts's real-keychain test,
 * CI (CI=true) never skips it, except in .ci/run's clone made without keytar on purpose.
 */
function whyNotHere(): string | undefined {
  const missing = ['dbus-run-session', 'dbus-send', 'gnome-keyring-daemon'].filter(
    (command) => !onPath(command),
  );
  if (!keytarInstalled()) missing.push('keytar (its native build needs libsecret-1-dev)');
  if (missing.length === 0) return undefined;
  if (process.env['CI'] === 'true' && process.env['CLASSTRAY_EXPECT_NO_KEYTAR'] !== '1') {
    return undefined;
  }
  return `needs ${missing.join(', ')}, which this machine lacks`;
}

type Step =
  | { step: 'daemon'; pid: number }
  | { step: 'saved' }
  | { step: 'stopped' }
  | { step: 'continued' }
  | { step: 'went on'; tokenFound: boolean; status: VaultStatus; said: string[] }
  | {
      step: 'answered';
      savedTokenUsed: boolean;
      status: VaultStatus;
      said: string[];
      tokenInLog: boolean;
    }
  | { step: 'error'; message: string; daemonErrors: string };

/** The script's JSON lines as they come; `next(step)` waits for that one. */
function stepsOf(child: ChildProcess) {
  const seen: Step[] = [];
  let stdout = '';
  let stderr = '';
  // Its end and all it wrote: 'close' comes once stdout has been read to its end.
  const exited = once(child, 'close');
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    const lines = stdout.split('\n');
    stdout = lines.pop() ?? '';
    for (const line of lines) if (line.trim() !== '') seen.push(JSON.parse(line) as Step);
    child.emit('step');
  });
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));

  async function next<Name extends Step['step']>(
    name: Name,
  ): Promise<Extract<Step, { step: Name }>> {
    const found = () => seen.find((line) => line.step === name || line.step === 'error');
    const guard = AbortSignal.timeout(STEP_GUARD_MS);
    while (found() === undefined) {
      const why = await Promise.race([
        once(child, 'step', { signal: guard }).then(
          () => undefined,
          () => `no "${name}" within ${STEP_GUARD_MS / 1000} s`,
        ),
        exited.then(([code, signal]) => `exited (${String(code ?? signal)}) before "${name}"`),
      ]);
      if (why !== undefined && found() === undefined) {
        throw new Error(`${why}; lines: ${JSON.stringify(seen)}; stderr: ${stderr}`);
      }
    }
    const line = found();
    if (line?.step === 'error') throw new Error(`the script failed: ${JSON.stringify(line)}`);
    return line as Extract<Step, { step: Name }>;
  }
  return { next, exited };
}

/**
 * Continues and kills everything the session started (gnome-keyring-daemon included: the script
 * checks that it stays in the group), then waits for the session's leader to end.
 */
async function endSession(child: ChildProcess): Promise<void> {
  if (child.pid === undefined) return;
  for (const signal of ['SIGCONT', 'SIGKILL'] as const) {
    try {
      process.kill(-child.pid, signal);
    } catch {
      // The group has ended already.
    }
  }
  if (child.exitCode === null && child.signalCode === null) await once(child, 'exit');
}

describe('a stopped gnome-keyring (issue 33, the real Secret Service)', () => {
  it('goes on within the bound saying it is not answering, then uses the saved token once it runs again', async (test) => {
    const why = whyNotHere();
    if (why !== undefined) {
      console.warn(`Skipped "${test.task.name}": ${why}.`);
      test.skip(why);
    }

    const home = await tempDir('classtray-keyring');
    const folder = async (name: string) => {
      const dir = path.join(home, name);
      await mkdir(dir, { mode: 0o700 });
      return dir;
    };
    const serviceUrl = `https://classtray-stalled-${randomUUID()}.invalid/api`;
    const token = `stalled-${randomUUID()}`;
    // Not the desktop's bus, keyring or display: only what dbus-run-session sets up.
    const {
      GNOME_KEYRING_CONTROL: _control,
      DBUS_SESSION_BUS_ADDRESS: _bus,
      DISPLAY: _display,
      WAYLAND_DISPLAY: _wayland,
      ...inherited
    } = process.env;
    const env: NodeJS.ProcessEnv = {
      ...inherited,
      HOME: home,
      XDG_DATA_HOME: await folder('data'),
      XDG_CONFIG_HOME: await folder('config'),
      XDG_CACHE_HOME: await folder('cache'),
      // The daemon's control socket: a shared one would let --unlock reach another daemon.
      XDG_RUNTIME_DIR: await folder('run'),
      STALLED_SERVICE_URL: serviceUrl,
      STALLED_TOKEN: token,
      STALLED_BOUND_MS: String(BOUND_MS),
    };

    // Detached: its own process group, which endSession ends whole.
    const session = spawn('dbus-run-session', ['--', process.execPath, SCRIPT], {
      cwd: REPO,
      env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      const { next, exited } = stepsOf(session);
      await next('daemon');
      await next('saved');
      await next('stopped');

      const wentOn = await next('went on');
      expect(wentOn.tokenFound).toBe(false);
      expect(wentOn.status).toEqual({
        location: 'memory',
        hasToken: false,
        keychainWaiting: true,
        reason: NOT_ANSWERING,
      });
      expect(wentOn.status.reason).not.toMatch(/no keychain|needs keytar/i);
      expect(wentOn.said.join('\n')).toContain('did not answer within 1.5 s');

      await next('continued');
      const answered = await next('answered');
      expect(answered.savedTokenUsed).toBe(true);
      expect(answered.status).toEqual({ location: 'keychain', hasToken: true });
      expect(answered.said).toEqual(['The system keychain answered: it is used again.']);
      expect(answered.tokenInLog).toBe(false);
      await expect(exited).resolves.toEqual([0, null]);
    } finally {
      await endSession(session);
    }
  });
});
