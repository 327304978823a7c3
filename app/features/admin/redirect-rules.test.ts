import { describe, expect, it } from "vitest";
import { locationOf } from "~/lib/redirects.server";
import { loopOf, oldPathOf, targetOf } from "./redirect-rules";
import { redirectSchema } from "./schemas/console-schemas";

describe("a redirect's old path", () => {
  it("is kept in the guard's canonical form, lower case", () => {
    expect(oldPathOf("/Old-News/2019/")).toEqual({ ok: true, key: "/old-news/2019" });
    expect(oldPathOf("  /a//b///  ")).toEqual({ ok: true, key: "/a/b" });
    expect(oldPathOf("/über uns")).toEqual({ ok: true, key: "/%c3%bcber%20uns" });
    expect(oldPathOf("/x/../produkte")).toEqual({ ok: true, key: "/produkte" });
    expect(oldPathOf("/administration-alt")).toEqual({ ok: true, key: "/administration-alt" });
  });

  it("refuses what is not a path on this site, a query and a fragment", () => {
    for (const value of [
      "",
      "old",
      "https://evil.example/old",
      "//evil.example",
      "/\\evil.example",
      "javascript:alert(1)",
      "data:text/html,x",
      "/old\nSet-Cookie: x=1",
      "/old\u0000",
      "/old?id=1",
      "/old#top",
      "/".padEnd(1001, "a"),
    ]) {
      expect(oldPathOf(value), value).toEqual({ ok: false, error: "admin.redirects.errors.fromInvalid" });
    }
  });

  it("refuses the console, sign-in, account and file doors, whatever their case", () => {
    for (const value of [
      "/",
      "/admin",
      "/ADMIN/members",
      "/admin.data",
      "/auth/",
      "/api/auth/callback/google",
      "/files/media-files/x",
      "/assets/app.js",
      "/images/shop/a.png",
      "/profile/two-step",
      "/logout",
      "/healthz",
      "/metrics",
      "/.well-known/acme-challenge/x",
      "/__manifest",
    ]) {
      expect(oldPathOf(value), value).toEqual({ ok: false, error: "admin.redirects.errors.fromReserved" });
    }
  });
});

describe("a redirect's target", () => {
  it("is a path on this site as the parser resolves it, query and fragment kept", () => {
    expect(targetOf("/about")).toBe("/about");
    expect(targetOf(" /media?category=brand#top ")).toBe("/media?category=brand#top");
    expect(targetOf("/über uns")).toBe("/%C3%BCber%20uns");
  });

  it("refuses other sites, schemes, protocol-relative, backslashes and control characters", () => {
    for (const value of [
      "https://evil.example/",
      "http://evil.example/",
      "//evil.example",
      "/.//evil.example",
      "/%2e%2e//evil.example",
      "/\\evil.example",
      "\\\\evil.example",
      "javascript:alert(1)",
      "data:text/html,<script>x</script>",
      "/about\r\nLocation: https://evil.example",
      "about",
    ]) {
      expect(targetOf(value), value).toBeUndefined();
    }
  });
});

describe("loops", () => {
  const existing = new Map([
    ["/b", "/c"],
    ["/c", "/D/?x=1"],
  ]);

  it("finds a loop through the stored redirects, matched as the guard matches", () => {
    expect(loopOf("/b", "/a", new Map([["/a", "/B/"]]))).toEqual(["/b", "/a", "/b"]);
    expect(loopOf("/d", "/b", existing)).toEqual(["/d", "/b", "/c", "/d"]);
    expect(loopOf("/a", "/A", existing)).toEqual(["/a", "/a"]);
  });

  it("lets a chain end somewhere else", () => {
    expect(loopOf("/a", "/b", existing)).toBeUndefined();
    expect(loopOf("/e", "/about", existing)).toBeUndefined();
  });
});

describe("the form's schema", () => {
  it("names the problem of each field", () => {
    const result = redirectSchema.safeParse({ from: "/admin/x", target: "https://evil.example" });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((issue) => [issue.path[0], issue.message]));
    expect(messages).toEqual({ from: "admin.redirects.errors.fromReserved", target: "admin.redirects.errors.targetInvalid" });
    expect(redirectSchema.safeParse({ from: " /old ", target: "/about" }).data).toEqual({ from: "/old", target: "/about" });
  });
});

describe("the Location of a redirect", () => {
  it("takes the request's query unless the target has one, before the fragment", () => {
    expect(locationOf({ target: "/about" }, "")).toBe("/about");
    expect(locationOf({ target: "/about" }, "?utm_source=x")).toBe("/about?utm_source=x");
    expect(locationOf({ target: "/about#team" }, "?lang=de")).toBe("/about?lang=de#team");
    expect(locationOf({ target: "/media?category=brand" }, "?id=4")).toBe("/media?category=brand");
  });
});
