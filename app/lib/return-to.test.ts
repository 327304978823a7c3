import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { authUrlReturningTo, safeReturnTo } from "./return-to";

describe("safeReturnTo", () => {
  it("keeps a path on this site with its query and fragment", () => {
    expect(safeReturnTo("/media?q=logo&item=1f2e")).toBe("/media?q=logo&item=1f2e");
    expect(safeReturnTo("/media/x#top")).toBe("/media/x#top");
  });

  it("refuses other sites, protocol-relative and backslash tricks, and garbage", () => {
    for (const value of [
      "https://evil.example/",
      "//evil.example/media",
      "/\\evil.example",
      "\\\\evil.example",
      "javascript:alert(1)",
      "media",
      "",
      "/media\nSet-Cookie: x",
      "/".padEnd(2000, "a"),
      42,
      undefined,
      null,
      { toString: () => "/media" },
    ]) {
      expect(safeReturnTo(value)).toBeUndefined();
    }
  });

  it("refuses every value a browser would take off the site once normalised", () => {
    const tricks = [
      "/.//evil.example",
      "/./\\/evil.example",
      "/%2e%2e//evil.example",
      "/%2E%2E//evil.example",
      "/%2e//evil.example",
      "/a/..//evil.example",
      "/../..//evil.example",
      "/.%2e//evil.example",
      "/\\evil.example",
      "/\t/evil.example",
      "/\n/evil.example",
      "/\r\n/evil.example",
      "/\u0000/evil.example",
      "\\\\evil.example",
      "\\/evil.example",
      "//evil.example",
      "///evil.example",
      "//@evil.example",
      "/@evil.example".replace("/", "//"),
      "https:evil.example",
      "http://evil.example",
      "javascript:alert(1)",
      "JaVaScRiPt:alert(1)",
      " /media",
      "\t//evil.example",
      "data:text/html,x",
    ];
    for (const value of tricks) expect(safeReturnTo(value), JSON.stringify(value)).toBeUndefined();
  });

  it("keeps look-alike characters as plain path text on this site", () => {
    // Unicode dots and fullwidth slashes are no dot segments or separators to a browser: percent-encoded in the path.
    expect(safeReturnTo("/\u3002/evil.example")).toBe("/%E3%80%82/evil.example");
    expect(safeReturnTo("/\uff0f\uff0fevil.example")).toBe("/%EF%BC%8F%EF%BC%8Fevil.example");
    expect(safeReturnTo("/\u2024\u2024/evil.example")).toBe("/%E2%80%A4%E2%80%A4/evil.example");
    expect(safeReturnTo("/@evil.example")).toBe("/@evil.example");
    expect(safeReturnTo("/media?next=//evil.example")).toBe("/media?next=//evil.example");
  });

  it("returns only a path that a browser resolves to this site, whatever it is given", () => {
    const pieces = fc.constantFrom(
      "/",
      "//",
      "\\",
      ".",
      "..",
      "%2e",
      "%2E",
      "%2f",
      "%5c",
      "@",
      "evil.example",
      ":",
      "?",
      "#",
      "\t",
      "\u3002",
      "\uff0f",
      "media",
      "javascript:",
      "http:",
    );
    fc.assert(
      fc.property(fc.array(pieces, { minLength: 1, maxLength: 8 }), (parts) => {
        const result = safeReturnTo(parts.join(""));
        if (result === undefined) return;
        for (const base of ["https://site.example/", "https://site.example/auth?tab=login", "https://site.example/a/b/c"]) {
          expect(new URL(result, base).origin).toBe("https://site.example");
        }
        expect(result.startsWith("/") && !result.startsWith("//")).toBe(true);
        expect(safeReturnTo(result)).toBe(result);
      }),
      { numRuns: 5000 },
    );
  });

  it("refuses the auth and logout pages and API endpoints (no loops, no side effects)", () => {
    expect(safeReturnTo("/auth?returnTo=/media")).toBeUndefined();
    expect(safeReturnTo("/logout")).toBeUndefined();
    expect(safeReturnTo("/api/media/1/download")).toBeUndefined();
    // A path that only starts with the same letters is fine.
    expect(safeReturnTo("/authors")).toBe("/authors");
  });

  it("normalises dot segments so a path cannot climb out", () => {
    expect(safeReturnTo("/media/../auth")).toBeUndefined();
    expect(safeReturnTo("/a/../media?item=2")).toBe("/media?item=2");
  });

  it("builds the /auth address that carries it", () => {
    expect(authUrlReturningTo("/media?item=abc", "signup")).toBe("/auth?returnTo=%2Fmedia%3Fitem%3Dabc&tab=signup");
  });
});
