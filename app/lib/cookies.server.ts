import { createHmac, timingSafeEqual } from "node:crypto";
import { parseCookies } from "better-call";
import { getEnv } from "./env.server";

/**
 * The one reader of the Cookie header for every decision the server takes on a cookie (ADR 0014):
 * the page cache, the request guard's body limits, the console gate, the session read, the account
 * notice and the language. It is better-call's parser, the one better-auth reads its session cookie
 * with (`ctx.getSignedCookie`), so a cookie is either seen by all of them or by none: names and
 * values trimmed (`name =value` is `name`), the first of two equal names wins, surrounding quotes
 * dropped, values URL-decoded when they can be, names never decoded.
 */
export function readCookies(header: string | null | undefined): Map<string, string> {
  return header ? parseCookies(header) : new Map();
}

/** One cookie's value as every reader of the header sees it (see readCookies). */
export function readCookie(header: string | null | undefined, name: string): string | undefined {
  return readCookies(header).get(name);
}

/** better-auth's session cookie, by both names it may have (`__Secure-` on HTTPS). */
export const SESSION_COOKIE_NAMES = ["__Secure-better-auth.session_token", "better-auth.session_token"] as const;

/** The name better-auth gives it here: `useSecureCookies` on an HTTPS PUBLIC_URL (features/account/auth.server.ts). */
export function sessionCookieName() {
  return getEnv().PUBLIC_URL.startsWith("https:") ? SESSION_COOKIE_NAMES[0] : SESSION_COOKIE_NAMES[1];
}

/** The session cookie's value (`<token>.<signature>`, decoded) as better-auth reads it: "" for an empty one, undefined without one. */
export function sessionCookieValue(header: string | null | undefined, name: string = sessionCookieName()): string | undefined {
  return readCookies(header).get(name);
}

/**
 * Whether a Cookie header carries a session cookie, valid or not (even an empty one): never a
 * visitor's shared answer for it. Not a proof of a session: see verifiedSessionToken.
 */
export function carriesSessionCookie(header: string | null | undefined): boolean {
  const cookies = readCookies(header);
  // Either name: more than better-auth reads, never less.
  return SESSION_COOKIE_NAMES.some((name) => cookies.has(name));
}

/**
 * The value of a signed cookie (`<value>.<signature>`) whose signature holds, undefined when absent,
 * unsigned or forged: better-call's `getSignedCookie` (what better-auth's getSession calls), step for
 * step, on the same parse. Not that function itself: it imports the key through WebCrypto on every
 * call, ~0.3 CPU ms against ~0.03 here, on the member data's hot path (ADR 0038). cookies.server.test.ts
 * checks that whatever this accepts the library accepts, on generated and tampered cookies.
 */
export function verifiedSignedCookie(header: string | null | undefined, name: string, secret: string): string | undefined {
  const value = readCookies(header).get(name);
  if (!value) return undefined;
  const dot = value.lastIndexOf(".");
  if (dot < 1) return undefined;
  const signed = value.slice(0, dot);
  const signature = value.slice(dot + 1);
  if (signature.length !== 44 || !signature.endsWith("=")) return undefined;
  // Compared as text: a signature the library decodes leniently (other padding bits) is refused here,
  // and the caller asks better-auth itself; one it refuses is never accepted here.
  const expected = createHmac("sha256", secret).update(signed).digest("base64");
  return timingSafeEqual(Buffer.from(signature), Buffer.from(expected)) ? signed : undefined;
}
