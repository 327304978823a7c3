/**
 * Where to go after signing in or up, when the visitor came from somewhere (a gated download
 * in the media library): a path on this site only, as the browser will resolve it. The value is
 * resolved with the WHATWG URL parser (the browser's) against this site, and what comes back is
 * that resolved path, never the value as sent; the path must resolve to itself again, so a value
 * whose normalised form a browser reads as another host (`/.//evil.example` and
 * `/%2e%2e//evil.example` become `//evil.example`) is refused. Also refused: other origins,
 * backslashes, control characters, the auth and logout pages, API endpoints, a very long value;
 * the caller then falls back to `/` as the spec says for a plain login.
 */
const MAX_LENGTH = 1000;
const REFUSED_PREFIXES = ["/auth", "/logout", "/api/"];
const SITE = "http://return-to.invalid";

function pathOf(url: URL) {
  return url.pathname + url.search + url.hash;
}

export function safeReturnTo(value: unknown): string | undefined {
  if (typeof value !== "string" || value.length === 0 || value.length > MAX_LENGTH) return undefined;
  // Control characters (which the parser drops: `/\t/evil.example`) and backslashes (which it reads as `/`) are refused outright.
  // eslint-disable-next-line no-control-regex
  if (!value.startsWith("/") || /[\\\u0000-\u001f\u007f]/.test(value)) return undefined;
  let path: string;
  try {
    const url = new URL(value, SITE);
    if (url.origin !== SITE) return undefined;
    path = pathOf(url);
    // What the browser does with the Location: resolve it again. It must stay this path on this site.
    const again = new URL(path, `${SITE}/auth/deeper/page?x=1`);
    if (again.origin !== SITE || pathOf(again) !== path) return undefined;
  } catch {
    return undefined;
  }
  if (!path.startsWith("/") || path.startsWith("//")) return undefined;
  const pathname = path.split(/[?#]/)[0]!;
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
