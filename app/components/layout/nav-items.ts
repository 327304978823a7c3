import { platformHref, type SiteFacts } from "~/lib/site-facts";

/** The shell's navigation, shared by the desktop bar, the mobile menu and the footer. */
export const MAIN_LINKS = [
  { to: "/", labelKey: "common.nav.home", end: true },
  { to: "/media", labelKey: "common.nav.media", end: false },
  { to: "/about", labelKey: "common.nav.about", end: false },
  { to: "/contact", labelKey: "common.nav.contact", end: false },
] as const;

export type PlatformLink = { kind: "external"; href: string; labelKey: string } | { kind: "internal"; to: string; labelKey: string };

/**
 * Academy and Market go to the configured external sites, else to our own pages (site facts). Shop
 * follows Market, so the two read as related, and is left out while the operator has it switched off.
 */
export const platformLinks = (facts: SiteFacts, shop: boolean): PlatformLink[] => [
  { ...platformHref(facts, "academy"), labelKey: "common.nav.academy" },
  { ...platformHref(facts, "market"), labelKey: "common.nav.market" },
  ...(shop ? [{ kind: "internal" as const, to: "/shop", labelKey: "common.nav.shop" }] : []),
  { kind: "internal", to: "/community", labelKey: "common.nav.community" },
  { kind: "internal", to: "/platforms", labelKey: "common.nav.discoverAll" },
];
