/**
 * Where to go after signing in or up, when the visitor came from somewhere (a gated download
 * in the media library): a path on this site only. Anything else (another origin, `//host`,
 * backslashes, control characters, the auth and logout pages, API endpoints, a very long value)
 * is refused, and the caller falls back to `/` as the spec says for a plain login.
 */
const MAX_LENGTH = 1000;
const REFUSED_PREFIXES = ["/auth", "/logout", "/api/"];

export function safeReturnTo(value: unknown): string | undefined {
  if (typeof value !== "string" || value.length === 0 || value.length > MAX_LENGTH) return undefined;
  // Control characters are exactly what this refuses.
  // eslint-disable-next-line no-control-regex
  if (!value.startsWith("/") || value.startsWith("//") || /[\\\u0000-\u001f\u007f]/.test(value)) return undefined;
  let url: URL;
  try {
    url = new URL(value, "http://return-to.invalid");
  } catch {
    return undefined;
  }
  if (url.origin !== "http://return-to.invalid") return undefined;
  if (REFUSED_PREFIXES.some((prefix) => url.pathname === prefix || url.pathname.startsWith(prefix.endsWith("/") ? prefix : `${prefix}/`))) {
    return undefined;
  }
  return url.pathname + url.search + url.hash;
}

/** The address of /auth that brings the visitor back to `path` afterwards. */
export function authUrlReturningTo(path: string, tab?: "login" | "signup") {
  const params = new URLSearchParams({ returnTo: path });
  if (tab) params.set("tab", tab);
  return `/auth?${params}`;
}
