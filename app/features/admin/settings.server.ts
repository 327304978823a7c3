import { siteSettings } from "~/db/schema";
import { db } from "~/lib/db.server";
import { logger } from "~/lib/logger.server";
import {
  announceSettingsChange,
  envUrls,
  getEffectiveSettings,
  invalidateSiteFacts,
  readStoredSettings,
  SITE_SETTINGS_KEY,
} from "~/lib/site-facts.server";
import { effectiveSettings, IMPRINT_KEYS, missingImprintKeys, SETTING_KEYS, type SettingKey } from "~/lib/site-facts";
import { forgetShopOpen, readShopOpen, SHOP_SETTINGS_KEY } from "~/lib/shop-switch.server";
import { recordAudit } from "./audit.server";
import type { ConsoleActor } from "./guard.server";

/**
 * Site settings (issue 11): the company's facts edited in the console, stored in `site_settings`,
 * live at once (the in-memory facts and cached pages are dropped on save). An empty field falls
 * back to ACADEMY_URL/MARKET_URL/COMMUNITY_URL (external sites) or the file's default.
 */

export async function missingImprintFacts(): Promise<SettingKey[]> {
  return missingImprintKeys(await getEffectiveSettings());
}

/** Logged once at start while the imprint is incomplete (the console shows the same warning). */
export async function warnAboutMissingImprint() {
  const missing = await missingImprintFacts();
  if (missing.length > 0) {
    logger.warn(
      `The imprint is incomplete: ${missing.join(", ")} not set. Fill them in the console's site settings (or app/config/site.ts).`,
    );
  }
}

export async function loadSettingsForm() {
  return {
    stored: await readStoredSettings(),
    // What the site shows for an empty field: the environment's URL or the file's default.
    fallbacks: effectiveSettings({}, envUrls()),
    imprintKeys: IMPRINT_KEYS,
  };
}

/**
 * Stores the settings (validated by the form's schema, schemas/console-schemas.ts; "" = not set),
 * audited with the changed fields, and tells every server process (change bus) to read them again.
 */
export async function saveSettings(actor: ConsoleActor, values: Record<SettingKey, string>) {
  const before = await readStoredSettings();
  const after = Object.fromEntries(SETTING_KEYS.filter((key) => values[key]).map((key) => [key, values[key]]));
  await storeSettingsRow(actor, SITE_SETTINGS_KEY, "site", before, after);
}

/**
 * One row of `site_settings` replaced (the facts, "site"; the brand, "brand", ADR 0076): audited with
 * before/after, announced to every process on commit (each drops its copies on "settings"), and this
 * process's copies and cached pages dropped at once.
 */
export async function storeSettingsRow(
  actor: ConsoleActor,
  key: string,
  summary: string,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  /** Drops another in-memory copy of the row (the brand's) before the pages are dropped. */
  forget?: () => void,
) {
  await db().transaction(async (tx) => {
    await tx
      .insert(siteSettings)
      .values({ key, value: after, updatedBy: actor.id })
      .onConflictDoUpdate({ target: siteSettings.key, set: { value: after, updatedBy: actor.id, updatedAt: new Date() } });
    await recordAudit(actor, { action: "settings.update", entity: "settings", entityId: key, summary, before, after }, tx);
    await announceSettingsChange(tx);
  });
  forget?.();
  invalidateSiteFacts();
}

/** The shop switch (ADR 0077): on is stored as `{ open: true }`, off as `{ open: false }`. */
export async function saveShopOpen(actor: ConsoleActor, open: boolean) {
  const before = { open: await readShopOpen() };
  await storeSettingsRow(actor, SHOP_SETTINGS_KEY, "shop", before, { open }, forgetShopOpen);
}
