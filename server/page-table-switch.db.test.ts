import { describe, expect, it } from "vitest";
import { sourcePageTable } from "../tests/helpers/page-table";
import { sectionOfRoute } from "./legacy/access";
import { legacyCachePolicyOf } from "./legacy/page-cache";
import * as legacy from "./legacy/route-policy";
import { PUBLIC_PAGES } from "./legacy/seo";
import { limitDependsOnSession, policyOf } from "./route-policy";

/** One-off (ADR 0050): the tables derived from the routes' declarations against the hand-written ones they replace. */
const ID = "6f1c2a9e-4b7d-4c1e-9a2b-3c4d5e6f7a8b";
const TYPES = ["application/x-www-form-urlencoded", "multipart/form-data", "application/json", "text/plain", ""];

describe("derived page table against the hand-written tables", async () => {
  const table = await sourcePageTable();
  const routePaths = table.routes.map((route) => route.path.replace(/:[^/]+/g, ID));
  const probes = [
    ...routePaths,
    ...routePaths.map((path) => (path === "/" ? "/_root.data" : `${path}.data`)),
    "/no-such-page",
    "/admin/no-such-section",
    "/api/auth/verify-email",
    "/api/auth/sign-in/email",
    "/api/media",
    "/PROFILE",
  ];

  it("the request guard's policy is the same for every path, type, session and console access", () => {
    const differences: string[] = [];
    for (const path of probes) {
      for (const type of TYPES) {
        for (const signedIn of [false, true]) {
          for (const access of [false, true]) {
            const before = legacy.policyOf(path, type, signedIn, access);
            const after = policyOf(table, path, type, signedIn, access);
            if (JSON.stringify(before) !== JSON.stringify(after)) {
              differences.push(`${path} ${type} ${signedIn} ${access}: ${JSON.stringify(before)} → ${JSON.stringify(after)}`);
            }
          }
        }
        if (legacy.limitDependsOnSession(path, type) !== limitDependsOnSession(table, path, type))
          differences.push(`limit ${path} ${type}`);
      }
    }
    console.log(`guard: ${probes.length * TYPES.length * 4} cases, ${differences.length} differences\n${differences.join("\n")}`);
    // The data request of the download route (a resource route): its action now takes the same form as its path.
    expect(differences.every((line) => line.startsWith(`/api/media/${ID}/download.data`))).toBe(true);
  });

  it("canonical paths, sitemap and console sections", () => {
    const canonicalBefore = new Set([...PUBLIC_PAGES.map((page) => page.path), ...legacy.FORM_ACTION_PATHS, "/shop/cart"]);
    const added = [...table.canonicalPaths].filter((path) => !canonicalBefore.has(path));
    const removed = [...canonicalBefore].filter((path) => !table.canonicalPaths.has(path));
    console.log(`canonical: ${table.canonicalPaths.size} paths; added ${JSON.stringify(added)}, removed ${JSON.stringify(removed)}`);
    expect(removed).toEqual([]);
    expect(added.sort()).toEqual(["/robots.txt", "/sitemap.xml"]);
    expect([...table.sitemapPaths].sort()).toEqual(PUBLIC_PAGES.map((page) => page.path).sort());
    for (const route of table.routes) expect(table.sectionOf(route.id), route.id).toBe(sectionOfRoute(route.id));
  });

  it("the page cache's rules and keys are the same", () => {
    const queries = [
      "",
      "lang=de",
      "tab=signup",
      "tab=x",
      "q=%20logo%20&type=image&category=Brand-Assets&language=de&item=" + ID.toUpperCase(),
      "cursor=bm9wZQ&item=nope",
      "category=electronics&after=abc",
      "category=all",
      "token=x",
      "view=full",
      "utm_source=x",
    ];
    let cases = 0;
    for (const path of probes) {
      const before = legacyCachePolicyOf(path);
      const after = table.cacheOf(path);
      expect(after?.tag, path).toBe(before?.tag);
      expect(after?.lifetimeMs, path).toBe(before?.ttlMs);
      expect(after?.brotliQuality, path).toBe(before?.brotliQuality);
      expect(after?.memberShell, path).toBe(before?.memberShell);
      for (const query of queries) {
        cases++;
        expect(after?.key(new URLSearchParams(query)), `${path}?${query}`).toBe(before?.normalize(new URLSearchParams(query)));
      }
    }
    console.log(`cache: ${cases} path and query cases agree`);
  });
});
