import { siteConfig } from "~/config/site";
import type { SessionUser } from "~/features/account/session.server";

/** The community's modules, in the order the page shows them. */
export const COMMUNITY_MODULES = ["discussions", "events", "learning", "badges", "directory", "groups"] as const;
export type CommunityModule = (typeof COMMUNITY_MODULES)[number];

/**
 * What /community shows to whom (ADR 0010). Visitors get the presentation only; the member part
 * (greeting, links into the community platform's modules) is built here on the server and never
 * reaches a visitor's HTML or loader data.
 */
export type CommunityView =
  | { kind: "visitor" }
  | {
      kind: "member";
      name: string;
      platformUrl: string;
      modules: Array<{ id: CommunityModule; href: string }>;
    };

export function moduleUrl(module: CommunityModule): string {
  const base = siteConfig.externalUrls.community.replace(/\/+$/, "");
  return `${base}${siteConfig.communityModulePaths[module]}`;
}

export function loadCommunity(user: SessionUser | null): CommunityView {
  if (!user) return { kind: "visitor" };
  return {
    kind: "member",
    name: user.name.trim() || user.email,
    platformUrl: siteConfig.externalUrls.community,
    modules: COMMUNITY_MODULES.map((id) => ({ id, href: moduleUrl(id) })),
  };
}
