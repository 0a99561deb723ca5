/**
 * The RendererApi over the browser preview's protocol (src-main/preview/protocol.ts): actions and
 * reads over same-origin HTTP (the host's cookie authenticates), changes over Server-Sent Events,
 * and this tab's visibility reported under the id its event stream was given.
 */
import { byAction, type ActionName } from '../../src-shared/actions';
import { messageWithRefusal, readRefusal } from '../../src-shared/refusal';
import type { ClassTrayChange, ClassTrayState, RendererApi } from './types';
import type { PageClipboardOptions } from './pageClipboard';
import { browserClipboard, copyPasswordInPage } from './pageClipboard';
import type {
  ActionReply,
  CopyPasswordReply,
  DiagnosticsReply,
  ErrorReply,
  LogFolderReply,
  PreviewRoute,
  StateReply,
  TabEvent,
  VisibilityReport,
} from '../../src-main/preview/protocol';

type Listener = (change: ClassTrayChange) => void;
type Actions = Pick<RendererApi, ActionName>;

/** A visibility report that did not reach the host is tried again after 1 s, 2 s... up to 30 s. */
const REPORT_RETRY_FIRST_MS = 1_000;
const REPORT_RETRY_MAX_MS = 30_000;

/** `pageClipboard`: the browser's clipboard and its read permission (tests pass their own). */
export function createPreviewClient(
  pageClipboard: () => PageClipboardOptions = browserClipboard,
): RendererApi {
  const listeners = new Set<Listener>();
  let events: EventSource | undefined;
  /** The id the open stream was given; none before its `tab` event or once it dropped. */
  let tab: string | undefined;
  /** The last report the host answered; whether one is on its way; the next try of a failed one. */
  let reported: VisibilityReport | undefined;
  let reporting = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let retryMs = REPORT_RETRY_FIRST_MS;

  const emit = (change: ClassTrayChange): void => {
    for (const listener of listeners) listener(change);
  };

  const openEvents = (): EventSource => {
    const source = new EventSource(route('/api/events'));
    let opened = false;
    source.addEventListener('open', () => {
      // EventSource reconnects by itself; whatever was pushed meanwhile is lost, so read again.
      if (opened) void getState().then(emitSnapshot, () => undefined);
      opened = true;
    });
    source.addEventListener('error', () => {
      // The stream dropped: its id is gone with it, and the next stream brings a new one.
      tab = undefined;
    });
    source.addEventListener('tab', (event) => {
      tab = (JSON.parse(event.data as string) as TabEvent).tab;
      // A new stream: its id is reported at once, not when a failed report's next try was due.
      stopRetrying();
      reportVisibility();
    });
    source.addEventListener('change', (event) => {
      emit(JSON.parse(event.data as string) as ClassTrayChange);
    });
    return source;
  };

  const emitSnapshot = (state: ClassTrayState): void => {
    emit({ type: 'account', account: state.account });
    emit({ type: 'preferences', preferences: state.preferences });
    emit({ type: 'classroom', classroom: state.classroom });
    emit({ type: 'temporal-accesses', temporalAccesses: state.temporalAccesses });
    emit({ type: 'scheduled-ends', scheduledEnds: state.scheduledEnds });
    emit({ type: 'timetable', timetable: state.timetable });
    emit({ type: 'installation', installation: state.installation });
    emit({ type: 'school-policy', schoolPolicy: state.schoolPolicy });
    emit({ type: 'readiness', readiness: state.readiness });
    emit({ type: 'seat-plan', seatPlan: state.seatPlan });
    emit({ type: 'connection', connection: state.connection });
  };

  const getState = async (): Promise<ClassTrayState> => {
    const response = await fetch(route('/api/state'), { credentials: 'same-origin' });
    return (await readReply(response)) as StateReply;
  };

  const stopRetrying = (): void => {
    clearTimeout(retry);
    retry = undefined;
    retryMs = REPORT_RETRY_FIRST_MS;
  };
  /**
   * One report at a time, so they cannot arrive out of order; once one is answered, the state
   * is sent again if it changed meanwhile. A report the host refused is not sent again: it
   * refuses only an id whose stream is gone, and the stream that replaces it reports under its
   * new id. One that never reached the host (or that it failed on) is tried again, less often
   * each time: until the host hears the window is visible, it treats it as hidden, and a lesson's
   * start would not open its room.
   */
  const reportVisibility = (): void => {
    if (tab === undefined || reporting || retry !== undefined) return;
    const report: VisibilityReport = { tab, visible: document.visibilityState === 'visible' };
    if (report.tab === reported?.tab && report.visible === reported.visible) return;
    reporting = true;
    void sendReport(report).then((answered) => {
      reporting = false;
      if (answered) {
        reported = report;
        retryMs = REPORT_RETRY_FIRST_MS;
        reportVisibility();
        return;
      }
      retry = setTimeout(() => {
        retry = undefined;
        reportVisibility();
      }, retryMs);
      retryMs = Math.min(2 * retryMs, REPORT_RETRY_MAX_MS);
    });
  };
  document.addEventListener('visibilitychange', reportVisibility);

  return {
    // Each action posts its input to the route named after it; the reply carries its result.
    ...byAction<Actions>((action) => {
      const path = route(`/api/actions/${action}`);
      return async (input?: unknown): Promise<never> =>
        (((await post(path, input ?? {})) as ActionReply).result ?? undefined) as never;
    }),
    getState,
    subscribe(listener) {
      listeners.add(listener);
      // The stream's `tab` event starts the visibility reports.
      events ??= openEvents();
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) {
          events?.close();
          events = undefined;
          tab = undefined;
          stopRetrying();
        }
      };
    },
    async copyDevicePassword(input) {
      const reply = (await post('/api/copy-password', input)) as CopyPasswordReply;
      if (reply.password === null) return { copied: false };
      const options = pageClipboard();
      return {
        copied: true,
        cleared: await copyPasswordInPage(reply.password, reply.clearAfterSeconds, options),
      };
    },
    // A page cannot open a folder: the host says where it is, and the window shows it.
    openLogFolder: async () => (await post('/api/log-folder', {})) as LogFolderReply,
    async copyDiagnostics() {
      const { text } = (await post('/api/diagnostics', {})) as DiagnosticsReply;
      await pageClipboard().clipboard.writeText(text);
    },
  };
}

/**
 * Whether the host answered a visibility report, accepting or refusing it (422: its id is gone);
 * false when it never got there or the host failed on it.
 */
async function sendReport(report: VisibilityReport): Promise<boolean> {
  try {
    const response = await send(route('/api/visibility'), report);
    return response.ok || response.status === 422;
  } catch {
    return false;
  }
}

/** Every path goes through here, so a path outside the protocol does not compile. */
const route = (path: PreviewRoute): PreviewRoute => path;

const send = (path: PreviewRoute, body: unknown): Promise<Response> =>
  fetch(path, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

async function post(path: PreviewRoute, body: unknown): Promise<unknown> {
  return readReply(await send(path, body));
}

/** A failure rejects as Electron's bridge does: its refusal, if any, rides in the message. */
async function readReply(response: Response): Promise<unknown> {
  const reply: unknown = await response.json().catch(() => null);
  if (response.ok) return reply;
  if (
    typeof reply !== 'object' ||
    reply === null ||
    typeof (reply as ErrorReply).error !== 'string'
  ) {
    throw new Error(`The preview host answered ${response.status}.`);
  }
  const { error, refusal } = reply as ErrorReply;
  throw new Error(messageWithRefusal({ message: error, refusal: readRefusal(refusal) }));
}
