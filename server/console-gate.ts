import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import type { ServerBuild } from "react-router";
import type { ConsoleRole } from "~/db/schema";
import { CONSOLE_HEADERS } from "~/features/admin/guard.server";
import { canUse, isConsolePath } from "~/features/admin/access";
import { roleOfSessionToken } from "~/features/admin/roles.server";
import { logger } from "~/lib/logger.server";
import { sessionCookieValue } from "~/lib/cookies.server";
import { pageTableOf } from "./page-table";

/**
 * The console is invisible to everyone without a role (issue 11, ADR 0020). A request is served
 * by a route table that holds only what its sender may use: people without a role get a build
 * without any /admin route, so `/admin/...`, its data requests and the lazy route manifest
 * (`/__manifest`) answer exactly like an unknown path; editors get one without the admin-only
 * sections. Every console loader and action checks again with the full session
 * (requireConsole), so this gate only decides what is visible, never what is allowed.
 */

type Audience = ConsoleRole | "public";

/** The session token of a better-auth cookie (`<token>.<signature>`, URL-encoded). */
export function sessionTokenOf(cookieHeader: string | undefined): string | undefined {
  const token = sessionCookieValue(cookieHeader)?.split(".")[0];
  return token !== undefined && /^[A-Za-z0-9_-]{8,200}$/.test(token) ? token : undefined;
}

/** A copy of the build whose route table holds only the routes the audience may see (each console route declares its section). */
export function buildFor(build: ServerBuild, audience: Audience): ServerBuild {
  if (audience === "admin") return build;
  const pages = pageTableOf(build);
  const visible = (id: string) => {
    const section = pages.sectionOf(id);
    return section === null || (audience !== "public" && canUse(audience, section));
  };
  const routes = Object.fromEntries(Object.entries(build.routes).filter(([id]) => visible(id)));
  const assetRoutes = Object.fromEntries(Object.entries(build.assets.routes).filter(([id]) => visible(id)));
  return { ...build, routes, assets: { ...build.assets, routes: assetRoutes } } as ServerBuild;
}

export function memoizedBuildFor(build: () => Promise<ServerBuild>, audience: Audience) {
  const copies = new WeakMap<ServerBuild, ServerBuild>();
  return async () => {
    const full = await build();
    let copy = copies.get(full);
    if (!copy) {
      copy = buildFor(full, audience);
      copies.set(full, copy);
    }
    return copy;
  };
}

type Handler = (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => unknown;

/**
 * Resolves the sender's console audience once (one query, only with a session cookie), before the
 * request guard: `res.locals.consoleAccess` tells the route policy whether this console path is a
 * door for this sender; for everyone else it has the policy of an unknown path.
 */
/**
 * Whether the answer to this path depends on the sender's console role. A page's data (`/x.data`)
 * outside the console is the same in every audience's build (the same loaders; only documents carry
 * the build's route manifest): no role lookup for it (ADR 0031, the member shell's data request).
 */
export function needsAudience(path: string) {
  return !path.endsWith(".data") || isConsolePath(path);
}

export function createConsoleAudience(): Handler {
  return async function consoleAudience(req, res, next) {
    let audience: Audience = "public";
    let needsSecondFactor = false;
    const token = needsAudience(req.path) ? sessionTokenOf(req.headers.cookie) : undefined;
    if (token) {
      try {
        const found = await roleOfSessionToken(token);
        // A role without a second factor sees what people without a role see (ADR 0044).
        if (found?.secondFactor) audience = found.role;
        needsSecondFactor = found !== null && !found.secondFactor;
      } catch (error) {
        logger.error("Console gate: role lookup failed", error);
      }
    }
    res.locals.consoleAudience = audience;
    res.locals.consoleSetUp = needsSecondFactor && isConsolePath(req.path);
    // Any role: the console's paths are doors; which routes exist is the audience's build (an
    // editor's admin-only path then answers like an unknown console path).
    res.locals.consoleAccess = audience !== "public" && isConsolePath(req.path);
    next();
  };
}

/** Chooses the request handler by the audience createConsoleAudience resolved. */
export function createConsoleGate(handlers: Record<Audience, Handler>): Handler {
  return async function consoleGate(req, res, next) {
    const audience = (res.locals.consoleAudience as Audience | undefined) ?? "public";
    // A console user without a second factor who opens a console page is sent to its set-up;
    // every other request of theirs to the console (data, posts) answers as an unknown path.
    if (res.locals.consoleSetUp === true && req.method === "GET" && !req.path.endsWith(".data")) {
      res.setHeader("Cache-Control", "private, no-store");
      return res.redirect(302, `/profile/two-step?returnTo=${encodeURIComponent(req.path)}`);
    }
    if (res.locals.consoleAccess === true) {
      // Cache-Control (private, no-store) comes from the React Router adapter, as for every
      // answer to a request with a session cookie; set here it would be sent twice.
      res.setHeader("X-Robots-Tag", CONSOLE_HEADERS["X-Robots-Tag"]);
    }
    return handlers[audience](req, res, next);
  };
}
