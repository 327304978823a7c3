import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SHELL_NAMESPACES } from "./i18n";

/**
 * The browser loads only the shell's namespaces and those a route names in `handle.i18n`
 * (app/lib/i18n.ts). A forgotten namespace would show raw keys after a client-side
 * navigation, so this test reads each route's source and everything it imports from app/
 * and finds the translation keys written there (`"privacy.intro"`, `` `platforms.items.${key}` ``).
 * Server modules count too: their keys reach the page as loader and action data.
 */
const app = path.resolve("app");
const namespaces = new Set(fs.readdirSync(path.join(app, "locales/en")).map((file) => file.replace(/\.json$/, "")));
// Mails are rendered on the server only; the browser never loads their texts.
// The console's texts come with its layout's loader data, never as a public chunk (ADR 0020).
const SERVER_ONLY = new Set(["mail", "admin", "http"]);
// String literals that look like keys but are not.
const NOT_KEYS = new Set([
  "shop.cart", // the cart's localStorage key (features/shop/cart-store.ts)
  // Audit actions and the job of the news posts (features/news/*.server.ts).
  ...["draft", "publish", "unpublish", "discard", "delete", "schedule", "unschedule", "restore"].map((verb) => `news.${verb}`),
  // The retention task's name (features/privacy/retention.server.ts).
  "privacy.retention",
  // The periodic task that draws missing page renditions (features/media/renditions.server.ts).
  "media.renditions",
  // The audit actions of a handled data request (admin/data-requests-admin.server.ts).
  "privacy.export",
  "privacy.erasure",
  // The newsletter's send job and its issues' audit actions, `newsletter.issue.*` (features/newsletter, admin/newsletter-issues.server.ts).
  "newsletter.send",
  "newsletter.issue",
  // The audit action of a lifted suppression, `newsletter.suppression.lift` (admin/newsletter-admin.server.ts).
  "newsletter.suppression",
  // The welcome mail's job and its audit actions, `newsletter.welcome.on` / `.off` (features/newsletter/welcome.server.ts).
  "newsletter.welcome",
]);

function resolveImport(from: string, specifier: string) {
  let base: string;
  if (specifier.startsWith("~/")) base = path.join(app, specifier.slice(2));
  else if (specifier.startsWith(".")) base = path.resolve(path.dirname(from), specifier);
  else return undefined;
  return [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts")].find(
    (candidate) => fs.existsSync(candidate) && fs.statSync(candidate).isFile(),
  );
}

const IMPORT = /(?:import|export)\s[^;]*?from\s+["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

/** Namespace → files using it, over the module and its imports inside app/. */
function namespacesUsedBy(entry: string): Map<string, Set<string>> {
  const used = new Map<string, Set<string>>();
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file) || /\.test\.tsx?$/.test(file)) continue;
    seen.add(file);
    const source = fs.readFileSync(file, "utf8");
    for (const match of source.matchAll(IMPORT)) {
      const imported = resolveImport(file, match[1] ?? match[2]!);
      if (imported) queue.push(imported);
    }
    const code = source
      .replace(IMPORT, "")
      .replace(/\/\*[\s\S]*?\*\//g, "")
      .replace(/(^|\s)\/\/.*$/gm, "$1");
    for (const match of code.matchAll(/["'`]((?:[a-z][a-zA-Z]*)\.[a-zA-Z_]+)/g)) {
      const namespace = match[1]!.split(".")[0]!;
      if (!namespaces.has(namespace) || SERVER_ONLY.has(namespace) || NOT_KEYS.has(match[1]!)) continue;
      if (!used.has(namespace)) used.set(namespace, new Set());
      used.get(namespace)!.add(path.relative(app, file));
    }
  }
  return used;
}

function declaredNamespaces(routeFile: string): string[] {
  const source = fs.readFileSync(routeFile, "utf8");
  const declared = /export const handle[^=]*=\s*\{\s*i18n:\s*\[([^\]]*)\]/.exec(source)?.[1] ?? "";
  return [...declared.matchAll(/["']([^"']+)["']/g)].map((match) => match[1]!);
}

// Routes that render a page (a default export); resource routes show no text.
const pageRoutes = fs
  .readdirSync(path.join(app, "routes"))
  .filter((file) => /\.tsx?$/.test(file) && !file.includes(".test."))
  .map((file) => path.join(app, "routes", file))
  .filter((file) => /^export default /m.test(fs.readFileSync(file, "utf8")));

describe("translation namespaces in the browser", () => {
  it("the shell (root layout, header, footer, error pages) needs only the shell namespaces", () => {
    const used = namespacesUsedBy(path.join(app, "root.tsx"));
    const extra = [...used].filter(([namespace]) => !SHELL_NAMESPACES.includes(namespace));
    expect(Object.fromEntries(extra.map(([namespace, files]) => [namespace, [...files]]))).toEqual({});
  });

  it.each(pageRoutes.map((file) => [path.relative(app, file), file]))("%s names every namespace it shows", (_name, file) => {
    const used = namespacesUsedBy(file);
    const declared = new Set([...SHELL_NAMESPACES, ...declaredNamespaces(file)]);
    const missing = [...used].filter(([namespace]) => !declared.has(namespace));
    expect(Object.fromEntries(missing.map(([namespace, files]) => [namespace, [...files]]))).toEqual({});
    // And no namespace is loaded for nothing.
    expect(declaredNamespaces(file).filter((namespace) => !used.has(namespace))).toEqual([]);
  });
});
