/**
 * Invalidation of the page cache (server/page-cache.ts, ADR 0026): code that changes what anonymous
 * visitors see calls `invalidatePages(tag)` after the change is committed, and every cached page
 * carrying that tag is dropped (the next visitor gets a fresh render) in this process at once, and
 * in every other server process through the change bus (PostgreSQL LISTEN/NOTIFY, ADR 0025).
 *
 * Tags: "media" (the library: items, categories, files), "shop" (products, catalogue), "content" (the
 * content pages: a publish of their texts, ADR 0054), "*" (everything,
 * e.g. a console setting shown in the header or footer of every page; the console's
 * `publicContentChanged()` in public-content.server.ts does this). Any other tag drops every page in
 * the other processes (the cache there cannot tell what it means) and is delivered to local listeners.
 */
import { publishChange } from "./change-bus.server";
import { isDatabaseOpen } from "./db.server";
import { logger } from "./logger.server";

export type PageTag = "media" | "shop" | "content" | "*";

type Listener = (tag: string) => void;

// On globalThis: the server bundle and code loaded next to it (Vite's dev server, tests) share one set.
const LISTENERS_KEY = Symbol.for("ipangel.page-invalidation.listeners");
const scope = globalThis as typeof globalThis & { [LISTENERS_KEY]?: Set<Listener> };
const listeners: Set<Listener> = (scope[LISTENERS_KEY] ??= new Set());

/**
 * Drops every cached page with this tag ("*": all pages) here, then announces it to the other
 * processes. Never rejects: a failed announcement is logged (those pages then expire on their own).
 */
export async function invalidatePages(tag: PageTag | (string & {}) = "*"): Promise<void> {
  for (const listener of listeners) {
    try {
      listener(tag);
    } catch {
      // A listener's failure must not break the change that triggered it.
    }
  }
  if (!isDatabaseOpen()) return;
  await publishChange(tag).catch((error: unknown) => logger.warn(`Could not announce a page change (${tag}): ${String(error)}`));
}

/** Called on every local invalidation (the page cache). Returns an unsubscribe function. */
export function onPagesInvalidated(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
