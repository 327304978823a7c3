import { Readable } from "node:stream";
import { and, asc, eq, gt, sql } from "drizzle-orm";
import yazl from "yazl";
import { account, mediaDownloads, profiles, session, shopCustomers, user } from "~/db/schema";
import { launchSignupsOfEmail } from "~/features/launch-notify/launch-signups.server";
import { db } from "~/lib/db.server";
import { openFileStream } from "~/lib/storage.server";
import { getConsentRecords } from "./newsletter-records.server";

/**
 * "Download my data" (GDPR Art. 15 and 20): a ZIP with `my-data.json` and the avatar file.
 * Streamed end to end: the JSON is written piece by piece while lists are read from the database
 * in pages of PAGE_SIZE rows, the ZIP (yazl) compresses as it goes, and the HTTP answer sends
 * what is ready; memory stays flat however long the history is.
 *
 * Data tied only to the address (contact messages sent from it, mails sent to it, "tell me when
 * it opens" sign-ups) is included
 * only when the account confirmed the address (someone else's address proves nothing).
 */
export const EXPORT_FORMAT = "ipangel-account-export/1";
const PAGE_SIZE = 500;
const AVATAR_PREFIX = "/files/avatars/";

function json(value: unknown) {
  return JSON.stringify(value, null, 2).replace(/\n/g, "\n  ");
}

/** Writes `"name": [ ...rows ]`, reading one page after another. */
async function* pagedArray<T>(name: string, readPage: (after: T | undefined) => Promise<T[]>, map: (row: T) => unknown) {
  yield `,\n  ${JSON.stringify(name)}: [`;
  let last: T | undefined;
  let first = true;
  for (;;) {
    const rows = await readPage(last);
    // One chunk per page: per-row chunks cost more in the streams than the JSON itself.
    let chunk = "";
    for (const row of rows) {
      chunk += `${first ? "\n    " : ",\n    "}${JSON.stringify(map(row))}`;
      first = false;
    }
    if (chunk) yield chunk;
    if (rows.length < PAGE_SIZE) break;
    last = rows[rows.length - 1];
  }
  yield first ? "]" : "\n  ]";
}

async function* exportJson(userId: string): AsyncGenerator<string> {
  const [row] = await db()
    .select({
      id: user.id,
      email: user.email,
      emailVerified: user.emailVerified,
      name: user.name,
      createdAt: user.createdAt,
      updatedAt: user.updatedAt,
    })
    .from(user)
    .where(eq(user.id, userId));
  if (!row) throw new Error("account not found");
  const email = row.email.toLowerCase();
  const signInMethods = await db()
    .select({ provider: account.providerId, createdAt: account.createdAt })
    .from(account)
    .where(eq(account.userId, userId));
  const [profile] = await db()
    .select({
      username: profiles.username,
      customerType: profiles.customerType,
      newsletterSubscribed: profiles.newsletterSubscribed,
      avatarUrl: profiles.avatarUrl,
      language: profiles.language,
      createdAt: profiles.createdAt,
      updatedAt: profiles.updatedAt,
    })
    .from(profiles)
    .where(eq(profiles.id, userId));
  const [shop] = await db()
    .select({
      shopifyCustomerId: shopCustomers.shopifyCustomerId,
      createdByThisSite: shopCustomers.createdByUs,
      emailSentToShop: shopCustomers.syncedEmail,
      marketingConsentSentToShop: shopCustomers.syncedMarketingState,
      linkedAt: shopCustomers.createdAt,
    })
    .from(shopCustomers)
    .where(eq(shopCustomers.userId, userId));
  const sessions = await db()
    .select({
      createdAt: session.createdAt,
      lastActiveAt: session.lastActiveAt,
      expiresAt: session.expiresAt,
      ipAddress: session.ipAddress,
      userAgent: session.userAgent,
    })
    .from(session)
    .where(eq(session.userId, userId))
    .orderBy(asc(session.createdAt));

  yield `{\n  "format": ${JSON.stringify(EXPORT_FORMAT)},\n  "exportedAt": ${JSON.stringify(new Date().toISOString())}`;
  yield `,\n  "account": ${json({ ...row, signInMethods })}`;
  yield `,\n  "profile": ${json(profile ?? null)}`;
  yield `,\n  "newsletterConsents": ${json((await getConsentRecords({ userId })).map(({ userId: _owner, ...record }) => record))}`;
  // "Tell me when it opens" sign-ups of the address (issue 13): tied to the address only, so only when it is confirmed.
  yield `,\n  "launchNotifications": ${json(row.emailVerified ? await launchSignupsOfEmail(email) : [])}`;
  yield `,\n  "shopCustomer": ${json(shop ?? null)}`;
  yield `,\n  "sessions": ${json(sessions)}`;

  yield* pagedArray(
    "downloads",
    (after?: { id: number }) =>
      db()
        .select({
          id: mediaDownloads.id,
          mediaItemId: mediaDownloads.mediaItemId,
          title: mediaDownloads.title,
          downloadedAt: mediaDownloads.createdAt,
        })
        .from(mediaDownloads)
        .where(and(eq(mediaDownloads.userId, userId), after ? gt(mediaDownloads.id, after.id) : undefined))
        .orderBy(asc(mediaDownloads.id))
        .limit(PAGE_SIZE),
    ({ id: _id, ...download }) => download,
  );

  type Message = { id: string; created_at: string; name: string; subject: string; message: string; language: string };
  yield* pagedArray(
    "contactMessages",
    async (after?: Message) => {
      if (!row.emailVerified) return [];
      const result = await db().execute<Message>(sql`
        select id, created_at, name, subject, message, language from contact_messages
        where lower(email) = ${email} ${after ? sql`and (created_at, id) > (${after.created_at}::timestamptz, ${after.id}::uuid)` : sql``}
        order by created_at, id limit ${PAGE_SIZE}`);
      return result.rows;
    },
    (message) => ({
      sentAt: new Date(message.created_at).toISOString(),
      name: message.name,
      subject: message.subject,
      message: message.message,
      language: message.language,
    }),
  );

  // Subject, date and state only: a body or a link of a mail still on its way would act for the account.
  type SentMail = { id: number; created_at: string; status: string; subject: string };
  yield* pagedArray(
    "mailsSentToYou",
    async (after?: SentMail) => {
      const result = await db().execute<SentMail>(sql`
        select id, created_at, status, subject from mail_log
        where lower(recipient) = ${email} ${after ? sql`and id > ${after.id}` : sql``}
        ${row.emailVerified ? sql`` : sql`and false`}
        order by id limit ${PAGE_SIZE}`);
      return result.rows;
    },
    (mail) => ({
      queuedAt: new Date(mail.created_at).toISOString(),
      status: mail.status,
      subject: mail.subject,
    }),
  );
  yield `,\n  "notes": ${json([
    "Passwords are stored only as salted hashes and are not part of this export.",
    "Mails are kept for a limited time after sending (see the privacy policy, section Retention).",
  ])}\n}\n`;
}

function avatarKey(url: string | null | undefined, userId: string) {
  if (!url?.startsWith(AVATAR_PREFIX)) return undefined;
  const key = decodeURIComponent(url.slice(AVATAR_PREFIX.length));
  return key.startsWith(`${userId}/`) ? key : undefined;
}

/**
 * The ZIP as a Node stream; nothing is read before the consumer pulls. The console's data request
 * (ADR 0084) adds its own files and may have no account (`userId` null): then only those files.
 */
export async function createDataExport(userId: string | null, extraFiles: { name: string; content: string }[] = []): Promise<Readable> {
  const zip = new yazl.ZipFile();
  const output = zip.outputStream as Readable;
  const now = new Date();
  if (userId) {
    const [profile] = await db().select({ avatarUrl: profiles.avatarUrl }).from(profiles).where(eq(profiles.id, userId));
    const body = Readable.from(exportJson(userId));
    body.on("error", (error) => output.destroy(error));
    zip.addReadStream(body, "my-data.json", { mtime: now });
    const key = avatarKey(profile?.avatarUrl, userId);
    const avatar = key ? await openFileStream("avatars", key) : undefined;
    if (key && avatar) {
      avatar.on("error", (error) => output.destroy(error));
      zip.addReadStream(avatar, `avatar.${key.split(".").pop()}`, { mtime: now, compress: false });
    }
  }
  for (const file of extraFiles) zip.addBuffer(Buffer.from(file.content), file.name, { mtime: now });
  zip.end();
  return output;
}

/** A ZIP stream as a download that no cache keeps (the member's export, the console's data request). */
export function zipDownload(zip: Readable, fileName: string) {
  return new Response(Readable.toWeb(zip) as ReadableStream, {
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

export function exportFileName(date = new Date()) {
  return `ipangel-my-data-${date.toISOString().slice(0, 10)}.zip`;
}
