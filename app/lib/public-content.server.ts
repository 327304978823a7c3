/**
 * "Something public changed" (site settings, media): listeners such as the page cache
 * (server/page-cache.ts) drop what they keep, so the change shows at once.
 */
const listeners = new Set<() => void>();

export function onPublicContentChanged(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function publicContentChanged() {
  for (const listener of listeners) listener();
}
