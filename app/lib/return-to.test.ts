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
