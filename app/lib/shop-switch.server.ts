import { eq } from "drizzle-orm";
import { siteSettings } from "~/db/schema";
import { cachedUntilChange } from "./change-bus.server";
import { db } from "./db.server";
import { SETTINGS_TOPIC } from "./site-facts.server";

/**
 * The operator's shop switch (issue 27, ADR 0077): row "shop" of `site_settings`, `{ "open": false }`
 * when switched off. Off: /shop is the "opens soon" page and the shop leaves the navigation and the
 * header. No row (a fresh install) is on. Kept per process like the facts, dropped on "settings".
 */
export const SHOP_SETTINGS_KEY = "shop";
const SHOP_TTL_MS = 5 * 60_000;

export async function readShopOpen(): Promise<boolean> {
  const [row] = await db().select({ value: siteSettings.value }).from(siteSettings).where(eq(siteSettings.key, SHOP_SETTINGS_KEY));
  return (row?.value as { open?: unknown } | undefined)?.open !== false;
}

let processCache: ReturnType<typeof cachedUntilChange<boolean>> | undefined;
const cache = () => (processCache ??= cachedUntilChange(SETTINGS_TOPIC, readShopOpen, SHOP_TTL_MS));

export async function shopOpen(): Promise<boolean> {
  return cache().current();
}

/** After a save in this process (the change bus tells the others). */
export function forgetShopOpen() {
  cache().forget();
}
