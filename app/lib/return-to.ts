import { pathnameOf, sitePathOf } from "./site-path";

/**
 * Where to go after signing in or up, when the visitor came from somewhere (a gated download
 * in the media library): a path on this site only, as the browser will resolve it (`sitePathOf`,
 * site-path.ts), and not the auth and logout pages or API endpoints; the caller then falls back to
 * `/` as the spec says for a plain login.
 */
const REFUSED_PREFIXES = ["/auth", "/logout", "/api/"];

export function safeReturnTo(value: unknown): string | undefined {
  const path = sitePathOf(value);
  if (path === undefined) return undefined;
  const pathname = pathnameOf(path);
  if (REFUSED_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(prefix.endsWith("/") ? prefix : `${prefix}/`))) {
    return undefined;
  }
  return path;
}

/** The address of /auth that brings the visitor back to `path` afterwards. */
export function authUrlReturningTo(path: string, tab?: "login" | "signup") {
  const params = new URLSearchParams({ returnTo: path });
  if (tab) params.set("tab", tab);
  return `/auth?${params}`;
}
