import { execFileSync } from "node:child_process";
import path from "node:path";

const script = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../routes.mjs");
// The route table of the build (npm run routes), read in a process of its own: importing the build here would keep its modules alive.
const table = JSON.parse(execFileSync(process.execPath, [script], { encoding: "utf8", maxBuffer: 16 * 1024 * 1024 }));

// The public content pages (listed in the sitemap, cached as content), shared by the page benchmarks.
export const ROUTES = table.filter((route) => route.sitemap && route.cache?.tag === "content").map((route) => route.path);
// The app pages the cache keeps (hydrated with React): the library, the shop, sign-in and the member shell.
export const APP_ROUTES = table.filter((route) => route.mode === "hydrate" && route.cache).map((route) => route.path);
// The pages only a member opens (the member shell, ADR 0031): a benchmark sends a session cookie there.
export const MEMBER_ROUTES = table.filter((route) => route.cache?.memberShell).map((route) => route.path);
// Every door that takes a body outside the console (an action), with what it declares of its body (ADR 0050);
// a path parameter as `x`.
export const ACTION_DOORS = table
  .filter((route) => route.action && !route.console)
  .map((route) => ({ path: route.path.replace(/:\w+/g, "x"), body: route.body }));
// JavaScript: issue 14 tightened issue 3's 150 KB to 100 KB up to hydration (content pages are documents, ADR 0032).
export const TARGETS = { score: 95, jsKb: 100, cls: 0.05, homeRps: 1000, homeShareOfStatic: 0.5 };
