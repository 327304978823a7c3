import { describe, expect, it } from "vitest";
import { CONSOLE_SECTIONS } from "~/features/admin/access";
import { sourcePageTable } from "../tests/helpers/page-table";
import { FORM_BODY_LIMIT, limitDependsOnSession, policyOf } from "./route-policy";

/** The table derived from the routes' declarations (ADR 0050), for a few paths whose rules matter most. */
describe("page table", async () => {
  const table = await sourcePageTable();
  const FORM = "application/x-www-form-urlencoded";
  const MULTIPART = "multipart/form-data";

  it("a route with an action takes forms; others, unknown paths and console paths without a role take GET and HEAD only", () => {
    expect(policyOf(table, "/contact", FORM, false)).toMatchObject({ methods: ["GET", "HEAD", "POST"], limit: FORM_BODY_LIMIT });
    expect(policyOf(table, "/contact.data", FORM, false).methods).toContain("POST");
    for (const path of ["/about", "/no-such-page", "/admin", "/admin/media/upload", "/admin/settings.data"]) {
      expect(policyOf(table, path, FORM, true).methods, path).toEqual(["GET", "HEAD"]);
    }
  });

  it("the avatar's larger limit only for a verified session's multipart post to /profile", () => {
    expect(limitDependsOnSession(table, "/profile", MULTIPART)).toBe(true);
    expect(limitDependsOnSession(table, "/profile", FORM)).toBe(false);
    expect(limitDependsOnSession(table, "/contact", MULTIPART)).toBe(false);
    expect(policyOf(table, "/profile", MULTIPART, true).limit).toBeGreaterThan(FORM_BODY_LIMIT);
    expect(policyOf(table, "/profile", MULTIPART, false).limit).toBe(FORM_BODY_LIMIT);
  });

  it("console uploads stream a raw body for a console role; other console paths take forms", () => {
    expect(policyOf(table, "/admin/media/upload", "video/mp4", false, true)).toMatchObject({ methods: ["POST"], stream: true });
    expect(policyOf(table, "/admin/media/0b7e/file", "image/png", false, true)).toMatchObject({ methods: ["POST"], stream: true });
    expect(policyOf(table, "/admin/media/upload.data", FORM, false, true).stream).toBeUndefined();
    expect(policyOf(table, "/admin/settings", FORM, false, true).methods).toContain("POST");
  });

  it("a console form with a file (the translation import) takes its declared size from a console role only", () => {
    expect(policyOf(table, "/admin/translations.data", MULTIPART, true, true).limit).toBeGreaterThan(FORM_BODY_LIMIT);
    expect(policyOf(table, "/admin/translations", FORM, true, true).limit).toBe(FORM_BODY_LIMIT);
    expect(policyOf(table, "/admin/settings", MULTIPART, true, true).limit).toBe(FORM_BODY_LIMIT);
    expect(policyOf(table, "/admin/translations", MULTIPART, true, false).methods).toEqual(["GET", "HEAD"]);
  });

  it("better-auth answers only its public endpoints", () => {
    expect(policyOf(table, "/api/auth/verify-email", "", false).methods).toEqual(["GET"]);
    expect(policyOf(table, "/api/auth/sign-in/email", "application/json", false).methods).toEqual([]);
  });

  it("caches content pages, the library, the shop, /auth and /profile's member shell, by their own keys", () => {
    expect(table.cacheOf("/about")?.key(new URLSearchParams("lang=de"))).toBe("");
    expect(table.cacheOf("/about")?.key(new URLSearchParams("x=1"))).toBeUndefined();
    expect(table.cacheOf("/auth")?.key(new URLSearchParams("tab=signup&lang=es"))).toBe("tab=signup");
    expect(table.cacheOf("/media")?.key(new URLSearchParams("type=all&q=%20logo%20&category=Brand-Assets"))).toBe(
      "q=logo&category=brand-assets",
    );
    expect(table.cacheOf("/shop")?.key(new URLSearchParams("category=all&after=abc"))).toBe("after=abc");
    expect(table.cacheOf("/profile")?.memberShell).toBe(true);
    for (const path of ["/media.data", "/community", "/shop/cart", "/admin", "/no-such-page"])
      expect(table.cacheOf(path), path).toBeUndefined();
  });

  it("lists public pages in the sitemap and folds letter case only into page paths, never the console's", () => {
    expect(table.sitemapPaths).toEqual(expect.arrayContaining(["/", "/media", "/shop", "/community", "/contact"]));
    expect(table.sitemapPaths).not.toContain("/profile");
    expect(table.sitemapPaths).not.toContain("/auth");
    // A member page and the invitation page (its link carries a token): kept out of search engines.
    expect(table.noCrawlPaths).toEqual(["/profile", "/invitation"]);
    expect(table.canonicalPaths.has("/profile/two-step")).toBe(true);
    expect([...table.canonicalPaths].some((path) => path.startsWith("/admin"))).toBe(false);
  });

  it("every console route declares a known section; the privacy pages and member exports are the admins'", () => {
    for (const route of table.routes.filter((entry) => entry.console !== null)) {
      expect(route.page.console, route.id).toBeDefined();
      expect(Object.keys(CONSOLE_SECTIONS), route.id).toContain(route.page.console);
    }
    expect(table.sectionOf("routes/admin.media.upload")).toBe("media");
    expect(table.sectionOf("routes/admin.members.newsletter[.]csv")).toBe("members");
    expect(table.sectionOf("routes/home")).toBeNull();
  });
});
