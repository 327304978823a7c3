import { currentRequestId } from "./request-context.server";

/**
 * A small leveled logger writing one line per event to stdout/stderr. Production runs
 * under a supervisor that collects these lines; nothing here needs a library. A line written while
 * a request is answered names it (`req=<id>`, the `X-Request-Id` of its answer: ADR 0065).
 */
type Level = "debug" | "info" | "warn" | "error";
const ORDER: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };

let threshold: Level = "info";
let format: "text" | "json" = "text";

export function setLogLevel(level: Level) {
  threshold = level;
}

/** `json` (LOG_FORMAT): one JSON object per line, `{ time, level, requestId?, message }`, for log collectors. */
export function setLogFormat(value: "text" | "json") {
  format = value;
}

/** An error as it was logged: the message (first line), the request it happened in. */
export interface LoggedError {
  message: string;
  requestId: string | undefined;
}

const errorListeners = new Set<(error: LoggedError) => void>();

/** Called for every error line (the console's list of recent errors); returns the unsubscribe. */
export function onLoggedError(listener: (error: LoggedError) => void) {
  errorListeners.add(listener);
  return () => errorListeners.delete(listener);
}

function write(level: Level, message: string) {
  const requestId = currentRequestId();
  if (level === "error") for (const listener of errorListeners) listener({ message, requestId });
  if (ORDER[level] < ORDER[threshold]) return;
  const time = new Date().toISOString();
  const line =
    format === "json"
      ? `${JSON.stringify({ time, level, ...(requestId ? { requestId } : {}), message })}\n`
      : `${time} ${level.toUpperCase().padEnd(5)} ${requestId ? `req=${requestId} ` : ""}${message}\n`;
  if (ORDER[level] >= ORDER.warn) process.stderr.write(line);
  else process.stdout.write(line);
}

export const logger = {
  debug: (message: string) => write("debug", message),
  info: (message: string) => write("info", message),
  warn: (message: string) => write("warn", message),
  error: (message: string, error?: unknown) =>
    write("error", error instanceof Error ? `${message}: ${error.stack ?? error.message}` : message),
};
