import { and, desc, eq, gt, ne } from "drizzle-orm";
import { session } from "~/db/schema";
import { db } from "~/lib/db.server";
import { parseUserAgent } from "./user-agent";

/**
 * The profile's list of active sessions and ending them. Every function is scoped to the user id
 * of the caller's own session: a session id of another account matches nothing. Ending a session
 * deletes its row, so its cookie stops working on the next request (sessions are looked up on the
 * server, no cookie cache).
 */
export interface ActiveSession {
  id: string;
  browser: string | null;
  os: string | null;
  createdAt: string;
  lastActiveAt: string;
  current: boolean;
}

export async function listSessions(userId: string, currentSessionId: string | undefined): Promise<ActiveSession[]> {
  const rows = await db()
    .select({ id: session.id, userAgent: session.userAgent, createdAt: session.createdAt, lastActiveAt: session.lastActiveAt })
    .from(session)
    .where(and(eq(session.userId, userId), gt(session.expiresAt, new Date())))
    .orderBy(desc(session.lastActiveAt))
    .limit(100);
  return toActiveSessions(rows, currentSessionId);
}

/** The list as the profile shows it: browser and system named, the current session first. */
export function toActiveSessions(
  rows: Array<{ id: string; userAgent: string | null; createdAt: Date; lastActiveAt: Date }>,
  currentSessionId: string | undefined,
): ActiveSession[] {
  return rows
    .map((row) => ({
      id: row.id,
      ...parseUserAgent(row.userAgent),
      createdAt: row.createdAt.toISOString(),
      lastActiveAt: row.lastActiveAt.toISOString(),
      current: row.id === currentSessionId,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current));
}

/** Ends one of the user's own sessions; false when the id is not one of theirs. */
export async function endSession(userId: string, sessionId: string) {
  const removed = await db()
    .delete(session)
    .where(and(eq(session.id, sessionId), eq(session.userId, userId)))
    .returning({ id: session.id });
  return removed.length > 0;
}

/** Ends every session of the user except the current one; returns how many ended. */
export async function endOtherSessions(userId: string, currentSessionId: string) {
  const removed = await db()
    .delete(session)
    .where(and(eq(session.userId, userId), ne(session.id, currentSessionId)))
    .returning({ id: session.id });
  return removed.length;
}
