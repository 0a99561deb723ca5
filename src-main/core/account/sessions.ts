/**
 * The account in use (a *session*): the demo school, or the configured service with the token
 * from the vault. Changing mode, URL, token or auth header opens a new session; switches run one
 * after another in the order asked, each bumping the generation, so an answer that arrives for
 * an older session or classroom can be told apart and dropped. After close(), nothing switches.
 *
 * The account a host was launched for (--service-url, --classroom) is the account of this run
 * whatever the network says, but it is saved only as far as the service confirms it: the URL
 * (and mode) once the service answers a list with the token, the classroom once its own list
 * answers. Until then the settings file and the keychain are untouched, so a launch against an
 * address that never answers leaves no trace. Any account or classroom change the teacher makes
 * ends the launch's hold.
 */
import type { ActionInput } from '../api/classTrayApi';
import type { ConnectResult, LaunchCheck } from './accountView';
import type { ServiceClient, ServiceClientOptions } from '../service/client';
import { createServiceClient } from '../service/client';
import { ApiInputError, refused } from '../api/apiInput';
import type { Notebook, NotebookContents } from '../settings/accountNotebook';
import { memoryNotebook, settingsNotebook, withRecent } from '../settings/accountNotebook';
import type { StudentNames } from '../students/studentNames';
import type { SettingsStore } from '../settings/settings';
import type { DeepReadonly, Settings } from '../settings/settingsSchema';
import { updateSettings, writeChecked } from '../settings/settings';
import type { TokenVault, VaultStatus } from './vault';
import { VaultError } from './vault';
import { ServiceError } from '../service/serviceErrors';

export interface Session {
  mode: 'demo' | 'service';
  /** The demo's in-process address, or the configured service URL. */
  serviceUrl: string;
  /** Absent: no token, so nothing can be asked of the service. */
  client: ServiceClient | undefined;
  notebook: Notebook;
}

/** The demo school, started by the host on first use (the core never loads the local service). */
export interface DemoSchool {
  url: string;
  token: string;
  authHeader: string;
  /** What its notebook starts from: its classrooms and temporal accesses. */
  notebook: NotebookContents;
  /** Links of its own running accesses, not in the notebook, for a new user to try adding one. */
  linksToTry: readonly string[];
  close(): Promise<void>;
}

/** What the host was launched with; each part holds for this run until the service confirms it. */
export interface LaunchAccount {
  serviceUrl?: string;
  classroomId?: string;
}

export interface SessionsOptions {
  settings: SettingsStore;
  /** Where the service account's student names are kept (students/studentNames.ts). */
  studentNames: StudentNames;
  launch?: LaunchAccount;
  vault: TokenVault;
  demoSchool: () => Promise<DemoSchool>;
  /** How the service clients of the sessions ask (clock, fetch, timeout, retry waits). */
  client: Omit<ServiceClientOptions, 'baseUrl' | 'token' | 'authHeader'>;
  /** Runs inside the switch, once the new session is in place. */
  onSession: (session: Session) => Promise<void>;
  /** Runs inside a classroom switch of the same session. */
  onClassroom: (session: Session) => Promise<void>;
}

export class Sessions {
  readonly #options: SessionsOptions;
  #session: Session | undefined;
  #demo: { school: DemoSchool; notebook: Notebook } | undefined;
  #tokenStatus: VaultStatus | undefined;
  #generation = 0;
  /** What of the launch is still unconfirmed: it overrides the settings for the run. */
  #launch: LaunchAccount | undefined;
  #switching: Promise<void> = Promise.resolve();
  #closed = false;

  constructor(options: SessionsOptions) {
    this.#options = options;
    const { serviceUrl, classroomId } = options.launch ?? {};
    if (serviceUrl !== undefined || classroomId !== undefined) this.#launch = { ...options.launch };
  }

  /** The account settings of this run: the saved ones under the launch's unconfirmed URL. */
  account(): Pick<DeepReadonly<Settings>, 'serviceUrl' | 'authHeader' | 'mode'> {
    const saved = this.#options.settings.get();
    const serviceUrl = this.#launch?.serviceUrl;
    return serviceUrl === undefined
      ? saved
      : { serviceUrl, authHeader: saved.authHeader, mode: 'service' };
  }

  /**
   * Asks the launch's service once (the classroom's first page, else the account's), and keeps
   * what it confirms; a host reports the outcome. Nothing else changes: the refresh schedule
   * keeps trying on its own, and confirms the launch whenever the service first answers.
   */
  async checkLaunch(): Promise<LaunchCheck | undefined> {
    const session = await this.settledSession();
    const { serviceUrl, classroomId } = this.#options.launch ?? {};
    if (serviceUrl === undefined && classroomId === undefined) return undefined;
    if (session.client === undefined) return { outcome: 'no-token' };
    if (classroomId === undefined) return checkService(session.client);
    try {
      await session.client.classroomDevicesPage(classroomId, 1);
      return { outcome: 'connected' };
    } catch (error) {
      if (error instanceof ServiceError && error.kind === 'classroom-not-found') {
        return { outcome: 'classroom-unknown', classroomId };
      }
      return checkService(session.client);
    }
  }

  /** The session in use; undefined only before the first one opened. */
  get current(): Session | undefined {
    return this.#session;
  }

  /** The demo school's links to try, while the demo is the session in use. */
  get demoLinks(): readonly string[] {
    return this.#session?.mode === 'demo' ? (this.#demo?.school.linksToTry ?? []) : [];
  }

  /** Where the token of the service session is kept; undefined in the demo. */
  get tokenStatus(): VaultStatus | undefined {
    return this.#tokenStatus;
  }

  /** Bumped when a switch starts: whatever was asked under an older number is out of date. */
  get generation(): number {
    return this.#generation;
  }

  /** Resolves once the switches asked so far are done. */
  settled(): Promise<void> {
    return this.#switching;
  }

  /** The session in use once the switches asked so far are done. */
  async settledSession(): Promise<Session> {
    await this.#switching;
    if (this.#session === undefined) throw new Error('ClassTray has not started.');
    return this.#session;
  }

  open(): Promise<void> {
    return this.#switch(async () => {
      const session = await this.#newSession();
      this.#session = session;
      await this.#options.onSession(session);
    });
  }

  switchClassroom(): Promise<void> {
    return this.#switch(async () => {
      if (this.#session) await this.#options.onClassroom(this.#session);
    });
  }

  /**
   * Asks the service once with the URL, token and header given; only when that works are they
   * saved and the session switched. Nothing else is saved: not the token for a URL that failed.
   */
  async connect(input: ActionInput<'connectService'>): Promise<ConnectResult> {
    const { serviceUrl, token, authHeader } = input;
    const tokenToTry = token ?? (await this.#options.vault.getToken(serviceUrl));
    // Without any token there is nothing to check: the URL is kept and the window asks for one.
    const checked: ConnectResult =
      tokenToTry === null
        ? { outcome: 'no-token' }
        : await checkService(
            createServiceClient({
              ...this.#options.client,
              baseUrl: serviceUrl,
              token: tokenToTry,
              authHeader: authHeader ?? this.#options.settings.get().authHeader,
            }),
          );
    if (checked.outcome !== 'connected' && checked.outcome !== 'no-token') return checked;
    this.#launch = undefined;
    if (token !== undefined) {
      try {
        await this.#options.vault.setToken(serviceUrl, token);
      } catch (error) {
        if (error instanceof VaultError) throw new ApiInputError(error.message, error.refusal);
        throw error;
      }
    }
    updateSettings(this.#options.settings, {
      serviceUrl,
      mode: 'service',
      ...(authHeader === undefined ? {} : { authHeader }),
    });
    await this.open();
    return checked;
  }

  async forgetToken(): Promise<void> {
    const { serviceUrl } = this.account();
    if (serviceUrl === null) return;
    await this.#options.vault.forgetToken(serviceUrl);
    await this.open();
  }

  async setMode(mode: ActionInput<'setMode'>['mode']): Promise<void> {
    if (mode === 'service' && this.#options.settings.get().serviceUrl === null) {
      throw refused('noServiceUrl', {});
    }
    this.#launch = undefined;
    updateSettings(this.#options.settings, { mode });
    await this.open();
  }

  /**
   * Writes the notebook of the session in use; a change of the current classroom switches to it.
   * Resolves to whether it switched (else only the classroom list changed).
   */
  async writeNotebook(
    change: (contents: NotebookContents) => Partial<NotebookContents>,
  ): Promise<boolean> {
    const { notebook } = await this.settledSession();
    const patch = change(notebook.read());
    writeChecked(() => notebook.write(patch));
    if (patch.current === undefined) return false;
    // The teacher chose a classroom: the launch's one no longer holds.
    this.#dropLaunchClassroom();
    await this.switchClassroom();
    return true;
  }

  /** No switch runs after this one: it could start a demo school nothing would stop. */
  async close(): Promise<void> {
    this.#closed = true;
    this.#generation++;
    await this.#switching;
    await this.#demo?.school.close();
    this.#demo = undefined;
  }

  #switch(step: () => Promise<void>): Promise<void> {
    const next = this.#switching.then(async () => {
      if (this.#closed) return;
      this.#generation++;
      await step();
    });
    // A failed switch must not block the ones after it; the caller still sees its error.
    this.#switching = next.catch(() => undefined);
    return next;
  }

  async #newSession(): Promise<Session> {
    const { settings, vault } = this.#options;
    const newClient = (baseUrl: string, token: string, authHeader: string) =>
      createServiceClient({ ...this.#options.client, baseUrl, token, authHeader });
    const { mode, serviceUrl, authHeader } = this.account();
    const launchClassroom = this.#launch?.classroomId;
    if (mode === 'demo' || serviceUrl === null) {
      this.#tokenStatus = undefined;
      // Started once per run: the demo's notebook lives as long as ClassTray does.
      this.#demo ??= await this.#startDemo();
      const { school, notebook } = this.#demo;
      // The demo keeps nothing past the run: its notebook takes the launch's classroom at once.
      if (launchClassroom !== undefined) {
        const { recent } = notebook.read();
        notebook.write({
          current: launchClassroom,
          recent: withRecent(recent, launchClassroom, undefined),
        });
        this.#dropLaunchClassroom();
      }
      return {
        mode: 'demo',
        serviceUrl: school.url,
        client: newClient(school.url, school.token, school.authHeader),
        notebook,
      };
    }
    this.#tokenStatus = await vault.status(serviceUrl);
    const token = await vault.getToken(serviceUrl);
    const client = token === null ? undefined : newClient(serviceUrl, token, authHeader);
    if (this.#launch === undefined) {
      return {
        mode: 'service',
        serviceUrl,
        client,
        notebook: settingsNotebook(settings, this.#options.studentNames),
      };
    }
    return {
      mode: 'service',
      serviceUrl,
      client: client && confirming(client, (classroomId) => this.#confirmed(classroomId)),
      notebook: launchNotebook(
        settingsNotebook(settings, this.#options.studentNames),
        () => this.#launch?.classroomId,
      ),
    };
  }

  #dropLaunchClassroom(): void {
    if (this.#launch === undefined) return;
    delete this.#launch.classroomId;
    if (this.#launch.serviceUrl === undefined) this.#launch = undefined;
  }

  /** The launch's service answered a list (a classroom's, when given): that much is saved. */
  #confirmed(classroomId: string | undefined): void {
    const launch = this.#launch;
    if (launch === undefined || this.#closed) return;
    if (launch.serviceUrl !== undefined) {
      updateSettings(this.#options.settings, { serviceUrl: launch.serviceUrl, mode: 'service' });
      delete launch.serviceUrl;
    }
    if (classroomId !== undefined && classroomId === launch.classroomId) {
      const { recent } = this.#options.settings.get().classrooms;
      updateSettings(this.#options.settings, {
        classrooms: { current: classroomId, recent: withRecent(recent, classroomId, undefined) },
      });
      delete launch.classroomId;
    }
    if (launch.serviceUrl === undefined && launch.classroomId === undefined)
      this.#launch = undefined;
  }

  async #startDemo(): Promise<{ school: DemoSchool; notebook: Notebook }> {
    const school = await this.#options.demoSchool();
    return { school, notebook: memoryNotebook(school.notebook) };
  }
}

/** The client, telling `onAnswer` of each list the service answered (with its classroom). */
function confirming(
  client: ServiceClient,
  onAnswer: (classroomId: string | undefined) => void,
): ServiceClient {
  return {
    async accountDevicesPage(page, signal) {
      const answer = await client.accountDevicesPage(page, signal);
      onAnswer(undefined);
      return answer;
    },
    async classroomDevicesPage(classroomId, page, signal) {
      const answer = await client.classroomDevicesPage(classroomId, page, signal);
      onAnswer(classroomId);
      return answer;
    },
    invalidate: (token) => client.invalidate(token),
  };
}

/** The saved notebook, showing the launch's classroom (not saved yet) as the current one. */
function launchNotebook(saved: Notebook, classroomId: () => string | undefined): Notebook {
  return {
    read() {
      const contents = saved.read();
      const id = classroomId();
      return id === undefined
        ? contents
        : { ...contents, current: id, recent: withRecent(contents.recent, id, undefined) };
    },
    write: (patch) => saved.write(patch),
  };
}

/** One real call, the account's devices page 1, told apart by what answered. */
export async function checkService(client: ServiceClient): Promise<ConnectResult> {
  try {
    await client.accountDevicesPage(1);
    return { outcome: 'connected' };
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    const { problem } = error;
    const { detail } = problem;
    switch (problem.kind) {
      case 'unauthorized':
        return { outcome: 'token-rejected', detail };
      case 'network':
        return { outcome: 'unreachable', detail };
      case 'bad-response':
        return { outcome: 'not-this-service', detail };
      // No such endpoint there: another kind of server.
      case 'bad-request':
        return { outcome: problem.status === 404 ? 'not-this-service' : 'service-failed', detail };
      default:
        return { outcome: 'service-failed', detail };
    }
  }
}
