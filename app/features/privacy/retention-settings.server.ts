import { eq } from "drizzle-orm";
import { siteSettings } from "~/db/schema";
import { db, type Database } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { isValidRetentionValue, RETENTION_SETTINGS, type RetentionKey, type RetentionValues } from "./retention-limits";

/**
 * Retention periods changed in the operator console (issue 12): row "retention" of
 * `site_settings`, holding only the periods the console set. A period without one uses its
 * RETENTION_* variable or the built-in default (README, docs/privacy.md). Read on every use (one
 * row), so every server process and the next retention run see a change at once.
 */
export const RETENTION_SETTINGS_KEY = "retention";

type Executor = Pick<Database, "insert" | "select" | "delete">;

/** The periods from the environment (or the built-in defaults): what applies while the console sets none. */
export function getRetentionDefaults(): RetentionValues {
  const env = getEnv();
  return Object.fromEntries(RETENTION_SETTINGS.map((setting) => [setting.key, env[setting.env]])) as RetentionValues;
}

/** The periods the console set, valid ones only. */
export async function readRetentionOverrides(executor: Pick<Database, "select"> = db()): Promise<Partial<RetentionValues>> {
  const [row] = await executor.select({ value: siteSettings.value }).from(siteSettings).where(eq(siteSettings.key, RETENTION_SETTINGS_KEY));
  const value = (row?.value ?? {}) as Record<string, unknown>;
  const overrides: Partial<RetentionValues> = {};
  for (const { key } of RETENTION_SETTINGS) if (isValidRetentionValue(key, value[key])) overrides[key] = value[key];
  return overrides;
}

/** The periods in force: the console's over the environment's. */
export async function readRetentionValues(): Promise<RetentionValues> {
  return { ...getRetentionDefaults(), ...(await readRetentionOverrides()) };
}

/**
 * Stores the console's periods (a missing key goes back to its default); values must be valid
 * (the caller validated them with the same limits). The privacy policy shows the periods: after
 * the transaction, call publicContentChanged() so cached pages are dropped.
 */
export async function storeRetentionOverrides(overrides: Partial<RetentionValues>, updatedBy: string, executor: Executor = db()) {
  const value: Partial<Record<RetentionKey, number>> = {};
  for (const { key } of RETENTION_SETTINGS) {
    const given = overrides[key];
    if (given === undefined) continue;
    if (!isValidRetentionValue(key, given)) throw new Error(`invalid retention period ${key}=${String(given)}`);
    value[key] = given;
  }
  if (Object.keys(value).length === 0) {
    await executor.delete(siteSettings).where(eq(siteSettings.key, RETENTION_SETTINGS_KEY));
  } else {
    await executor
      .insert(siteSettings)
      .values({ key: RETENTION_SETTINGS_KEY, value, updatedBy })
      .onConflictDoUpdate({ target: siteSettings.key, set: { value, updatedBy, updatedAt: new Date() } });
  }
}
