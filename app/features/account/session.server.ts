import { and, eq, lt, sql } from "drizzle-orm";
import type { SelectedFields } from "drizzle-orm/pg-core";
import { redirect } from "react-router";
import { profiles, session, user } from "~/db/schema";
import { carriesSessionCookie, readCookies, verifiedSignedCookie } from "~/lib/cookies.server";
import { db, preparedQuery } from "~/lib/db.server";
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
/** What the top bar needs, read together with the session by the short path (no second query). */
const shellFields = new WeakMap<Request, { username: string | null; avatarUrl: string | null }>();

/** better-auth's cookie names, secret and session timing, read once from its context. */
let cookieFacts: Promise<{ token: string; others: string[]; secret: string; expiresInMs: number; updateAgeMs: number }> | undefined;
function getCookieFacts() {
  cookieFacts ??= getAuth().$context.then((context) => ({
    token: context.authCookies.sessionToken.name,
    others: [context.authCookies.sessionData.name, context.authCookies.dontRememberToken.name],
    secret: context.secret,
    expiresInMs: context.sessionConfig.expiresIn * 1000,
    updateAgeMs: context.sessionConfig.updateAge * 1000,
  }));
  return cookieFacts;
}

/** What the short path reads of a session: the session, its user and the top bar's profile fields. */
const sessionRowFields = {
  sessionId: session.id,
  expiresAt: session.expiresAt,
  createdAt: session.createdAt,
  userId: user.id,
  email: user.email,
  name: user.name,
  username: profiles.username,
  avatarUrl: profiles.avatarUrl,
};

export interface SessionRow {
  sessionId: string;
  expiresAt: Date;
  createdAt: Date;
  userId: string;
  email: string;
  name: string;
  username: string | null;
  avatarUrl: string | null;
}

/**
 * The prepared query `name` of a session token's row (the session, its user and profile: what the
 * short path checks, sessionRowFields) and `more` of the same join in the same query (ADR 0038: the
 * profile page). Each caller gives its own statement name.
 */
export function fromSessionToken<More extends SelectedFields>(name: string, more: More) {
  return preparedQuery(name, (database) =>
    database
      .select({ ...sessionRowFields, ...more })
      .from(session)
      .innerJoin(user, eq(user.id, session.userId))
      .leftJoin(profiles, eq(profiles.id, session.userId))
      .where(eq(session.token, sql.placeholder("token")))
      .prepare(name),
  );
}

/** A session token's row, in one prepared query. */
const readSessionRow = async (token: string): Promise<SessionRow | undefined> =>
  (await fromSessionToken("session_by_token", {}).execute({ token }))[0];

/** The session token of a cookie header whose signature is better-auth's (app/lib/cookies.server.ts). */
async function signedSessionToken(cookieHeader: string): Promise<string | undefined> {
  const facts = await getCookieFacts();
  const cookies = readCookies(cookieHeader);
  if (facts.others.some((name) => cookies.has(name))) return undefined;
  return verifiedSignedCookie(cookieHeader, facts.token, facts.secret);
}

/** Whether a Cookie header carries better-auth's session cookie (valid or not): the free test before any lookup. */
export function mayCarrySession(cookieHeader: string | null | undefined): cookieHeader is string {
  return carriesSessionCookie(cookieHeader);
}

/**
 * Whether the Cookie header holds a session that is valid now: better-auth's signature and an
 * unexpired session row (one query). What a decision on a session needs before anything else reads
 * the request (the request guard's body limits); a cookie's mere presence is carriesSessionCookie.
 */
export async function hasVerifiedSession(cookieHeader: string | undefined): Promise<boolean> {
  if (!mayCarrySession(cookieHeader)) return false;
  const token = await signedSessionToken(cookieHeader).catch(() => undefined);
  if (token === undefined) return false;
  const row = await readSessionRow(token);
  return row !== undefined && row.expiresAt.getTime() > Date.now();
}

/**
 * The short path of a session lookup (ADR 0031): the signed cookie checked here and ONE query for
 * session, user and profile (`readRow`, which may read more in the same query, ADR 0038). It answers
 * only the everyday case, a valid session that needs nothing written; everything else (no or a bad
 * signature, an unknown, expired, due-for-renewal or too old session, a "don't remember me" or
 * cookie-cache cookie) returns undefined and goes to better-auth's own getSession, which renews,
 * clears cookies and deletes as it always did.
 */
async function lookupShortly(request: Request, cookieHeader: string, readRow = readSessionRow): Promise<SessionUser | undefined> {
  const token = await signedSessionToken(cookieHeader);
  if (token === undefined) return undefined;
  const facts = await getCookieFacts();
  const row = await readRow(token);
  const now = Date.now();
  if (!row || row.expiresAt.getTime() <= now) return undefined;
  // better-auth renews a session (new expiry, new cookie) once updateAge has passed since the last renewal.
  if (row.expiresAt.getTime() - facts.expiresInMs + facts.updateAgeMs <= now) return undefined;
  if (now - row.createdAt.getTime() > SESSION_ABSOLUTE_S * 1000) return undefined;
  shellFields.set(request, { username: row.username, avatarUrl: row.avatarUrl });
  await touchSession(row.sessionId);
  return { id: row.userId, email: row.email, name: row.name, sessionId: row.sessionId };
}

/**
 * The session of a request by the short path alone (ADR 0031, 0038), kept for the request's later
 * lookups; undefined whenever better-auth's own check would have to run (it may renew the session or
 * clear cookies, which only a response through React Router carries to the browser). `readRow` reads
 * the session's row, and may read more with it (the profile page, profile-page.server.ts).
 */
export async function getSessionUserShortly(request: Request, readRow = readSessionRow): Promise<SessionUser | undefined> {
  const cookieHeader = request.headers.get("cookie");
  if (!mayCarrySession(cookieHeader)) return undefined;
  const user = await lookupShortly(request, cookieHeader, readRow).catch(() => undefined);
  if (user) cache.set(request, Promise.resolve(user));
  return user;
}

async function lookup(request: Request): Promise<SessionUser | null> {
  const cookieHeader = request.headers.get("cookie");
  if (!mayCarrySession(cookieHeader)) return null;
  try {
    const shortly = await lookupShortly(request, cookieHeader);
    if (shortly) return shortly;
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
  const [profile] = shellFields.has(request)
    ? [shellFields.get(request)]
    : await db()
        .select({ username: profiles.username, avatarUrl: profiles.avatarUrl })
        .from(profiles)
        .where(eq(profiles.id, sessionUser.id));
  return {
    ...sessionUser,
    name: profile?.username || sessionUser.name,
    avatarUrl: profile?.avatarUrl ?? null,
  };
}
