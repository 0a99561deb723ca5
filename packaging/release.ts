/**
 * `npm run release`: what the release workflow runs on each OS. It builds, then packages this
 * OS's installers with electron-builder, publishing nothing, signed where the environment holds a
 * certificate and unsigned otherwise, and says which in the log (docs/school-it.md, Packaging
 * and signing): CSC_LINK is macOS's certificate, WIN_CSC_LINK Windows'. A secret the repository does not set reaches the environment as an empty string:
 * it is dropped, so electron-builder never tries to sign with nothing. `--plan` prints what would
 * run and runs nothing.
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { isEntry } from '../src-main/hosts/start';

type Env = Readonly<Record<string, string | undefined>>;

export interface ReleasePlan {
  /** electron-builder's arguments after the build. */
  args: string[];
  /** The environment electron-builder gets: this one, less empty values. */
  env: Record<string, string>;
  /** For the log: signed or not, notarized or not, and why. */
  lines: string[];
}

const set = (env: Env, name: string): boolean => (env[name] ?? '') !== '';

export function releasePlan(platform: NodeJS.Platform, env: Env): ReleasePlan {
  // The workflow's CSC_LINK is the Apple certificate: electron-builder on Windows would fall back
  // to it without WIN_CSC_LINK, so each OS keeps only its own.
  const otherOs =
    platform === 'win32'
      ? ['CSC_LINK', 'CSC_KEY_PASSWORD']
      : ['WIN_CSC_LINK', 'WIN_CSC_KEY_PASSWORD'];
  const kept = Object.fromEntries(
    Object.entries(env).filter(
      (entry): entry is [string, string] => (entry[1] ?? '') !== '' && !otherOs.includes(entry[0]),
    ),
  );
  const args = ['--publish', 'never'];
  const lines: string[] = [];
  if (platform === 'darwin') {
    if (set(env, 'CSC_LINK') || set(env, 'CSC_NAME')) {
      lines.push('macOS: signed with the Developer ID identity in CSC_LINK (or CSC_NAME).');
      const notarize =
        (set(env, 'APPLE_ID') &&
          set(env, 'APPLE_APP_SPECIFIC_PASSWORD') &&
          set(env, 'APPLE_TEAM_ID')) ||
        (set(env, 'APPLE_API_KEY') &&
          set(env, 'APPLE_API_KEY_ID') &&
          set(env, 'APPLE_API_ISSUER')) ||
        set(env, 'APPLE_KEYCHAIN_PROFILE');
      lines.push(
        notarize
          ? 'macOS: notarized with the Apple credentials set.'
          : 'macOS: NOT notarized (no APPLE_ID, APPLE_APP_SPECIFIC_PASSWORD and APPLE_TEAM_ID): Gatekeeper will warn.',
      );
    } else {
      // beforePack.mjs refuses an unsigned macOS package unless asked for one on purpose.
      args.push('-c.mac.identity=null');
      lines.push(
        'macOS: UNSIGNED (no CSC_LINK): Gatekeeper will refuse it and macOS shows no notifications from it.',
      );
    }
  } else if (platform === 'win32') {
    lines.push(
      set(env, 'WIN_CSC_LINK')
        ? 'Windows: signed with the certificate in WIN_CSC_LINK.'
        : 'Windows: UNSIGNED (no WIN_CSC_LINK): SmartScreen will warn, and this build takes no updates.',
    );
  } else {
    lines.push(
      'Linux: the deb and the AppImage are not signed (Linux packages have no code signing here).',
    );
  }
  return { args, env: kept, lines };
}

if (isEntry(import.meta.url, process.argv[1])) {
  const plan = releasePlan(process.platform, process.env);
  for (const line of plan.lines) console.log(line);
  const require = createRequire(import.meta.url);
  const bin = (pkg: string, file: string) =>
    path.join(path.dirname(require.resolve(`${pkg}/package.json`)), file);
  const steps: [string, string[]][] = [
    [bin('electron-vite', 'bin/electron-vite.js'), ['build']],
    [bin('electron-builder', 'cli.js'), plan.args],
  ];
  if (process.argv.includes('--plan')) {
    for (const [script, args] of steps)
      console.log(`Would run: ${path.basename(script)} ${args.join(' ')}`);
  } else {
    for (const [script, args] of steps) {
      const { status } = spawnSync(process.execPath, [script, ...args], {
        stdio: 'inherit',
        env: plan.env,
      });
      if (status !== 0) {
        process.exitCode = status ?? 1;
        break;
      }
    }
  }
}
