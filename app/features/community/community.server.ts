import { siteConfig } from "~/config/site";
import { getSiteFacts } from "~/lib/site-facts.server";
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
      /** Null while no community site is configured (console settings or COMMUNITY_URL): no link is shown. */
      platformUrl: string | null;
      modules: Array<{ id: CommunityModule; href: string | null }>;
    };

export function moduleUrl(module: CommunityModule, communityUrl: string): string | null {
  if (!communityUrl) return null;
  const base = communityUrl.replace(/\/+$/, "");
  return `${base}${siteConfig.communityModulePaths[module]}`;
}

/** `communityUrl`: the configured community site ("" when none). */
export function loadCommunity(user: SessionUser | null, communityUrl: string): CommunityView {
  if (!user) return { kind: "visitor" };
  return {
    kind: "member",
    name: user.name.trim() || user.email,
    platformUrl: communityUrl || null,
    modules: COMMUNITY_MODULES.map((id) => ({ id, href: moduleUrl(id, communityUrl) })),
  };
}

/** The community site configured now (site settings over COMMUNITY_URL over the defaults). */
export async function configuredCommunityUrl() {
  return (await getSiteFacts()).externalUrls.community;
}
