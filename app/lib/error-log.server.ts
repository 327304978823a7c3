import { desc, sql } from "drizzle-orm";
import { recentErrors } from "~/db/schema";
import { db, isDatabaseOpen } from "./db.server";
import { onLoggedError, type LoggedError } from "./logger.server";
import { serverApplicationName } from "./system-status.server";

/**
 * The last errors of every server process, for the console's System page (ADR 0065): each error line
 * the logger writes is also kept in `recent_errors` (the newest KEPT_ERRORS), with its request id and
 * process. What is kept holds no personal data: the message's first line, cut short, with e-mail and
 * IP addresses masked. The stack stays in the log, found by the request id.
 */
export const KEPT_ERRORS = 50;
const MESSAGE_LIMIT = 300;
/** Errors arriving faster than they are written (a database outage logs many) are counted, not kept. */
const MAX_PENDING_WRITES = 5;

const EMAIL = /[^\s@<>"'()[\],;:]+@[^\s@<>"'()[\],;:]+/g;
const IPV4 = /\b\d{1,3}(?:\.\d{1,3}){3}\b/g;
const IPV6 = /(?<![\w:])(?:[0-9a-f]{0,4}:){2,7}[0-9a-f]{0,4}(?![\w:])/gi;

/** The part of an error message that is kept: its first line, addresses masked, at most MESSAGE_LIMIT characters. */
export function keptMessage(message: string) {
  const firstLine = message.split("\n", 1)[0]!.trim();
  const masked = firstLine.replace(EMAIL, "<address>").replace(IPV4, "<ip>").replace(IPV6, "<ip>");
  return masked.length > MESSAGE_LIMIT ? `${masked.slice(0, MESSAGE_LIMIT - 1)}…` : masked;
}

let pending = 0;

export async function recordError(error: LoggedError) {
  if (!isDatabaseOpen() || pending >= MAX_PENDING_WRITES) return;
  pending += 1;
  try {
    await db()
      .insert(recentErrors)
      .values({ requestId: error.requestId ?? null, process: serverApplicationName(), message: keptMessage(error.message) });
    await db().execute(sql`
      delete from recent_errors
      where id <= (select id from recent_errors order by id desc offset ${KEPT_ERRORS} limit 1)`);
  } catch {
    // The error itself is in the log; a database that cannot take it is reported by its own lines.
  } finally {
    pending -= 1;
  }
}

let stop: (() => void) | undefined;

/** Server processes keep their errors from start to stop (server/app.ts). */
export function startErrorLog() {
  stop ??= onLoggedError((error) => void recordError(error));
}

export function stopErrorLog() {
  stop?.();
  stop = undefined;
}

export async function lastErrors(limit = 20) {
  return db().select().from(recentErrors).orderBy(desc(recentErrors.id)).limit(limit);
}
