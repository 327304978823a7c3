import path from "node:path";
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";
import { DEV_RELOAD_PATH } from "~/lib/dev-reload";

/** The part of Vite's file watcher (chokidar) the stream listens to. */
interface Watcher {
  on(event: "add" | "change" | "unlink", listener: (file: string) => void): unknown;
}

/** Files whose change can alter a page: the app, the server around it, public files. */
const PAGE_SOURCES = /^(?:app|server|public)[\\/]/;
/** Several files saved at once (a formatter, a branch switch) make one reload. */
const SETTLE_MS = 100;

/**
 * The development server's reload signal (ADR 0052): a Server-Sent Events stream at DEV_RELOAD_PATH
 * that sends `event: change` when a page source changes. The inline script of document pages
 * (app/lib/dev-reload.ts) reloads on it. Mounted by server.js in development only, before the
 * compression middleware (which would hold the events back) and on this site's origin, so the
 * Content-Security-Policy's `connect-src 'self'` allows it.
 */
export function devReloadEvents(watcher: Watcher, root: string) {
  const clients = new Set<ExpressResponse>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const announce = (file: string) => {
    const relative = path.relative(root, file);
    if (!PAGE_SOURCES.test(relative)) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      for (const res of clients) res.write(`event: change\ndata: ${JSON.stringify(relative)}\n\n`);
    }, SETTLE_MS);
  };
  watcher.on("change", announce);
  watcher.on("add", announce);
  watcher.on("unlink", announce);

  return Object.assign(
    (req: ExpressRequest, res: ExpressResponse) => {
      res.writeHead(200, { "Content-Type": "text/event-stream", "Cache-Control": "no-store" });
      // A first line at once: the browser's `open` (and a reconnection's reload) needs the headers sent.
      res.write(": connected\n\n");
      clients.add(res);
      req.on("close", () => clients.delete(res));
    },
    { path: DEV_RELOAD_PATH },
  );
}
