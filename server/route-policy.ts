import { FORM_BODY_LIMIT } from "~/lib/page";
import type { PageTable } from "./page-table";

/**
 * Which doors take what (ADR 0014, ADR 0050): the methods a path accepts, the content types of its
 * body and how many bytes it may send, from what its route declares (server/page-table.ts).
 * `server/request-guard.ts` enforces it before any session check, parsing or React Router.
 * A route with an `action` takes forms up to FORM_BODY_LIMIT unless its `page` says otherwise;
 * every other path (a route without an action, an unknown path) takes GET and HEAD only.
 */

export { FORM_BODY_LIMIT };

export const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"] as const;

/**
 * better-auth endpoints reachable from outside: the links in our mails and the Google
 * callback. Everything else under /api/auth answers 404; the product's forms call the library
 * on the server (auth.api), where they enforce their own rules (ADR 0014).
 */
export const PUBLIC_AUTH_ENDPOINTS = [
  { method: "GET", path: "/verify-email", pattern: /^\/verify-email$/ },
  { method: "GET", path: "/reset-password/:token", pattern: /^\/reset-password\/[^/]+$/ },
  { method: "GET", path: "/callback/:id", pattern: /^\/callback\/google$/ },
] as const;

export const AUTH_BASE_PATH = "/api/auth";

export interface RoutePolicy {
  /** Methods answered; others get 405 with `Allow`. */
  methods: string[];
  /** Content types a body may have (POST); empty: no body expected. */
  types: readonly string[];
  /** Largest body in bytes, counted as received (chunked too). */
  limit: number;
  /** The body is not read here: the route streams it (console uploads), counting against `limit` itself. */
  stream?: boolean;
}

/**
 * Console doors (ADR 0020), only for senders whose console role covers the path (the console
 * gate resolves it first): for everyone else a console path has the policy of an unknown path.
 * Its forms post like any form; a route that declares a streamed body (the uploads) takes a raw file.
 */
export const ANY_TYPE = "*";

const PAGE: RoutePolicy = { methods: ["GET", "HEAD"], types: [], limit: 0 };
const FORM: RoutePolicy = { methods: ["GET", "HEAD", "POST"], types: FORM_TYPES, limit: FORM_BODY_LIMIT };

/**
 * Fields a form body may hold, counted on the raw bytes before anything parses it: the largest form
 * (the console's settings) has under 60; tens of thousands of empty parts would cost the parser
 * most of a second per request.
 */
export const FORM_FIELDS_LIMIT = 300;

/**
 * Whether the limit of this request depends on its session: a multipart post to a route that
 * declares a larger one for a verified session (the avatar on /profile). Only then does the guard
 * verify the session (signature and row) before reading the body.
 */
export function limitDependsOnSession(pages: PageTable, path: string, contentType: string) {
  const body = pages.find(path)?.page.body;
  return contentType === "multipart/form-data" && body !== undefined && !body.stream && body.signedInMultipartLimit > 0;
}

/**
 * The policy of a request. `signedIn` is whether the request holds a VERIFIED session (better-auth's
 * signature and a live session row, not a cookie's presence): only then may /profile take an
 * avatar-sized multipart body.
 */
export function policyOf(pages: PageTable, path: string, contentType: string, signedIn: boolean, consoleAccess = false): RoutePolicy {
  if (consoleAccess) {
    const body = pages.find(path)?.page.body;
    if (body?.stream && !path.endsWith(".data")) return { methods: ["POST"], types: [ANY_TYPE], limit: body.limit, stream: true };
    // A console form with a file (a translation import): the sender's role came from a verified session.
    if (body && !body.stream && contentType === "multipart/form-data") return { ...FORM, limit: body.signedInMultipartLimit };
    return FORM;
  }
  if (path === AUTH_BASE_PATH || path.startsWith(`${AUTH_BASE_PATH}/`)) {
    const rest = path.slice(AUTH_BASE_PATH.length);
    const endpoint = PUBLIC_AUTH_ENDPOINTS.find((entry) => entry.pattern.test(rest));
    return endpoint ? { methods: [endpoint.method], types: [], limit: 0 } : { methods: [], types: [], limit: 0 };
  }
  const route = pages.find(path);
  // Without a console role a console route is an unknown path.
  if (!route || route.console !== null || !route.hasAction) return PAGE;
  const body = route.page.body;
  if (body?.stream) return { methods: ["POST"], types: [ANY_TYPE], limit: body.limit, stream: true };
  if (body && signedIn && limitDependsOnSession(pages, path, contentType)) return { ...FORM, limit: body.signedInMultipartLimit };
  return FORM;
}

export function isAuthPath(path: string) {
  return path === AUTH_BASE_PATH || path.startsWith(`${AUTH_BASE_PATH}/`);
}
