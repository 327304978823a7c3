/**
 * Paths on this site, read once and the same way everywhere: with the WHATWG URL parser (what a
 * browser and `new URL` in the request guard do), and in the guard's canonical form. The request
 * guard (server/request-guard.ts), the sign-in's return address (return-to.ts) and the console's
 * redirects (features/admin/redirects.server.ts) all read paths through these functions.
 */
const SITE = "http://site-path.invalid";
const MAX_LENGTH = 1000;

function pathOf(url: URL) {
  return url.pathname + url.search + url.hash;
}

/**
 * A value that names a path on this site (with its query and fragment), as the browser will resolve
 * it; undefined for anything else. What comes back is the resolved path, never the value as sent; it
 * must resolve to itself again, so a value whose normalised form a browser reads as another host
 * (`/.//evil.example` and `/%2e%2e//evil.example` become `//evil.example`) is refused. Also refused:
 * other origins and schemes (`javascript:`, `data:`), protocol-relative `//host`, backslashes, control
 * characters, a very long value.
 */
export function sitePathOf(value: unknown): string | undefined {
  if (typeof value !== "string" || value.length === 0 || value.length > MAX_LENGTH) return undefined;
  // Control characters (which the parser drops: `/\t/evil.example`) and backslashes (which it reads as `/`) are refused outright.
  // eslint-disable-next-line no-control-regex
  if (!value.startsWith("/") || /[\\\u0000-\u001f\u007f]/.test(value)) return undefined;
  let path: string;
  try {
    const url = new URL(value, SITE);
    if (url.origin !== SITE) return undefined;
    path = pathOf(url);
    // What the browser does with a Location: resolve it again. It must stay this path on this site.
    const again = new URL(path, `${SITE}/deeper/page?x=1`);
    if (again.origin !== SITE || pathOf(again) !== path) return undefined;
  } catch {
    return undefined;
  }
  if (!path.startsWith("/") || path.startsWith("//")) return undefined;
  return path;
}

/** The path part of a resolved site path (before `?` or `#`). */
export function pathnameOf(sitePath: string) {
  return sitePath.split(/[?#]/)[0]!;
}

/** Double slashes collapsed and a trailing slash dropped: the guard's canonical form of any path. */
export function collapsedPath(path: string) {
  // Double slashes collapse first (`//evil.example` must never become a Location of its own).
  const collapsed = path.replace(/\/{2,}/g, "/");
  return collapsed.length > 1 ? collapsed.replace(/\/+$/, "") || "/" : collapsed;
}

/**
 * The canonical form of a page path (as the WHATWG URL parser gives it), or undefined when it is
 * canonical (or not a page). Letter case is folded only into a page's own path (`canonicalPaths`).
 */
export function canonicalPathOf(path: string, canonicalPaths: ReadonlySet<string>): string | undefined {
  if (path === "/" || path.startsWith("/api/") || path.startsWith("/files/") || path.startsWith("/assets/")) return undefined;
  let canonical = collapsedPath(path);
  const lower = canonical.toLowerCase();
  if (lower !== canonical && canonicalPaths.has(lower)) canonical = lower;
  return canonical === path ? undefined : canonical;
}

/**
 * What a redirect's old path is matched by: the canonical form in lower case, so `/Old-Page/` and
 * `/old-page` are one old address, as `/ABOUT/` and `/about` are one page (ADR 0055). The path is
 * the parser's (percent-encoded), so only ASCII letters fold.
 */
export function redirectKeyOf(pathname: string) {
  return collapsedPath(pathname).toLowerCase();
}
