import { parseLibraryFilters } from "~/features/media/library.server";
import { decodeCursor, isUuid } from "~/features/media/media.server";
import { isShopCategory } from "~/features/shop/types";
import { PUBLIC_PAGES } from "./seo";

const CONTENT_TTL_MS = 5 * 60 * 1000;
const LIVE_TTL_MS = 60 * 1000;
const CONTENT_PATHS = new Set(PUBLIC_PAGES.filter((page) => page.cacheable).map((page) => page.path));

interface Policy {
  tag: string;
  ttlMs: number;
  /** Brotli quality: 11 for pages rendered once per TTL, a fast level for pages keyed by a query. */
  brotliQuality: number;
  /**
   * The page's query in a canonical form (only values that change the page, in a fixed order), or
   * undefined when the query holds something unknown (no caching). The page is rendered from this
   * form, never from the query as sent: nothing a first requester typed ends up in a shared page.
   */
  normalize(params: URLSearchParams): string | undefined;
  /** A member shell: only for requests with a session cookie, rendered without it (see above). */
  memberShell?: boolean;
}

/** The non-empty values, in the order given. */
function canonicalQuery(values: Record<string, string>) {
  return new URLSearchParams(Object.entries(values).filter(([, value]) => value !== "")).toString();
}

function only(params: URLSearchParams, known: readonly string[]) {
  for (const name of params.keys()) if (name !== "lang" && !known.includes(name)) return false;
  return true;
}

const contentPolicy: Policy = {
  tag: "content",
  ttlMs: CONTENT_TTL_MS,
  brotliQuality: 11,
  normalize: (params) => (only(params, []) ? "" : undefined),
};

const POLICIES: Record<string, Policy> = {
  "/auth": {
    tag: "content",
    ttlMs: CONTENT_TTL_MS,
    brotliQuality: 11,
    normalize: (params) => (only(params, ["tab"]) ? (params.get("tab") === "signup" ? "tab=signup" : "") : undefined),
  },
  "/media": {
    tag: "media",
    ttlMs: LIVE_TTL_MS,
    brotliQuality: 5,
    normalize(params) {
      if (!only(params, ["q", "type", "category", "language", "cursor", "item"])) return undefined;
      // The loader's own parsing: what it ignores or trims does not make another page.
      const filters = parseLibraryFilters(new URL(`http://cache.invalid/?${params}`));
      const cursor = params.get("cursor");
      const item = params.get("item");
      return canonicalQuery({
        q: filters.q,
        type: filters.type === "all" ? "" : filters.type,
        category: filters.category,
        language: filters.language ?? "",
        cursor: cursor && decodeCursor(cursor) ? cursor : "",
        item: isUuid(item) ? item.toLowerCase() : "",
      });
    },
  },
  "/profile": {
    tag: "content",
    ttlMs: CONTENT_TTL_MS,
    brotliQuality: 11,
    memberShell: true,
    // A reset link (?token=), its error, the export's notice or the page without JavaScript (?view=full): rendered per request.
    normalize: (params) => (only(params, []) ? "" : undefined),
  },
  "/shop": {
    tag: "shop",
    ttlMs: LIVE_TTL_MS,
    brotliQuality: 5,
    normalize(params) {
      if (!only(params, ["category", "after"])) return undefined;
      const category = params.get("category");
      const after = params.get("after")?.slice(0, 500) || "";
      return canonicalQuery({ category: isShopCategory(category) && category !== "all" ? category : "", after });
    },
  },
};

export function legacyCachePolicyOf(path: string): Policy | undefined {
  return POLICIES[path] ?? (CONTENT_PATHS.has(path) ? contentPolicy : undefined);
}
