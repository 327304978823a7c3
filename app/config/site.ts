/**
 * The company's own facts, in one typed place (issue 3). Page code never invents these.
 * Values marked PLACEHOLDER must be replaced by the operator before going live; the
 * imprint and contact pages show them as they are here.
 */

export interface SiteConfig {
  name: string;
  legalName: string;
  /** Canonical origin used when PUBLIC_URL is not set (sitemaps, Open Graph). */
  defaultOrigin: string;
  responsiblePerson: string;
  address: { street: string; postalCode: string; city: string; country: string };
  phone: string;
  email: string;
  vatId: string | null;
  registerEntry: string | null;
  externalUrls: { academy: string; market: string; community: string };
  /** /consulting: where each sector's "resources" link and "View More Case Studies" land in the media library. */
  consultingLibraryLinks: Record<"fintech" | "media" | "education" | "healthcare" | "caseStudies", string>;
  /** Where each module lives on the external community platform (paths below externalUrls.community). */
  communityModulePaths: Record<
    "discussions" | "events" | "learning" | "badges" | "directory" | "groups",
    string
  >;
  social: Array<{ name: "LinkedIn" | "Instagram" | "YouTube" | "X" | "GitHub"; url: string }>;
  /**
   * Home page claims. Leave a value null and the claim is not shown: the site never shows
   * invented numbers.
   */
  claims: { activeMembers: number | null; averageRating: number | null; expertConsultants: number | null };
  /** Privacy policy: where the site and its database run (the provider processes data on our behalf). */
  hosting: { provider: string; location: string };
  /** Privacy policy: the data-protection supervisory authority for the provider's seat. */
  supervisoryAuthority: { name: string; address: string; url: string };
}

export const siteConfig: SiteConfig = {
  name: "IP Angel",
  legalName: "IP Angel (PLACEHOLDER: sole proprietor's trading name)",
  defaultOrigin: "http://localhost:3000",
  responsiblePerson: "PLACEHOLDER: full name of the owner",
  address: {
    street: "PLACEHOLDER Street 1",
    postalCode: "60311",
    city: "Frankfurt am Main",
    country: "Germany",
  },
  phone: "+49 69 0000000 (PLACEHOLDER)",
  email: "hello@example.com",
  vatId: null,
  registerEntry: null,
  externalUrls: {
    academy: "https://academy.example.com",
    market: "https://market.example.com",
    community: "https://community.example.com",
  },
  // Filtered views of the demo library (categories by slug, types); adjust to your own library.
  consultingLibraryLinks: {
    fintech: "/media?category=templates&type=document",
    media: "/media?category=brand",
    education: "/media?category=tutorials",
    healthcare: "/media?type=document",
    caseStudies: "/media?type=document",
  },
  communityModulePaths: {
    discussions: "/discussions",
    events: "/events",
    learning: "/courses",
    badges: "/badges",
    directory: "/members",
    groups: "/groups",
  },
  social: [
    { name: "LinkedIn", url: "https://www.linkedin.com/" },
    { name: "Instagram", url: "https://www.instagram.com/" },
    { name: "YouTube", url: "https://www.youtube.com/" },
  ],
  claims: { activeMembers: null, averageRating: null, expertConsultants: null },
  hosting: { provider: "PLACEHOLDER: hosting provider (self-hosted server)", location: "Germany" },
  // Frankfurt am Main is in Hesse; change together with the address if the seat moves.
  supervisoryAuthority: {
    name: "Der Hessische Beauftragte für Datenschutz und Informationsfreiheit",
    address: "Gustav-Stresemann-Ring 1, 65189 Wiesbaden, Germany",
    url: "https://datenschutz.hessen.de",
  },
};
