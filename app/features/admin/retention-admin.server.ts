import { RETENTION_SETTINGS, type RetentionValues } from "~/features/privacy/retention-limits";
import { getRetentionDefaults, readRetentionOverrides, storeRetentionOverrides } from "~/features/privacy/retention-settings.server";
import { db } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { publicContentChanged } from "~/lib/public-content.server";
import { recordAudit } from "./audit.server";
import type { ConsoleActor } from "./guard.server";

/**
 * The console's retention page (issue 12, admins): each period with its default (the RETENTION_*
 * variable or built-in value) and the value the console set, if any. Saving validates against
 * the same bounds (schemas/privacy-schemas.ts, retention-limits.ts), stores and audits in one
 * transaction; the privacy policy, which names the periods, is rendered again.
 */
export async function loadRetentionConsole() {
  const env = getEnv();
  return {
    settings: RETENTION_SETTINGS.map((setting) => ({ ...setting })),
    defaults: getRetentionDefaults(),
    overrides: await readRetentionOverrides(),
    intervalMinutes: env.RETENTION_INTERVAL_MINUTES,
    deletesUnconfirmedAccounts: env.REQUIRE_EMAIL_CONFIRMATION,
  };
}

/** Stores the periods given (an absent one returns to its default); audited with before and after. */
export async function saveRetention(actor: ConsoleActor, values: Partial<RetentionValues>) {
  const next: Partial<RetentionValues> = {};
  for (const { key } of RETENTION_SETTINGS) if (values[key] !== undefined) next[key] = values[key];
  await db().transaction(async (tx) => {
    const before = await readRetentionOverrides(tx);
    await storeRetentionOverrides(next, actor.id, tx);
    await recordAudit(actor, { action: "retention.update", entity: "retention", summary: "retention periods", before, after: next }, tx);
  });
  publicContentChanged();
}
