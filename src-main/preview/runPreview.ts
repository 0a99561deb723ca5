/**
 * The browser preview as a command: the core on this machine's data directory, the flags applied
 * through the core API as a teacher would apply them, the renderer served on 127.0.0.1, and the
 * address and the launch page that signs a browser in printed (the page opened in the default
 * browser: the key is in the page, never on a command line or in the terminal).
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import open from 'open';
import { z } from 'zod';
import { issueProblems } from '../contract/zodIssues';
import type { ClassTrayOptions } from '../core/classTray';
import { createClassTray } from '../core/classTray';
import { refused } from '../core/api/apiInput';
import type { ActionInput, ClassTrayState } from '../core/api/classTrayApi';
import type { ConnectResult } from '../core/account/accountView';
import { api } from '../core/api/classTrayApi';
import { OWNER_RULES, PolicyReader, systemPolicySystem } from '../core/policy/policySources';
import { resolveDataDir } from '../core/settings/dataDir';
import { TOKEN_ENV } from '../core/account/vault';
import { setAsideLines } from '../dataFolder/privateFolder';
import { takeDataFolderLock } from '../dataFolder/writerLock';
import type { LogSink } from '../core/logger';
import { createLogger } from '../core/logger';
import { openLogFile, policySecrets } from '../hosts/logFile';
import { VISIBLE_POLL_SECONDS } from '../../src-shared/limits';
import { startDemoSchool } from '../hosts/demoSchool';
import { ensureRendererBuilt } from './rendererBuild';
import { startPreviewServer } from './server';
import { previewSupport, previewVersion } from './supportActions';

export const USAGE = `Usage: npm run web -- [options]

Runs ClassTray in your browser: the classroom window on http://127.0.0.1, for you only.

  --service-url URL   use this service (the API token comes from ${TOKEN_ENV}, for this URL only, or the keychain);
                      saved once it answers, used for this run even while it does not
  --classroom ID      show this classroom (saved once the service lists it)
  --port N            port to listen on (default: one the OS picks)
  --data-dir DIR      settings and cache directory (default: the tray app's)
  --poll-seconds S    seconds between refreshes while the tab is visible (${VISIBLE_POLL_SECONDS.min} to ${VISIBLE_POLL_SECONDS.max})
  --policy-file FILE  run under this school policy (JSON, as /etc/classtray/policy.json), read again
                      every minute; Settings show it under "Set by your school" (needs --data-dir)
  --no-open           print the address and its launch page without opening a browser
  -h, --help          show this text`;

/** Bad command-line arguments: the message is one sentence for the person who typed them. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

interface PreviewArgs {
  connect?: ActionInput<'connectService'>;
  select?: ActionInput<'selectClassroom'>;
  preferences?: ActionInput<'updatePreferences'>;
  /** The school policy to run under, as an absolute path. */
  policyFile?: string;
  port: number;
  open: boolean;
}

const portSchema = z
  .string()
  .regex(/^[0-9]{1,5}$/, '--port takes a number from 0 to 65535.')
  .transform(Number)
  .pipe(z.number().max(65_535, '--port takes a number from 0 to 65535.'));

/** Null for --help. The flags are checked with the core's own input rules, before anything starts. */
export function parsePreviewArgs(argv: readonly string[]): PreviewArgs | null {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        'service-url': { type: 'string' },
        classroom: { type: 'string' },
        port: { type: 'string' },
        'data-dir': { type: 'string' },
        'poll-seconds': { type: 'string' },
        'policy-file': { type: 'string' },
        'no-open': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new UsageError(parseArgsProblem(error as NodeJS.ErrnoException));
  }
  if (values.help) return null;

  const args: PreviewArgs = { port: 0, open: !values['no-open'] };
  if (values.port !== undefined) args.port = check(portSchema, values.port, '--port');
  if (values['service-url'] !== undefined) {
    args.connect = check(
      api.connectService.input,
      { serviceUrl: values['service-url'] },
      '--service-url',
    );
  }
  if (values.classroom !== undefined) {
    args.select = check(api.selectClassroom.input, { id: values.classroom }, '--classroom');
  }
  if (values['poll-seconds'] !== undefined) {
    if (!/^[0-9]{1,4}$/.test(values['poll-seconds'])) {
      throw new UsageError('--poll-seconds takes a whole number of seconds.');
    }
    const seconds = Number(values['poll-seconds']);
    args.preferences = check(
      api.updatePreferences.input,
      { poll: { visibleSeconds: seconds } },
      '--poll-seconds',
    );
  }
  const policyFile = values['policy-file'];
  if (policyFile !== undefined) {
    if (policyFile === '') throw new UsageError('--policy-file needs a file.');
    args.policyFile = path.resolve(policyFile);
  }
  return args;
}

function check<Output>(schema: z.ZodType<Output>, input: unknown, flag: string): Output {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const message = issueProblems(parsed.error.issues)[0]?.message ?? 'not valid';
  throw new UsageError(sentence(message.startsWith(flag) ? message : `${flag}: ${message}`));
}

/** node:util's messages, minus the hint lines; a missing value says which flag needs one. */
function parseArgsProblem(error: NodeJS.ErrnoException): string {
  const flag = /'(--[a-z-]+)/.exec(error.message)?.[1];
  if (error.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && flag) return `${flag} needs a value.`;
  return sentence(error.message.split('\n')[0] ?? error.message);
}

function sentence(text: string): string {
  return /[.!?]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`;
}

export interface RunPreviewOptions {
  /** Serve this directory instead of out/renderer (which is built when missing). */
  rendererDir?: string;
  /** Default: the `open` package, which starts the default browser. */
  openBrowser?: (url: string) => Promise<unknown>;
  /** Where the address and notes go; default stdout. */
  print?: (line: string) => void;
  /** Where the log's lines go beside `<data folder>/logs`; default the console. */
  logConsole?: LogSink;
  /** Any of the core's options; the demo school defaults to the local service's. */
  classTray?: Partial<
    Omit<ClassTrayOptions, 'dataDir' | 'env' | 'launchServiceUrl' | 'launchClassroom'>
  >;
}

export interface RunningPreview {
  /** e.g. http://127.0.0.1:5173 */
  url: string;
  /** The printed launch page (file:// address) that signs a browser in. */
  launchUrl: string;
  close(): Promise<void>;
}

/** Throws UsageError for bad arguments, before anything has started. */
export async function runPreview(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  options: RunPreviewOptions = {},
): Promise<RunningPreview | null> {
  const args = parsePreviewArgs(argv);
  const print = options.print ?? ((line: string) => console.log(line));
  if (args === null) {
    print(USAGE);
    return null;
  }
  let dataDir;
  try {
    dataDir = resolveDataDir({ argv, env });
  } catch (error) {
    throw new UsageError(sentence((error as Error).message));
  }
  // First: one ClassTray program per data folder (the tray app or another preview would
  // overwrite what this one saves), and it proves the folder writable.
  if (args.policyFile !== undefined) {
    if (!fs.existsSync(args.policyFile)) {
      throw new UsageError(`--policy-file: ${args.policyFile} does not exist.`);
    }
    // A policy's values are written into the settings, as the tray app writes them: never into
    // the tray app's own, which would keep a draft's locks after the preview ends.
    if (dataDir === resolveDataDir({ argv: [], env: { ...env, CLASSTRAY_DATA_DIR: undefined } })) {
      throw new UsageError(
        "--policy-file writes the policy's values into the settings: give the preview a folder of its own with --data-dir.",
      );
    }
  }
  const lock = takeDataFolderLock(dataDir, 'the ClassTray preview');
  // The log IT and support read, in the data folder the lock just proved writable: the lines
  // the terminal shows, and what only the file keeps (the start, the policy's problems).
  let logFile;
  try {
    logFile = openLogFile(path.join(dataDir, 'logs'), {
      ...(options.logConsole === undefined ? {} : { console: options.logConsole }),
    });
  } catch (error) {
    // A log folder another user could reach (privateFolder.ts): the folder is not used at all.
    lock.release();
    throw error;
  }
  const log = createLogger(logFile.sink);
  const fileLog = createLogger(logFile.fileOnly, 'preview');
  for (const line of [lock.privateFolder ?? { narrowed: [] }, logFile.privateFolder].flatMap(
    setAsideLines,
  ))
    log.warn(`[data] ${line}`);
  fileLog.info(
    `ClassTray ${previewVersion()} preview starting (Node ${process.versions.node}, ${process.platform} ${process.arch}).`,
  );
  let classTray;
  let server;
  try {
    const staticDir = options.rendererDir ?? (await ensureRendererBuilt(print));
    const policy =
      args.policyFile === undefined
        ? undefined
        : draftPolicy(args.policyFile, print, createLogger(logFile.fileOnly, 'policy').warn);
    classTray = await createClassTray({
      demoSchool: () => startDemoSchool(options.classTray?.clock),
      log: log.child('core'),
      ...options.classTray,
      ...(policy === undefined ? {} : { policy }),
      dataDir,
      env,
      // The account of this run whatever the network says; saved once the service confirms it.
      ...(args.connect ? { launchServiceUrl: args.connect.serviceUrl } : {}),
      ...(args.select ? { launchClassroom: args.select.id } : {}),
    });
    // The policy's addresses and names never reach the file, whatever line carries them.
    classTray.subscribe((change) => {
      if (change.type === 'school-policy') logFile.redact(policySecrets(change.schoolPolicy));
    });
    logFile.redact(policySecrets((await classTray.getState()).schoolPolicy));
    const checked = await classTray.checkLaunch();
    // Only the service's own answer refuses an id; anything else leaves the window to say it.
    if (checked?.outcome === 'classroom-unknown') {
      throw refused('classroomUnknown', { id: checked.classroomId });
    }
    const note = checked && launchNote(args.connect?.serviceUrl, checked);
    if (note) {
      print(`ClassTray preview: ${note}`);
      // In the log as well (a rejected token, a service out of reach): the terminal is not kept.
      fileLog.warn(note);
    }
    if (args.preferences) await classTray.updatePreferences(args.preferences);
    server = await startPreviewServer({
      classTray,
      staticDir,
      dataDir,
      port: args.port,
      log: log.child('preview'),
      support: previewSupport(classTray, logFile),
    }).catch((error: unknown) => {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EADDRINUSE') throw new Error(`port ${args.port} is already in use.`);
      if (code === 'EACCES') throw new Error(`not allowed to listen on port ${args.port}.`);
      throw error;
    });
  } catch (error) {
    fileLog.error('The preview could not start', error);
    await classTray?.close();
    lock.release();
    throw error;
  }

  print(`ClassTray preview: ${server.url}  (${describeMode(await classTray.getState())})`);
  print(
    `ClassTray preview: sign in by opening ${server.launchUrl} in a browser on this computer; the address above then works in that browser.`,
  );
  if (args.open) {
    const openBrowser = options.openBrowser ?? open;
    await openBrowser(server.launchUrl).catch(() =>
      print('No browser could be opened: open the launch page above yourself.'),
    );
  }
  return {
    url: server.url,
    launchUrl: server.launchUrl,
    close: async () => {
      await server.close();
      await classTray.close();
      lock.release();
    },
  };
}

/**
 * --policy-file: the file read as the tray app reads the machine's policy, but for the rules on
 * who may have written it (owner and mode), which the preview names as skipped; what it ignores
 * is printed as the app's log writes it.
 */
function draftPolicy(
  file: string,
  print: (line: string) => void,
  logLine: (line: string) => void,
): PolicyReader {
  print(
    `ClassTray preview: school policy from ${file}, read as the installed app reads its policy except for the rules on who may have written it, which only the installed app enforces: ${OWNER_RULES.join(' and ')}.`,
  );
  return new PolicyReader(
    systemPolicySystem(),
    (line) => {
      print(`ClassTray preview: ${line}`);
      logLine(line);
    },
    { draftFile: file },
  );
}

/** What the first call to the launch's service found, when it is not simply connected. */
function launchNote(serviceUrl: string | undefined, checked: ConnectResult): string | undefined {
  const service = serviceUrl ?? 'the saved service';
  const unsaved = serviceUrl === undefined ? '' : '; nothing is saved until it answers';
  switch (checked.outcome) {
    case 'connected':
    case 'no-token':
      return undefined;
    case 'unreachable':
      return `${service} cannot be reached yet (${checked.detail}): the window shows the last known devices, if any, and tries again on the refresh schedule${unsaved}.`;
    case 'token-rejected':
      return `${service} rejected the API token (${checked.detail}): set the right one in Settings or ${TOKEN_ENV}${unsaved}.`;
    case 'not-this-service':
      return `${service} does not answer as a ClassTray service (${checked.detail}): check the address${unsaved}.`;
    case 'service-failed':
      return `${service} failed to answer (${checked.detail}): the window tries again on the refresh schedule${unsaved}.`;
  }
}

function describeMode({ account }: ClassTrayState): string {
  if (account.mode === 'demo' || account.serviceUrl === null) return 'demo data';
  const token = account.token.set ? '' : `; no API token: set ${TOKEN_ENV}`;
  return `service ${account.serviceUrl}${token}`;
}

/**
 * `npm run web`: exit code 2 for bad arguments, 1 for a failed start; stops on SIGINT/SIGTERM.
 * The handlers are in place before the start, so a signal while starting (the address may
 * already be printed) still closes the preview and releases the data folder's lock.
 */
export async function previewCommand(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
): Promise<void> {
  let preview: RunningPreview | null | undefined;
  let stopAsked = false;
  const stop = () => {
    stopAsked = true;
    // Still starting: stopped once it has started.
    if (preview === undefined) return;
    const closing = preview === null ? Promise.resolve() : preview.close();
    closing.then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(`web: ${error instanceof Error ? error.message : String(error)}`);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  try {
    preview = await runPreview(argv, env);
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`web: ${error.message}\n\n${USAGE}`);
      process.exit(2);
    }
    console.error(`web: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
  if (preview === null) {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
    return;
  }
  if (stopAsked) stop();
}
