import { eq } from "drizzle-orm";
import { redirect } from "react-router";
import { profiles } from "~/db/schema";
import { db } from "~/lib/db.server";
import { getAuth } from "./auth.server";

/**
 * The signed-in user of a request. INTERFACE for other features (shop, community, media):
 * `getOptionalUser(request)` and `requireUser(request)`, backed by better-auth's session
 * cookie (the session row is looked up on the server, so a revoked session ends at once).
 */
export interface SessionUser {
  id: string;
  email: string;
  name: string;
}

export interface ShellUser extends SessionUser {
  avatarUrl: string | null;
}

const cache = new WeakMap<Request, Promise<SessionUser | null>>();

async function lookup(request: Request): Promise<SessionUser | null> {
  if (!request.headers.get("cookie")?.includes("session_token")) return null;
  try {
    const result = await getAuth().api.getSession({ headers: request.headers });
    if (!result) return null;
    return { id: result.user.id, email: result.user.email, name: result.user.name };
  } catch {
    return null;
  }
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
