import { describe, expect, it } from "vitest";
import { COMMUNITY_MODULES, loadCommunity } from "./community.server";

describe("community loader: what is shown to whom", () => {
  it("gives a visitor the presentation only: no member data at all", () => {
    const view = loadCommunity(null, "https://community.example.com");
    expect(view).toEqual({ kind: "visitor" });
    expect(JSON.stringify(view)).not.toContain("community.example.com");
  });

  it("gives a member a greeting and a link to every module on the community platform", () => {
    const view = loadCommunity({ id: "u1", email: "ada@example.com", name: "Ada Lovelace" }, "https://community.example.com");
    expect(view.kind).toBe("member");
    if (view.kind !== "member") return;
    expect(view.name).toBe("Ada Lovelace");
    expect(view.platformUrl).toBe("https://community.example.com");
    expect(view.modules.map((module) => module.id)).toEqual([...COMMUNITY_MODULES]);
    expect(Object.fromEntries(view.modules.map((module) => [module.id, module.href]))).toEqual({
      discussions: "https://community.example.com/discussions",
      events: "https://community.example.com/events",
      learning: "https://community.example.com/courses",
      badges: "https://community.example.com/badges",
      directory: "https://community.example.com/members",
      groups: "https://community.example.com/groups",
    });
  });

  it("greets a member without a name by e-mail address", () => {
    const view = loadCommunity({ id: "u2", email: "grace@example.com", name: "  " }, "");
    expect(view.kind === "member" && view.name).toBe("grace@example.com");
  });

  it("links nowhere while no community site is configured (no placeholder address)", () => {
    const view = loadCommunity({ id: "u3", email: "kay@example.com", name: "Kay" }, "");
    expect(view.kind === "member" && view.platformUrl).toBeNull();
    expect(view.kind === "member" && view.modules.every((module) => module.href === null)).toBe(true);
  });
});
