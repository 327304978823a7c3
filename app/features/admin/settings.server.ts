import { z } from "zod";
import { siteSettings } from "~/db/schema";
import { db } from "~/lib/db.server";
import { logger } from "~/lib/logger.server";
import { envUrls, getEffectiveSettings, invalidateSiteFacts, readStoredSettings, SITE_SETTINGS_KEY } from "~/lib/site-facts.server";
import {
  effectiveSettings,
  IMPRINT_KEYS,
  isPlaceholder,
  missingImprintKeys,
  SETTING_GROUPS,
  SETTING_KEYS,
  type SettingKey,
} from "~/lib/site-facts";
import { recordAudit } from "./audit.server";
import type { ConsoleActor } from "./guard.server";

/**
 * Site settings (issue 11): the company's facts edited in the console, stored in `site_settings`,
 * live at once (the in-memory facts and cached pages are dropped on save). An empty field falls
 * back to ACADEMY_URL/MARKET_URL/COMMUNITY_URL (external sites) or the file's default.
 */

const URL_KEYS = new Set<SettingKey>([...SETTING_GROUPS.links, "authorityUrl"]);
const CLAIM_KEYS = new Set<SettingKey>(SETTING_GROUPS.claims);

const text = z.string().trim().max(300, "admin.settings.errors.tooLong");
const url = text.refine((value) => value === "" || /^https?:\/\/[^\s/$.?#].[^\s]*$/i.test(value), "admin.settings.errors.url");
const email = text.refine((value) => value === "" || z.email().safeParse(value).success, "admin.settings.errors.email");
const claim = text.refine((value) => value === "" || (/^\d+(\.\d+)?$/.test(value) && Number(value) <= 1e9), "admin.settings.errors.number");
const noPlaceholder = (schema: z.ZodType<string>) =>
  schema.refine((value) => value === "" || !isPlaceholder(value), "admin.settings.errors.placeholder");

const settingsSchema = z.object(
  Object.fromEntries(
    SETTING_KEYS.map((key) => [key, noPlaceholder(key === "email" ? email : URL_KEYS.has(key) ? url : CLAIM_KEYS.has(key) ? claim : text)]),
  ) as Record<SettingKey, z.ZodType<string>>,
);

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

export type SaveSettingsResult = { ok: true } | { ok: false; errors: Partial<Record<SettingKey, string>>; values: Record<string, string> };

export async function saveSettings(actor: ConsoleActor, form: FormData): Promise<SaveSettingsResult> {
  const raw = Object.fromEntries(SETTING_KEYS.map((key) => [key, typeof form.get(key) === "string" ? (form.get(key) as string) : ""]));
  const parsed = settingsSchema.safeParse(raw);
  if (!parsed.success) {
    const errors: Partial<Record<SettingKey, string>> = {};
    for (const issue of parsed.error.issues) errors[issue.path[0] as SettingKey] ??= issue.message;
    return { ok: false, errors, values: raw };
  }
  const before = await readStoredSettings();
  const after = Object.fromEntries(SETTING_KEYS.filter((key) => parsed.data[key] !== "").map((key) => [key, parsed.data[key]]));
  await db().transaction(async (tx) => {
    await tx
      .insert(siteSettings)
      .values({ key: SITE_SETTINGS_KEY, value: after, updatedBy: actor.id })
      .onConflictDoUpdate({ target: siteSettings.key, set: { value: after, updatedBy: actor.id, updatedAt: new Date() } });
    await recordAudit(
      actor,
      { action: "settings.update", entity: "settings", entityId: SITE_SETTINGS_KEY, summary: "site", before, after },
      tx,
    );
  });
  invalidateSiteFacts();
  return { ok: true };
}
