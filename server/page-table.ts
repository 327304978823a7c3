import type { ServerBuild } from "react-router";
import { CONSOLE_SECTIONS, isConsolePath, type ConsoleSection } from "~/features/admin/access";
import type { Page, PageCache } from "~/lib/page";

/**
 * Everything the server knows of its pages, derived once from the build's route list (ADR 0050):
 * each route's path from the route tree, and what its module declares (`page`, app/lib/page.ts),
 * exports (`action`) and hands the browser (`handle`: render mode, translation namespaces). The
 * request guard, the page cache, the sitemap, robots.txt and the console gate read this table;
 * `npm run routes` prints it for tests and benchmarks.
 */
export interface PageRoute {
  id: string;
  /** The route's path pattern (`/api/media/:id/download`); `/` for the index. */
  path: string;
  page: Page;
  hasAction: boolean;
  /** The console section (ADR 0020); a console route that names none is the admins' only. */
  console: ConsoleSection | null;
  mode: "document" | "on-use" | "on-interaction" | "hydrate" | null;
  namespaces: string[];
}

export interface PageTable {
  routes: PageRoute[];
  /** The route a path names (`.data` requests included), the catch-all excepted. */
  find(path: string): PageRoute | undefined;
  /** The page cache's rule for a path (a page's data request is never shared). */
  cacheOf(path: string): PageCache | undefined;
  /** Page paths that `/ABOUT` or `/about/` are redirected to. */
  canonicalPaths: ReadonlySet<string>;
  sitemapPaths: string[];
  noCrawlPaths: string[];
  /** Whether a route answers the path (its `.data` request too); exact and dynamic paths, letter case as the route has it. */
  isPagePath(path: string): boolean;
  sectionOf(routeId: string): ConsoleSection | null;
}

interface RouteEntry {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module: Record<string, unknown>;
}

function fullPathOf(routes: Record<string, RouteEntry | undefined>, id: string): string {
  const parts: string[] = [];
  for (let route = routes[id]; route; route = route.parentId ? routes[route.parentId] : undefined) {
    if (route.path) parts.unshift(route.path);
  }
  return `/${parts.join("/")}`.replace(/\/{2,}/g, "/");
}

function patternOf(path: string) {
  const source = path
    .split("/")
    .map((segment) => (segment.startsWith(":") ? "[^/]+" : segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
    .join("/");
  return new RegExp(`^${source}$`);
}

function modeOf(handle: unknown): PageRoute["mode"] {
  if (handle === undefined || handle === null || typeof handle !== "object") return null;
  const hydrate = (handle as { hydrate?: unknown }).hydrate;
  if (hydrate === false) return "document";
  return hydrate === "on-use" || hydrate === "on-interaction" ? hydrate : "hydrate";
}

/** A declared console section; none or an unknown one is the admins' only (the settings section's roles): it fails closed. */
function sectionOf(declared: string | undefined): ConsoleSection {
  return declared !== undefined && declared in CONSOLE_SECTIONS ? (declared as ConsoleSection) : "settings";
}

function stripData(path: string) {
  return path.endsWith(".data") ? path.slice(0, -".data".length) || "/" : path;
}

export function derivePageTable(build: Pick<ServerBuild, "routes">): PageTable {
  const entries = build.routes as unknown as Record<string, RouteEntry | undefined>;
  const routes: PageRoute[] = [];
  for (const [id, route] of Object.entries(entries)) {
    if (!route || id === "root") continue;
    const path = fullPathOf(entries, id);
    // The catch-all (not-found) names no path of its own: an unknown path keeps the default rules.
    if (path.includes("*")) continue;
    const module = route.module;
    const page = (module.page ?? {}) as Page;
    const handle = module.handle as { i18n?: unknown } | undefined;
    routes.push({
      id,
      path,
      page,
      hasAction: typeof module.action === "function",
      console: isConsolePath(path) ? sectionOf(page.console) : null,
      mode: modeOf(handle),
      namespaces: Array.isArray(handle?.i18n) ? (handle.i18n as string[]) : [],
    });
  }
  const exact = new Map(routes.filter((route) => !route.path.includes(":")).map((route) => [route.path, route]));
  const dynamic = routes.filter((route) => route.path.includes(":")).map((route) => ({ route, pattern: patternOf(route.path) }));
  const find = (path: string) => {
    const page = stripData(path);
    return exact.get(page) ?? dynamic.find(({ pattern }) => pattern.test(page))?.route;
  };
  const sections = new Map(routes.map((route) => [route.id, route.console]));
  const publicPages = [...exact.values()].filter((route) => route.console === null);
  return {
    routes,
    find,
    // A dynamic page (a news post) may be cached too; never a data request.
    cacheOf: (path) =>
      exact.get(path)?.page.cache ??
      (path.endsWith(".data") ? undefined : dynamic.find(({ pattern }) => pattern.test(path))?.route.page.cache),
    // A console path is never folded (`/ADMIN` answers like any unknown path: ADR 0020).
    canonicalPaths: new Set(publicPages.map((route) => route.path)),
    sitemapPaths: publicPages.filter((route) => route.page.sitemap).map((route) => route.path),
    noCrawlPaths: publicPages.filter((route) => route.page.noCrawl).map((route) => route.path),
    isPagePath: (path) => find(path) !== undefined,
    sectionOf: (routeId) => sections.get(routeId) ?? null,
  };
}

const tables = new WeakMap<object, PageTable>();

/** The table of a build, derived on its first use (each development rebuild is a new build object). */
export function pageTableOf(build: Pick<ServerBuild, "routes">): PageTable {
  let table = tables.get(build.routes);
  if (!table) {
    table = derivePageTable(build);
    tables.set(build.routes, table);
  }
  return table;
}

/** What `npm run routes` prints: one entry per route, functions as what they are for. */
export function dumpPageTable(table: PageTable) {
  return table.routes.map((route) => ({
    id: route.id,
    path: route.path,
    mode: route.mode,
    namespaces: route.namespaces,
    action: route.hasAction,
    body: route.page.body ?? null,
    sitemap: route.page.sitemap === true,
    canonical: table.canonicalPaths.has(route.path),
    noCrawl: route.page.noCrawl === true,
    cache: route.page.cache
      ? {
          tag: route.page.cache.tag,
          lifetimeMs: route.page.cache.lifetimeMs,
          brotliQuality: route.page.cache.brotliQuality,
          memberShell: route.page.cache.memberShell === true,
        }
      : null,
    console: route.console,
  }));
}
