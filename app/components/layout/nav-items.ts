import { siteConfig } from "~/config/site";

/** The shell's navigation, shared by the desktop bar, the mobile menu and the footer. */
export const MAIN_LINKS = [
  { to: "/", labelKey: "common.nav.home", end: true },
  { to: "/media", labelKey: "common.nav.media", end: false },
  { to: "/about", labelKey: "common.nav.about", end: false },
  { to: "/contact", labelKey: "common.nav.contact", end: false },
] as const;

export type PlatformLink =
  | { kind: "external"; href: string; labelKey: string }
  | { kind: "internal"; to: string; labelKey: string };

export const PLATFORM_LINKS: PlatformLink[] = [
  { kind: "external", href: siteConfig.externalUrls.academy, labelKey: "common.nav.academy" },
  { kind: "external", href: siteConfig.externalUrls.market, labelKey: "common.nav.market" },
  { kind: "internal", to: "/community", labelKey: "common.nav.community" },
  { kind: "internal", to: "/shop", labelKey: "common.nav.shop" },
  { kind: "internal", to: "/platforms", labelKey: "common.nav.discoverAll" },
];
