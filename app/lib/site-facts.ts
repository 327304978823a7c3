import { createContext, useContext } from "react";
import { siteConfig, type SiteConfig } from "~/config/site";

/**
 * The company's facts as the public pages show them (issue 11): app/config/site.ts holds the
 * defaults, the console's site settings (database) override them, ACADEMY_URL / MARKET_URL /
 * COMMUNITY_URL fill the external sites when the console has none. A placeholder never reaches a
 * page: a value with "PLACEHOLDER" or an example domain counts as not configured ("" or null),
 * and pages leave out what is not configured (Academy and Market then link to our own pages).
 */
export type SiteFacts = SiteConfig;

export const SOCIAL_NETWORKS = ["LinkedIn", "Instagram", "YouTube", "X", "GitHub"] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

/** The fields the console edits: flat keys, all strings in the form ("" = not configured). */
export const SETTING_GROUPS = {
  company: ["legalName", "responsiblePerson", "street", "postalCode", "city", "country", "phone", "email", "vatId", "registerEntry"],
  links: ["academyUrl", "marketUrl", "communityUrl", "linkedin", "instagram", "youtube", "x", "github"],
  claims: ["claimActiveMembers", "claimAverageRating", "claimExpertConsultants"],
  privacy: ["hostingProvider", "hostingLocation", "authorityName", "authorityAddress", "authorityUrl"],
} as const;
export type SettingKey = (typeof SETTING_GROUPS)[keyof typeof SETTING_GROUPS][number];
export const SETTING_KEYS: readonly SettingKey[] = Object.values(SETTING_GROUPS).flat();
export type StoredSettings = Partial<Record<SettingKey, string>>;

/** The imprint (§ 5 DDG) is incomplete while one of these is missing. */
export const IMPRINT_KEYS: readonly SettingKey[] = [
  "legalName",
  "responsiblePerson",
  "street",
  "postalCode",
  "city",
  "country",
  "phone",
  "email",
];

const SOCIAL_KEYS: Record<SocialNetwork, SettingKey> = {
  LinkedIn: "linkedin",
  Instagram: "instagram",
  YouTube: "youtube",
  X: "x",
  GitHub: "github",
};

export function isPlaceholder(value: string | null | undefined) {
  return !value || /placeholder|example\.(com|org|net)\b|0000000/i.test(value);
}

const clean = (value: string | null | undefined) => (isPlaceholder(value) ? "" : value!.trim());

/** A social link counts only when it points at a profile, not at the network's home page. */
function profileUrl(value: string | null | undefined) {
  const url = clean(value);
  try {
    return url && new URL(url).pathname.replace(/\/+$/, "") !== "" ? url : "";
  } catch {
    return "";
  }
}

/** The flat settings view of a configuration (the console's form shows the file's defaults this way). */
export function settingsOf(config: SiteConfig): Record<SettingKey, string> {
  const social = (name: SocialNetwork) => config.social.find((entry) => entry.name === name)?.url ?? "";
  const number = (value: number | null) => (value === null ? "" : String(value));
  return {
    legalName: config.legalName,
    responsiblePerson: config.responsiblePerson,
    street: config.address.street,
    postalCode: config.address.postalCode,
    city: config.address.city,
    country: config.address.country,
    phone: config.phone,
    email: config.email,
    vatId: config.vatId ?? "",
    registerEntry: config.registerEntry ?? "",
    academyUrl: config.externalUrls.academy,
    marketUrl: config.externalUrls.market,
    communityUrl: config.externalUrls.community,
    linkedin: social("LinkedIn"),
    instagram: social("Instagram"),
    youtube: social("YouTube"),
    x: social("X"),
    github: social("GitHub"),
    claimActiveMembers: number(config.claims.activeMembers),
    claimAverageRating: number(config.claims.averageRating),
    claimExpertConsultants: number(config.claims.expertConsultants),
    hostingProvider: config.hosting.provider,
    hostingLocation: config.hosting.location,
    authorityName: config.supervisoryAuthority.name,
    authorityAddress: config.supervisoryAuthority.address,
    authorityUrl: config.supervisoryAuthority.url,
  };
}

/** The file's defaults without placeholders. */
export function defaultSettings(): Record<SettingKey, string> {
  const defaults = settingsOf(siteConfig);
  return Object.fromEntries(
    SETTING_KEYS.map((key) => [key, SOCIAL_KEYS_SET.has(key) ? profileUrl(defaults[key]) : clean(defaults[key])]),
  ) as Record<SettingKey, string>;
}
const SOCIAL_KEYS_SET = new Set<SettingKey>(Object.values(SOCIAL_KEYS));

/**
 * The effective settings: console value, else (external sites) the environment, else the file's
 * default; placeholders removed.
 */
export function effectiveSettings(stored: StoredSettings, env: { academy?: string; market?: string; community?: string } = {}) {
  const defaults = defaultSettings();
  const fromEnv: Partial<Record<SettingKey, string | undefined>> = {
    academyUrl: env.academy,
    marketUrl: env.market,
    communityUrl: env.community,
  };
  const result = {} as Record<SettingKey, string>;
  for (const key of SETTING_KEYS) {
    const tidy = (candidate: string | undefined) => (SOCIAL_KEYS_SET.has(key) ? profileUrl(candidate) : clean(candidate));
    // The environment is the operator's explicit choice and is taken as it is.
    result[key] = tidy(stored[key]) || fromEnv[key]?.trim() || tidy(defaults[key]) || "";
  }
  return result;
}

function numberOrNull(value: string) {
  if (!value) return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
}

/** SiteConfig-shaped facts from effective settings (pages keep reading the fields they know). */
export function factsFrom(settings: Record<SettingKey, string>): SiteFacts {
  return {
    ...siteConfig,
    legalName: settings.legalName,
    responsiblePerson: settings.responsiblePerson,
    address: { street: settings.street, postalCode: settings.postalCode, city: settings.city, country: settings.country },
    phone: settings.phone,
    email: settings.email,
    vatId: settings.vatId || null,
    registerEntry: settings.registerEntry || null,
    externalUrls: { academy: settings.academyUrl, market: settings.marketUrl, community: settings.communityUrl },
    social: SOCIAL_NETWORKS.filter((name) => settings[SOCIAL_KEYS[name]]).map((name) => ({ name, url: settings[SOCIAL_KEYS[name]] })),
    claims: {
      activeMembers: numberOrNull(settings.claimActiveMembers),
      averageRating: numberOrNull(settings.claimAverageRating),
      expertConsultants: numberOrNull(settings.claimExpertConsultants),
    },
    hosting: { provider: settings.hostingProvider, location: settings.hostingLocation },
    supervisoryAuthority: { name: settings.authorityName, address: settings.authorityAddress, url: settings.authorityUrl },
  };
}

export function missingImprintKeys(settings: Record<SettingKey, string>): SettingKey[] {
  return IMPRINT_KEYS.filter((key) => !settings[key]);
}

/**
 * A postal address is shown only when it is whole (street, postal code and city): a block with a
 * city alone looks like an address and is not one (issue 27).
 */
export function hasPostalAddress(facts: SiteFacts) {
  const { street, postalCode, city } = facts.address;
  return Boolean(street && postalCode && city);
}

/** The provider's block (name and address) is shown only with the legal name and a whole address. */
export function hasProviderAddress(facts: SiteFacts) {
  return Boolean(facts.legalName) && hasPostalAddress(facts);
}

/** Where the Academy and Market links go: the external site when configured, else our own page. */
export function platformHref(
  facts: SiteFacts,
  platform: "academy" | "market",
): { kind: "external"; href: string } | { kind: "internal"; to: string } {
  const href = facts.externalUrls[platform];
  return href ? { kind: "external", href } : { kind: "internal", to: `/${platform}` };
}

/** A tel: link target from a phone number as written. */
export function telHref(phone: string) {
  return `tel:${phone.replace(/[^+\d]/g, "")}`;
}

const SiteFactsContext = createContext<SiteFacts>(factsFrom(defaultSettings()));
export const SiteFactsProvider = SiteFactsContext.Provider;

export function useSiteFacts(): SiteFacts {
  return useContext(SiteFactsContext);
}
