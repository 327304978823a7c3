/**
 * "Something public changed" (site settings, media): listeners such as the page cache
 * (server/page-cache.ts) drop what they keep, so the change shows at once.
 */
import { publishChange } from "./change-bus.server";
import { logger } from "./logger.server";

const listeners = new Set<() => void>();

export function onPublicContentChanged(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function publicContentChanged() {
  for (const listener of listeners) listener();
  // Other server processes drop their cached pages too (ADR 0025).
  publishChange("*").catch((error: unknown) => logger.warn(`Could not announce a content change: ${String(error)}`));
}
