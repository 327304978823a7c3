import type { ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { canUse, sectionOfPath } from "~/features/admin/access";
import { buildFor, needsAudience, sessionTokenOf } from "./console-gate";

// Each console route declares its section (its `page` export); the path places it under /admin.
const SECTIONS: Record<string, string> = {
  "routes/admin": "overview",
  "routes/admin._index": "overview",
  "routes/admin.media": "media",
  "routes/admin.members.$id": "members",
  "routes/admin.settings": "settings",
  "routes/admin.newsletter": "newsletter",
  "routes/admin.newsletter.export[.]csv": "newsletter",
  "routes/admin.launches": "launches",
  "routes/admin.launches.export[.]csv": "launches",
  "routes/admin.retention": "retention",
};
const route = (id: string) => ({
  id,
  path: id.startsWith("routes/admin") ? `/admin/${id}` : id.replace("routes/", "/"),
  module: SECTIONS[id] ? { page: { console: SECTIONS[id] } } : {},
});
const build = {
  routes: Object.fromEntries(
    [
      "root",
      "routes/home",
      "routes/admin",
      "routes/admin._index",
      "routes/admin.media",
      "routes/admin.members.$id",
      "routes/admin.settings",
      "routes/not-found",
    ].map((id) => [id, route(id)]),
  ),
  assets: { version: "v1", routes: Object.fromEntries(["root", "routes/admin", "routes/admin.members.$id"].map((id) => [id, route(id)])) },
} as unknown as ServerBuild;

describe("console gate", () => {
  it("people without a role see a route table without any console route", () => {
    const visible = buildFor(build, "public");
    expect(Object.keys(visible.routes)).toEqual(["root", "routes/home", "routes/not-found"]);
    expect(Object.keys(visible.assets.routes)).toEqual(["root"]);
    expect(visible.assets.version).toBe("v1");
  });

  it("editors see media but not members or settings; admins see everything", () => {
    expect(Object.keys(buildFor(build, "editor").routes)).toEqual([
      "root",
      "routes/home",
      "routes/admin",
      "routes/admin._index",
      "routes/admin.media",
      "routes/not-found",
    ]);
    expect(buildFor(build, "admin")).toBe(build);
  });

  it("a console route that declares no section is the admins' only", () => {
    const undeclared = {
      ...build,
      routes: { ...build.routes, "routes/admin.undeclared": route("routes/admin.undeclared") },
    } as unknown as ServerBuild;
    expect(Object.keys(buildFor(undeclared, "editor").routes)).not.toContain("routes/admin.undeclared");
    expect(Object.keys(buildFor(undeclared, "public").routes)).not.toContain("routes/admin.undeclared");
  });

  it("the privacy pages (newsletter, launch lists, retention) and their exports are for admins only", () => {
    const ids = [
      "routes/admin.newsletter",
      "routes/admin.newsletter.export[.]csv",
      "routes/admin.launches",
      "routes/admin.launches.export[.]csv",
      "routes/admin.retention",
    ];
    const privacy = { ...build, routes: { ...build.routes, ...Object.fromEntries(ids.map((id) => [id, route(id)])) } } as ServerBuild;
    for (const audience of ["public", "editor"] as const) {
      for (const id of ids) expect(Object.keys(buildFor(privacy, audience).routes)).not.toContain(id);
    }
    expect(buildFor(privacy, "admin")).toBe(privacy);
    for (const path of ["/admin/newsletter/export.csv", "/admin/launches/export.csv", "/admin/retention.data", "/admin/launches"]) {
      expect(canUse("editor", sectionOfPath(path)), path).toBe(false);
      expect(canUse("admin", sectionOfPath(path)), path).toBe(true);
    }
  });

  it("reads the token of better-auth's session cookie and nothing else", () => {
    expect(sessionTokenOf("language=de; better-auth.session_token=abcDEF123456.c2lnbmF0dXJl")).toBe("abcDEF123456");
    expect(sessionTokenOf("better-auth.session_token =abcDEF123456%2Esig")).toBe("abcDEF123456");
    // The HTTPS name is better-auth's only on an HTTPS site (the tests run on http).
    expect(sessionTokenOf("__Secure-better-auth.session_token=abcDEF123456%2Esig")).toBeUndefined();
    expect(sessionTokenOf("better-auth.session_token=%E0%A4%A")).toBeUndefined();
    expect(sessionTokenOf("better-auth.session_token=' or 1=1 --")).toBeUndefined();
    expect(sessionTokenOf(undefined)).toBeUndefined();
  });

  it("looks the role up for documents, the manifest and the console, not for the data of other pages", () => {
    for (const path of ["/profile", "/", "/__manifest", "/admin", "/admin.data", "/admin/media.data", "/admin/members/x.data"])
      expect(needsAudience(path), path).toBe(true);
    for (const path of ["/profile.data", "/_root.data", "/media.data", "/administrator.data"])
      expect(needsAudience(path), path).toBe(false);
  });
});
