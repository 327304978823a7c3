/**
 * What a route module declares about its page (ADR 0050): `export const page = { ... } satisfies Page`.
 * The server reads these declarations from the build's route list once (server/page-table.ts) and
 * derives the request guard's doors, the page cache's rules, the canonical paths, the sitemap,
 * robots.txt and the console's sections from them. A route that declares nothing is a page that
 * takes GET and HEAD only (POST too when it exports an `action`), is not cached and not listed.
 *
 * React Router's browser build keeps only the exports it knows (`handle`, `meta`, the component…),
 * so `page` costs the browser nothing; it may still not import a `.server` module (the build
 * refuses one reachable from a route's other exports). Render mode and translation namespaces stay
 * in `handle`, which the browser reads (lib/document-page.ts, lib/i18n.ts).
 */
export interface Page {
  /** Listed in the sitemap in every language (a public page with a canonical address). */
  sitemap?: boolean;
  /** Kept out of crawlers' reach in robots.txt (`Disallow: <path>`). */
  noCrawl?: boolean;
  /** Shared with every anonymous visitor (or every member: `memberShell`) by the page cache. */
  cache?: PageCache;
  /** A request body other than the default of a route with an `action` (a form, FORM_BODY_LIMIT). */
  body?: BodyRule;
  /**
   * The console section the route belongs to (features/admin/access.ts CONSOLE_SECTIONS): visible only
   * to roles that may use it (ADR 0020). A console route without a known section is the admins' only.
   */
  console?: string;
}

export interface PageCache {
  /** What invalidates it: `invalidatePages(tag)`; every tag goes on a console edit. */
  tag: "content" | "media" | "shop";
  lifetimeMs: number;
  /** Brotli quality: 11 for pages rendered once per lifetime, a fast level for pages keyed by a query. */
  brotliQuality: number;
  /**
   * The page's query in a canonical form (only values that change the page, in a fixed order), or
   * undefined when the query holds something unknown (no caching). The page is rendered from this
   * form, never from the query as sent: nothing a first requester typed ends up in a shared page.
   */
  key(params: URLSearchParams): string | undefined;
  /** A member shell (ADR 0031): only for requests with a session cookie, rendered without it. */
  memberShell?: boolean;
}

export type BodyRule =
  /** A raw file streamed to disk by the route, which counts it against `limit` (console uploads). */
  | { stream: true; limit: number }
  /** A form; a multipart one from a verified session may be as large as `signedInMultipartLimit` (the avatar). */
  | { stream?: false; signedInMultipartLimit: number };

/** Forms and JSON: tens of KB. The largest legitimate form (contact) is under 3 KB. */
export const FORM_BODY_LIMIT = 64 * 1024;

/** Content pages: the footer shows the year, so even they expire. */
export const CONTENT_LIFETIME_MS = 5 * 60 * 1000;
/** Pages of live data, dropped at once by their tag's invalidation; the lifetime bounds what is not announced (download counts). */
export const LIVE_LIFETIME_MS = 60 * 1000;

/**
 * Whether the query names only `known` parameters (and the language, and a campaign's utm_*, which
 * only the analytics read, server/analytics.ts: a landing page from a campaign link stays cached).
 */
export function onlyParams(params: URLSearchParams, known: readonly string[]) {
  for (const name of params.keys()) if (name !== "lang" && !UTM_PARAMS.includes(name) && !known.includes(name)) return false;
  return true;
}

/** The campaign parameters the analytics keep (ADR 0068). */
export const UTM_PARAMS: readonly string[] = ["utm_source", "utm_medium", "utm_campaign"];

/** How many items a library page found, for the analytics' zero-result searches; a header, so a cached page carries it too. */
export const RESULT_COUNT_HEADER = "X-Result-Count";

/** The non-empty values, in the order given. */
export function canonicalQuery(values: Record<string, string>) {
  return new URLSearchParams(Object.entries(values).filter(([, value]) => value !== "")).toString();
}

/** A content page: the same for every anonymous visitor in a language, without a query. */
export const CONTENT_CACHE: PageCache = {
  tag: "content",
  lifetimeMs: CONTENT_LIFETIME_MS,
  brotliQuality: 11,
  key: (params) => (onlyParams(params, []) ? "" : undefined),
};

/** What the sitemap, robots.txt and the console's redirects read of the derived table (the load context's `pages`, server/app.ts). */
export interface PageListing {
  sitemapPaths: readonly string[];
  noCrawlPaths: readonly string[];
  /** Whether a route of this build answers the path (console redirects may not hide one, ADR 0055). */
  isPagePath(path: string): boolean;
}
