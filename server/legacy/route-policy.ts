import { AVATAR_MAX_BYTES } from "~/features/account/schemas";
import { MEDIA_UPLOAD_MAX_BYTES } from "~/features/admin/upload.server";

/**
 * Which doors take what (ADR 0014). Everything the server answers is listed here once: the
 * methods each path accepts, the content types of its body and how many bytes it may send.
 * `server/request-guard.ts` enforces it before any session check, parsing or React Router.
 */

/** Forms and JSON: tens of KB. The largest legitimate form (contact) is under 3 KB. */
export const FORM_BODY_LIMIT = 64 * 1024;
/** The avatar upload: the image limit plus room for the multipart framing and the other fields. */
export const AVATAR_BODY_LIMIT = AVATAR_MAX_BYTES + 64 * 1024;

export const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"] as const;

/** Pages with an action (the form posts, with or without JavaScript). */
export const FORM_ACTION_PATHS = [
  "/auth",
  "/profile",
  "/logout",
  "/contact",
  "/shop/cart",
  "/notify",
  // Privacy (issue 12): the newsletter links' buttons (and RFC 8058 one-click POSTs), the data export, sessions.
  "/newsletter/confirm",
  "/newsletter/unsubscribe",
  "/profile/data-export",
  "/profile/sessions",
  // The second factor (ADR 0044): the sign-in's second step, "Confirm it's you", the set-up.
  "/auth/two-step",
  "/auth/confirm",
  "/profile/two-step",
] as const;

/** Resource routes that take a POST without a body (fetch from the media page). */
const EMPTY_POST_PATHS = [/^\/api\/media\/[^/]+\/download$/];

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
 * Its forms post like any form; its two upload routes take a raw file body streamed to disk.
 * Privacy pages (issues 12, 13; admins): forms `/admin/launches` (delete) and `/admin/retention`
 * (save), GET-only `/admin/newsletter`, `/admin/newsletter/export.csv`, `/admin/launches/export.csv`;
 * GET-only `/admin/members/newsletter.csv`, a 308 redirect to the newsletter export.
 */
const CONSOLE_UPLOAD_PATHS = [/^\/admin\/media\/upload$/, /^\/admin\/media\/[^/]+\/file$/];
export const ANY_TYPE = "*";

const PAGE: RoutePolicy = { methods: ["GET", "HEAD"], types: [], limit: 0 };

function stripData(path: string) {
  return path.endsWith(".data") ? path.slice(0, -".data".length) || "/" : path;
}

/**
 * Fields a form body may hold, counted on the raw bytes before anything parses it: the largest form
 * (the console's settings) has under 60; tens of thousands of empty parts would cost the parser
 * most of a second per request.
 */
export const FORM_FIELDS_LIMIT = 300;

/**
 * Whether the limit of this request depends on its session: a multipart post to /profile (the avatar).
 * Only then does the guard verify the session (signature and row) before reading the body.
 */
export function limitDependsOnSession(path: string, contentType: string) {
  return stripData(path) === "/profile" && contentType === "multipart/form-data";
}

/**
 * The policy of a request. `signedIn` is whether the request holds a VERIFIED session (better-auth's
 * signature and a live session row, not a cookie's presence): only then may /profile take an
 * avatar-sized multipart body.
 */
export function policyOf(path: string, contentType: string, signedIn: boolean, consoleAccess = false): RoutePolicy {
  if (consoleAccess) {
    if (CONSOLE_UPLOAD_PATHS.some((pattern) => pattern.test(path))) {
      return { methods: ["POST"], types: [ANY_TYPE], limit: MEDIA_UPLOAD_MAX_BYTES, stream: true };
    }
    return { methods: ["GET", "HEAD", "POST"], types: FORM_TYPES, limit: FORM_BODY_LIMIT };
  }
  if (path === AUTH_BASE_PATH || path.startsWith(`${AUTH_BASE_PATH}/`)) {
    const rest = path.slice(AUTH_BASE_PATH.length);
    const endpoint = PUBLIC_AUTH_ENDPOINTS.find((entry) => entry.pattern.test(rest));
    return endpoint ? { methods: [endpoint.method], types: [], limit: 0 } : { methods: [], types: [], limit: 0 };
  }
  if (EMPTY_POST_PATHS.some((pattern) => pattern.test(path))) {
    return { methods: ["GET", "HEAD", "POST"], types: FORM_TYPES, limit: FORM_BODY_LIMIT };
  }
  const page = stripData(path);
  if ((FORM_ACTION_PATHS as readonly string[]).includes(page)) {
    const avatar = signedIn && limitDependsOnSession(page, contentType);
    return { methods: ["GET", "HEAD", "POST"], types: FORM_TYPES, limit: avatar ? AVATAR_BODY_LIMIT : FORM_BODY_LIMIT };
  }
  return PAGE;
}

export function isAuthPath(path: string) {
  return path === AUTH_BASE_PATH || path.startsWith(`${AUTH_BASE_PATH}/`);
}
