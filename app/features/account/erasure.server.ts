import fs from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { profiles, shopCustomers, user } from "~/db/schema";
import { db } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import type { Language } from "~/lib/i18n";
import { logger } from "~/lib/logger.server";
import { enqueueJob } from "~/lib/jobs.server";
import { mailQuotaKeys } from "~/lib/mail-quota.server";
import { queueMail } from "~/lib/mailer.server";
import { deleteFolder } from "~/lib/storage.server";
import { renderAccountMail } from "./mail.server";
import { SHOPIFY_DELETE_JOB } from "./shopify.server";
import { mailBrand } from "~/lib/brand.server";

/**
 * Complete erasure of an account (GDPR Art. 17; ADR 0022). Afterwards no row in any table and no
 * file names the account's id or its e-mail address, except the two jobs queued here: the shop
 * removal (by Shopify id; pg-boss deletes ended jobs within the hour, ADR 0046) and the deletion
 * notice, whose `mail_log` row goes when its job ends.
 *
 * Data tied only to the *address* (contact messages sent from it, mails queued to it) is erased
 * only when the account had confirmed that address: whoever registers someone else's address
 * must not be able to erase (or export) that person's messages.
 */
function likePattern(value: string) {
  return `%${value.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

export async function eraseAccount(userId: string, options: { notify: boolean }): Promise<boolean> {
  const [row] = await db()
    .select({ email: user.email, name: user.name, verified: user.emailVerified, language: profiles.language })
    .from(user)
    .leftJoin(profiles, eq(profiles.id, user.id))
    .where(eq(user.id, userId));
  if (!row) return false;
  const email = row.email.toLowerCase();
  const [shop] = await db().select().from(shopCustomers).where(eq(shopCustomers.userId, userId));
  const notice = options.notify
    ? await renderAccountMail("deleted", (row.language ?? "en") as Language, { name: row.name }, await mailBrand())
    : undefined;

  await db().transaction(async (tx) => {
    // Sessions, linked accounts, profile, consents, shop link and download records go by cascade.
    await tx.execute(sql`delete from verifications where value = ${userId} or identifier ilike ${likePattern(email)}`);
    // Rate-limit counters keyed by account id or address (sign-in, reset, e-mail change ...).
    // and the address's mail quotas (ADR 0043).
    const quotaKeys = sql.join(
      mailQuotaKeys(email).map((key) => sql`${key}`),
      sql`, `,
    );
    await tx.execute(sql`delete from request_counters
      where split_part(key, ':acct:', 2) in (${userId}, ${email}) or key in (${quotaKeys})`);
    // Queued jobs that name the account (shop syncs) and its mails. A confirmed owner's address
    // also takes the contact-form mails it sent (Reply-To, while still queued) and its contact messages.
    // pg-boss installs its schema when the job workers first start (a script or test may erase before that).
    const { rows: queue } = await tx.execute<{ table: string | null }>(sql`select to_regclass('pgboss.job')::text as table`);
    if (queue[0]?.table) await tx.execute(sql`delete from pgboss.job where data->>'userId' = ${userId} and state < 'completed'`);
    if (row.verified) {
      await tx.execute(sql`delete from mail_log where lower(recipient) = ${email} or content::text ilike ${likePattern(email)}`);
      await tx.execute(sql`delete from contact_messages where lower(email) = ${email}`);
      // "Tell me when it opens" requests (/academy, /tandem) of the same address.
      await tx.execute(sql`delete from launch_notifications where lower(email) = ${email}`);
    } else {
      await tx.execute(sql`delete from mail_log where lower(recipient) = ${email}`);
    }
    await tx.delete(user).where(eq(user.id, userId));
    if (shop) {
      await enqueueJob(
        SHOPIFY_DELETE_JOB,
        {
          customerId: shop.shopifyCustomerId,
          createdByUs: shop.createdByUs,
          withdrawConsent: shop.syncedMarketingState === "SUBSCRIBED",
        },
        { executor: tx },
      );
    }
    if (notice) await queueMail({ to: row.email, ...notice }, { executor: tx, eraseWhenDone: true });
  });
  await deleteFolder("avatars", userId);
  if (row.verified) await deleteOutboxFiles(email);
  logger.info(`Account ${userId} erased${shop ? `; shop customer ${shop.shopifyCustomerId} queued for removal` : ""}`);
  return true;
}

/**
 * Without SMTP_URL every mail is an .eml file in $DATA_DIR/outbox: the ones to the erased
 * address go too (the deletion notice is written after this, and retention removes it later).
 */
export async function deleteOutboxFiles(email: string) {
  const dir = path.join(getEnv().DATA_DIR, "outbox");
  let names: string[];
  try {
    names = await fs.promises.readdir(dir);
  } catch {
    return;
  }
  const needle = email.toLowerCase();
  for (const name of names) {
    if (!name.endsWith(".eml")) continue;
    const file = path.join(dir, name);
    try {
      const content = await fs.promises.readFile(file, "utf8");
      if (content.toLowerCase().includes(needle)) await fs.promises.rm(file, { force: true });
    } catch (error) {
      logger.warn(`could not check ${name}: ${String(error)}`);
    }
  }
}
