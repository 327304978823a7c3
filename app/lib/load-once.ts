/**
 * A lazy import (or any load) started at most once at a time: the first call starts it, every later
 * call shares its promise, and a success is kept. A failure (a download while offline) is forgotten,
 * so the next call tries again instead of failing for the rest of the page view. What a module does
 * with the loaded value goes in `load` (e.g. `import("./x").then((module) => (x = module))`): it runs
 * once per successful load.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}
