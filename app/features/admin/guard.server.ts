import { data } from "react-router";
import type { ConsoleRole } from "~/db/schema";
import { getOptionalUser } from "~/features/account/session.server";
import { getEnv } from "~/lib/env.server";
import { logger } from "~/lib/logger.server";
import { canUse, type ConsoleSection } from "./access";
import { roleOfUser } from "./roles.server";

/**
 * The console's server-side guard, called first by every /admin loader, action and file route.
 * Without the role for the section the answer is the app's normal 404 (the console does not
 * reveal that it exists); the server gate (server/console-gate.ts) already hides the console's
 * routes from people without a role, so this is the second lock, checked with the full session.
 */
export interface ConsoleActor {
  id: string;
  email: string;
  name: string;
  role: ConsoleRole;
}

export function consoleNotFound(request: Request): never {
  // The same log line as an unknown path (routes/not-found.tsx).
  logger.warn(`404 Not Found: ${new URL(request.url).pathname.replace(/\.data$/, "")}`);
  throw data(null, { status: 404 });
}

/** Cross-site form posts are refused: the session cookie alone never authorises a console change. */
function isSameOrigin(request: Request) {
  const site = request.headers.get("sec-fetch-site");
  const origin = request.headers.get("origin");
  const allowed = new Set([new URL(getEnv().PUBLIC_URL).origin, new URL(request.url).origin]);
  return site !== "cross-site" && (origin === null || allowed.has(origin));
}

export async function requireConsole(request: Request, section: ConsoleSection): Promise<ConsoleActor> {
  const user = await getOptionalUser(request);
  if (!user) consoleNotFound(request);
  const role = await roleOfUser(user.id);
  if (!canUse(role, section)) consoleNotFound(request);
  if (request.method !== "GET" && request.method !== "HEAD" && !isSameOrigin(request)) {
    throw data({ error: "admin.errors.crossSite" }, { status: 403 });
  }
  return { id: user.id, email: user.email, name: user.name, role: role! };
}

/** Headers of every console answer: private, never stored by a cache, never indexed. */
export const CONSOLE_HEADERS = {
  "Cache-Control": "private, no-store",
  "X-Robots-Tag": "noindex",
} as const;
