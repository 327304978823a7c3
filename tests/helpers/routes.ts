import { execFileSync } from "node:child_process";
import path from "node:path";

/** One route of `npm run routes` (scripts/routes.mjs, server/page-table.ts dumpPageTable). */
export interface RouteEntry {
  id: string;
  path: string;
  mode: "document" | "on-use" | "on-interaction" | "hydrate" | null;
  namespaces: string[];
  action: boolean;
  sitemap: boolean;
  canonical: boolean;
  noCrawl: boolean;
  cache: { tag: string; lifetimeMs: number; brotliQuality: number; memberShell: boolean } | null;
  console: string | null;
}

let table: RouteEntry[] | undefined;

/** The routes of the build under test, as the server derives them (read in a process of its own). */
export function routeTable(): RouteEntry[] {
  table ??= JSON.parse(
    execFileSync(process.execPath, [path.resolve(import.meta.dirname, "../../scripts/routes.mjs")], {
      encoding: "utf8",
      maxBuffer: 16 * 1024 * 1024,
    }),
  ) as RouteEntry[];
  return table;
}

/**
 * Every page of the build a browser can open by its address: HTML (a route with a component), outside the
 * console, without a path parameter. Pages that want a token or a session answer without one as they
 * would to a visitor (a message, or the redirect to /auth).
 */
export function pagePaths(): string[] {
  return routeTable()
    .filter((route) => route.mode !== null && route.console === null && !route.path.includes(":"))
    .map((route) => route.path);
}
