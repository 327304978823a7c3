import { eq } from "drizzle-orm";
import { siteSettings } from "~/db/schema";
import { db } from "./db.server";
import { getEnv } from "./env.server";
import { publicContentChanged } from "./public-content.server";
import { effectiveSettings, factsFrom, SETTING_KEYS, type SettingKey, type SiteFacts, type StoredSettings } from "./site-facts";

/**
 * The site's facts from the database (row "site" of `site_settings`) over the file's defaults,
 * kept in memory: read once, dropped when the console saves (invalidateSiteFacts) and after
 * FACTS_TTL_MS, so another server process sees a change within that time.
 */
export const SITE_SETTINGS_KEY = "site";
const FACTS_TTL_MS = 30_000;

let cached: { at: number; settings: Record<SettingKey, string>; facts: SiteFacts } | undefined;
let loading: Promise<NonNullable<typeof cached>> | undefined;

export async function readStoredSettings(): Promise<StoredSettings> {
  const [row] = await db().select({ value: siteSettings.value }).from(siteSettings).where(eq(siteSettings.key, SITE_SETTINGS_KEY));
  const value = (row?.value ?? {}) as Record<string, unknown>;
  return Object.fromEntries(SETTING_KEYS.filter((key) => typeof value[key] === "string").map((key) => [key, value[key] as string]));
}

/** The external sites from ACADEMY_URL, MARKET_URL and COMMUNITY_URL. */
export function envUrls() {
  const env = getEnv();
  return { academy: env.ACADEMY_URL, market: env.MARKET_URL, community: env.COMMUNITY_URL };
}

async function load() {
  const settings = effectiveSettings(await readStoredSettings(), envUrls());
  return { at: Date.now(), settings, facts: factsFrom(settings) };
}

async function current() {
  if (cached && Date.now() - cached.at < FACTS_TTL_MS) return cached;
  loading ??= load().finally(() => (loading = undefined));
  cached = await loading;
  return cached;
}

export async function getSiteFacts(): Promise<SiteFacts> {
  return (await current()).facts;
}

export async function getEffectiveSettings(): Promise<Record<SettingKey, string>> {
  return (await current()).settings;
}

/** After a save: the next request reads the database again, and cached pages are dropped. */
export function invalidateSiteFacts() {
  cached = undefined;
  publicContentChanged();
}
