/**
 * The one logger the main side writes through: info for what the core did on its own (a
 * scheduled end that ran), warnings for things the teacher may want to know
 * about (a settings file set aside), errors for failures nobody planned for, always with their
 * stack. A scope names the part that speaks ("core", "settings", "ipc").
 */
/** Plain functions, no `this`: `log.warn` may be passed on by itself. */
export interface Logger {
  info: (message: string) => void;
  warn: (message: string) => void;
  /** An unexpected failure: the message, then the error's stack. */
  error: (message: string, error?: unknown) => void;
  /** The same logger, its lines prefixed with `scope`. */
  child: (scope: string) => Logger;
}

/** Where the lines go: console.info, console.warn and console.error by default. */
export interface LogSink {
  info(line: string): void;
  warn(line: string): void;
  error(line: string): void;
}

export function createLogger(sink: LogSink = console, scope?: string): Logger {
  const prefix = scope === undefined ? '' : `[${scope}] `;
  return {
    info: (message) => sink.info(`${prefix}${message}`),
    warn: (message) => sink.warn(`${prefix}${message}`),
    error: (message, error) =>
      sink.error(`${prefix}${message}${error === undefined ? '' : `\n${stackOf(error)}`}`),
    child: (child) => createLogger(sink, scope === undefined ? child : `${scope}:${child}`),
  };
}

/** Says nothing: for tests that do not look at the log. */
export const silentLogger: Logger = createLogger({
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
});

export function stackOf(error: unknown): string {
  return error instanceof Error
    ? (error.stack ?? `${error.name}: ${error.message}`)
    : String(error);
}
