import { eq } from "drizzle-orm";
import { siteSettings } from "~/db/schema";
import { cachedUntilChange, publishChange } from "./change-bus.server";
import { db, type Database } from "./db.server";
import { getEnv } from "./env.server";
import { publicContentChanged } from "./public-content.server";
import { effectiveSettings, factsFrom, SETTING_KEYS, type SettingKey, type SiteFacts, type StoredSettings } from "./site-facts";

/**
 * The site's facts from the database (row "site" of `site_settings`) over the file's defaults,
 * kept in memory by each server process. A console save announces "settings" on the change bus
 * (PostgreSQL NOTIFY in the saving transaction, ADR 0025): every process, this one included,
 * forgets its copy when the save commits, so the next request reads the new values. FACTS_TTL_MS
 * only bounds how long a copy could outlive a notification that never arrived.
 */
export const SITE_SETTINGS_KEY = "site";
export const SETTINGS_TOPIC = "settings";
const FACTS_TTL_MS = 5 * 60_000;

type Snapshot = { settings: Record<SettingKey, string>; facts: SiteFacts };

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

async function load(): Promise<Snapshot> {
  const settings = effectiveSettings(await readStoredSettings(), envUrls());
  return { settings, facts: factsFrom(settings) };
}

/** One process's copy of the facts, dropped on "settings" (a save) or "*". */
export function createSiteFactsCache() {
  const { current, forget, stop } = cachedUntilChange(SETTINGS_TOPIC, load, FACTS_TTL_MS);
  return {
    facts: async () => (await current()).facts,
    settings: async () => (await current()).settings,
    forget,
    stop,
  };
}

let processCache: ReturnType<typeof createSiteFactsCache> | undefined;
const cache = () => (processCache ??= createSiteFactsCache());

export async function getSiteFacts(): Promise<SiteFacts> {
  return cache().facts();
}

export async function getEffectiveSettings(): Promise<Record<SettingKey, string>> {
  return cache().settings();
}

/** Tells every process (on commit of `tx`) that the settings changed. */
export async function announceSettingsChange(tx: Pick<Database, "execute">) {
  await publishChange(SETTINGS_TOPIC, tx);
}

/** After a save: the next request reads the database again, and cached pages are dropped. */
export function invalidateSiteFacts() {
  cache().forget();
  publicContentChanged();
}
