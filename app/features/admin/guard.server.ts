import { data, redirect } from "react-router";
import type { ConsoleRole } from "~/db/schema";
import { consoleChecksOf, isFresh, mayEnterConsole, touchConsole } from "~/features/account/second-factor.server";
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
  /** The session of the request (its second-factor checks, ADR 0044). */
  sessionId?: string;
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

/** The page to come back to after "Confirm it's you": the request's path without React Router's data suffix and parameters. */
function returnPathOf(request: Request) {
  const url = new URL(request.url);
  const path = url.pathname.replace(/\.data$/, "").replace(/\/_root$/, "") || "/admin";
  if (request.method !== "GET" && request.method !== "HEAD") return path;
  url.searchParams.delete("_routes");
  const search = url.searchParams.toString();
  return search ? `${path}?${search}` : path;
}

/** "Confirm it's you" (/auth/confirm), then back to this page. */
function askAgain(request: Request): never {
  throw redirect(`/auth/confirm?returnTo=${encodeURIComponent(returnPathOf(request))}`);
}

/**
 * `stepUp`: a sensitive action (role changes, member deletion, exports, settings) that needs a second
 * factor passed less than STEP_UP_MINUTES ago (ADR 0044); every console request needs the console's
 * own sign-in (a second factor, asked again after a pause of as long).
 */
export async function requireConsole(request: Request, section: ConsoleSection, options: { stepUp?: boolean } = {}): Promise<ConsoleActor> {
  const user = await getOptionalUser(request);
  if (!user?.sessionId) consoleNotFound(request);
  const role = await roleOfUser(user.id);
  if (!canUse(role, section)) consoleNotFound(request);
  const checks = await consoleChecksOf(user.id, user.sessionId);
  // Without a second factor a console role opens nothing (the server gate sends its pages to the set-up).
  if (!checks.enabled) consoleNotFound(request);
  if (request.method !== "GET" && request.method !== "HEAD" && !isSameOrigin(request)) {
    throw data({ error: "admin.errors.crossSite" }, { status: 403 });
  }
  if (!mayEnterConsole(checks) || (options.stepUp && !isFresh(checks))) askAgain(request);
  await touchConsole(user.sessionId);
  return { id: user.id, email: user.email, name: user.name, role: role!, sessionId: user.sessionId };
}

/** The step-up of one sensitive intent in an action that has other, ordinary ones. */
export async function requireFreshSecondFactor(request: Request, actor: ConsoleActor) {
  if (!actor.sessionId || !isFresh(await consoleChecksOf(actor.id, actor.sessionId))) askAgain(request);
}

/** Headers of every console answer: private, never stored by a cache, never indexed. */
export const CONSOLE_HEADERS = {
  "Cache-Control": "private, no-store",
  "X-Robots-Tag": "noindex",
} as const;
