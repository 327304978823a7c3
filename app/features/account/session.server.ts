import { and, eq, lt } from "drizzle-orm";
import { redirect } from "react-router";
import { profiles, session } from "~/db/schema";
import { db } from "~/lib/db.server";
import { logger } from "~/lib/logger.server";
import { getAuth, SESSION_ABSOLUTE_S } from "./auth.server";

/**
 * The signed-in user of a request. INTERFACE for other features (shop, community, media):
 * `getOptionalUser(request)` and `requireUser(request)`, backed by better-auth's session
 * cookie (the session row is looked up on the server, so a revoked session ends at once).
 */
export interface SessionUser {
  id: string;
  email: string;
  name: string;
  /** The id of the session row of this request ("this device" in the profile's session list). */
  sessionId?: string;
}

export interface ShellUser extends SessionUser {
  avatarUrl: string | null;
}

const cache = new WeakMap<Request, Promise<SessionUser | null>>();
/** Sessions whose last activity was written recently (at most one write per session and interval). */
const touched = new Map<string, number>();
const TOUCH_INTERVAL_MS = 5 * 60 * 1000;

/** Records "last active" for the profile's session list, cheaply: one UPDATE per 5 minutes. */
async function touchSession(sessionId: string) {
  const now = Date.now();
  if (now - (touched.get(sessionId) ?? 0) < TOUCH_INTERVAL_MS) return;
  if (touched.size > 10_000) touched.clear();
  touched.set(sessionId, now);
  await db()
    .update(session)
    .set({ lastActiveAt: new Date(now) })
    .where(and(eq(session.id, sessionId), lt(session.lastActiveAt, new Date(now - TOUCH_INTERVAL_MS))))
    .catch(() => undefined);
}
const renewedCookies = new WeakMap<Request, string[]>();

async function lookup(request: Request): Promise<SessionUser | null> {
  if (!request.headers.get("cookie")?.includes("session_token")) return null;
  try {
    const { headers, response } = await getAuth().api.getSession({ headers: request.headers, returnHeaders: true });
    // A session in use is renewed (new expiry): the cookie follows via sessionCookieHeaders().
    const cookies = headers.getSetCookie();
    if (cookies.length) renewedCookies.set(request, cookies);
    if (!response) return null;
    // The absolute lifetime: however much a session is used, it ends SESSION_ABSOLUTE_S after sign-in.
    if (Date.now() - new Date(response.session.createdAt).getTime() > SESSION_ABSOLUTE_S * 1000) {
      const context = await getAuth().$context;
      await context.internalAdapter.deleteSession(response.session.token);
      logger.info(`session of user ${response.user.id} ended: older than ${SESSION_ABSOLUTE_S / 86400} days`);
      renewedCookies.delete(request);
      return null;
    }
    await touchSession(response.session.id);
    return { id: response.user.id, email: response.user.email, name: response.user.name, sessionId: response.session.id };
  } catch {
    return null;
  }
}

/** Set-Cookie headers produced by the session lookup of this request (renewal or clean-up). */
export function sessionCookieHeaders(request: Request): Headers {
  const headers = new Headers();
  for (const cookie of renewedCookies.get(request) ?? []) headers.append("Set-Cookie", cookie);
  return headers;
}

export function getOptionalUser(request: Request): Promise<SessionUser | null> {
  let pending = cache.get(request);
  if (!pending) {
    pending = lookup(request);
    cache.set(request, pending);
  }
  return pending;
}

/** The user, or a redirect to /auth (thrown) for visitors. */
export async function requireUser(request: Request): Promise<SessionUser> {
  const user = await getOptionalUser(request);
  if (!user) throw redirect("/auth");
  return user;
}

/** What the top bar needs: id, email, username (or name) and avatar. */
export async function getShellUser(request: Request): Promise<ShellUser | null> {
  const sessionUser = await getOptionalUser(request);
  if (!sessionUser) return null;
  const [profile] = await db()
    .select({ username: profiles.username, avatarUrl: profiles.avatarUrl })
    .from(profiles)
    .where(eq(profiles.id, sessionUser.id));
  return {
    ...sessionUser,
    name: profile?.username || sessionUser.name,
    avatarUrl: profile?.avatarUrl ?? null,
  };
}
