/**
 * Invalidation of the page cache (server/page-cache.ts, ADR 0026): code that changes what anonymous
 * visitors see calls `invalidatePages(tag)` after the change is committed, and every cached page
 * carrying that tag is dropped (the next visitor gets a fresh render).
 *
 * Tags: "media" (the library: items, categories, files), "shop" (products, catalogue), "content"
 * (marketing, legal and sign-in pages), "*" (everything, e.g. a console setting shown in the header
 * or footer of every page). An unknown tag drops nothing but is still delivered to listeners.
 *
 * This is a local, in-process API. It is the one place to connect a cross-process channel (PostgreSQL
 * LISTEN/NOTIFY) so that a change made by another process (`npm run media:import`, a second server)
 * reaches this one; until then, pages of live data also expire on their own (60 s, see page-cache.ts).
 */
export type PageTag = "media" | "shop" | "content" | "*";

type Listener = (tag: string) => void;

// On globalThis: the server bundle and code loaded next to it (Vite's dev server, tests) share one set.
const LISTENERS_KEY = Symbol.for("ipangel.page-invalidation.listeners");
const scope = globalThis as typeof globalThis & { [LISTENERS_KEY]?: Set<Listener> };
const listeners: Set<Listener> = (scope[LISTENERS_KEY] ??= new Set());

/** Drops every cached page with this tag ("*": all pages), in this process. */
export function invalidatePages(tag: PageTag | (string & {}) = "*"): void {
  for (const listener of listeners) {
    try {
      listener(tag);
    } catch {
      // A listener's failure must not break the change that triggered it.
    }
  }
}

/** Called on every invalidation (the page cache; a cross-process relay). Returns an unsubscribe function. */
export function onPagesInvalidated(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
