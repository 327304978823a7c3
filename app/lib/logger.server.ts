/**
 * A small leveled logger writing one line per event to stdout/stderr. Production runs
 * under a supervisor that collects these lines; nothing here needs a library.
 */
type Level = "debug" | "info" | "warn" | "error";
const ORDER: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };

let threshold: Level = "info";

export function setLogLevel(level: Level) {
  threshold = level;
}

function write(level: Level, message: string) {
  if (ORDER[level] < ORDER[threshold]) return;
  const line = `${new Date().toISOString()} ${level.toUpperCase().padEnd(5)} ${message}\n`;
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
