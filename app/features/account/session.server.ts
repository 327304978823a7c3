import { redirect } from "react-router";

/**
 * The signed-in user of a request. INTERFACE for other features (shop, community, media):
 * `getOptionalUser(request)` and `requireUser(request)`. The accounts feature (issue 4)
 * implements it with better-auth; until then every request is a visitor.
 */
export interface SessionUser {
  id: string;
  email: string;
  name: string;
}

export async function getOptionalUser(_request: Request): Promise<SessionUser | null> {
  return null;
}

/** The user, or a redirect to /auth (thrown) for visitors. */
export async function requireUser(request: Request): Promise<SessionUser> {
  const user = await getOptionalUser(request);
  if (!user) throw redirect("/auth");
  return user;
}
