import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import nodemailer, { type Transporter } from "nodemailer";
import { mailLog } from "~/db/schema";
import { db, type Database } from "./db.server";
import { getEnv } from "./env.server";
import { enqueueJob, PermanentJobError, registerJobHandler } from "./jobs.server";
import { logger } from "./logger.server";
import { makePrivateDir, PRIVATE_FILE_MODE } from "./private-files.server";
import { getEffectiveSettings } from "./site-facts.server";

/**
 * Mail is background work (ADR 0046): `queueMail` writes the message to `mail_log` and queues a
 * "mail" job that names only the row; the job delivers it with `deliverMail`. With SMTP_URL set,
 * over SMTP; without, as an .eml file in `$DATA_DIR/outbox/` with its links logged (CONTRACT.md).
 *
 * `mail_log` is what the member's data export and the console show (recipient, subject, state).
 * Its `content` (body with one-time links, Reply-To, headers) is there only while the mail is to
 * be sent: it is cleared when the job ends in any state, sent or given up.
 */

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
  /** Extra header lines, e.g. List-Unsubscribe / List-Unsubscribe-Post on newsletter mails. */
  headers?: Record<string, string>;
  /** A fixed Message-ID (newsletter mails: one per issue and recipient, so a resend can be recognised, ADR 0067). */
  messageId?: string;
  /** The SMTP envelope when it differs from From/To: newsletter mail's return path is the bounce mailbox (ADR 0073). */
  envelope?: { from: string; to: string };
}

/**
 * The From header: MAIL_FROM's address under the company's name from the console's Site settings (its
 * legal name), else under MAIL_FROM's own display name. The address stays MAIL_FROM's: SPF, DKIM and
 * DMARC are set up for it.
 */
export function senderOf(mailFrom: string, companyName: string): { name: string; address: string } {
  const match = /^\s*(.*?)\s*<([^<>]+)>\s*$/.exec(mailFrom);
  const address = (match ? match[2]! : mailFrom).trim();
  const ownName = (match?.[1] ?? "").replace(/^"(.*)"$/, "$1").trim();
  return { name: companyName.trim() || ownName, address };
}

async function sender() {
  return senderOf(getEnv().MAIL_FROM, (await getEffectiveSettings()).legalName);
}

let transport: Transporter | undefined;

/** DKIM signing (RFC 6376) of every mail when a key is configured; the DNS record is on the console's newsletter page. */
function dkimOptions() {
  const env = getEnv();
  if (!env.DKIM_PRIVATE_KEY_FILE || !env.DKIM_DOMAIN) return undefined;
  return { domainName: env.DKIM_DOMAIN, keySelector: env.DKIM_SELECTOR, privateKey: fs.readFileSync(env.DKIM_PRIVATE_KEY_FILE, "utf8") };
}

function smtpOptions(url: string, pool: boolean) {
  const dkim = dkimOptions();
  return { url, pool, ...(dkim ? { dkim } : {}) };
}

function smtpTransport(url: string) {
  transport ??= nodemailer.createTransport(smtpOptions(url, false));
  return transport;
}

const EML_TRANSPORT = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });

function linksOf(text: string) {
  return text.match(/https?:\/\/[^\s<>"')]+/g) ?? [];
}

async function sendOver(smtp: Transporter, mail: Mail) {
  const from = await sender();
  try {
    await smtp.sendMail({ from, ...mail });
  } catch (error) {
    const responseCode = (error as { responseCode?: number }).responseCode;
    // 5xx answers for the recipient are final (bad address); everything else is retried.
    if (responseCode && responseCode >= 500 && responseCode < 600 && responseCode !== 552) {
      throw new PermanentJobError(`SMTP refused the message: ${(error as Error).message}`);
    }
    throw error;
  }
}

export async function deliverMail(mail: Mail) {
  const env = getEnv();
  if (env.SMTP_URL) return sendOver(smtpTransport(env.SMTP_URL), mail);
  const dir = path.join(env.DATA_DIR, "outbox");
  makePrivateDir(dir);
  const info = await EML_TRANSPORT.sendMail({ from: await sender(), ...mail });
  const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomUUID().slice(0, 8)}.eml`;
  const temporary = path.join(dir, `.${name}.tmp`);
  // The mail's links work for whoever reads it: the file is this user's alone (ADR 0045).
  fs.writeFileSync(temporary, info.message as Buffer, { mode: PRIVATE_FILE_MODE });
  fs.renameSync(temporary, path.join(dir, name));
  logger.info(`Mail to ${mail.to} ("${mail.subject}") written to outbox/${name}`);
  for (const link of linksOf(mail.text)) logger.info(`  link: ${link}`);
}

/**
 * Many mails in a row (a newsletter's batches): over SMTP they share a few open connections (nodemailer's
 * pool) instead of one connection each; `close` ends them. Without SMTP_URL each goes to the outbox folder.
 */
export function bulkSender() {
  const url = getEnv().SMTP_URL;
  const pooled = url ? nodemailer.createTransport(smtpOptions(url, true)) : undefined;
  return {
    send: (mail: Mail) => (pooled ? sendOver(pooled, mail) : deliverMail(mail)),
    close: () => pooled?.close(),
  };
}

type Executor = Pick<Database, "insert" | "execute">;
type MailContent = Pick<Mail, "text" | "html" | "replyTo" | "headers">;

/** The job ended: the body goes; a row marked `eraseWhenDone` (an erased account's notice) goes entirely. */
async function endMail(id: number, status: "sent" | "failed", error?: string) {
  await db().execute(sql`delete from mail_log where id = ${id} and erase_when_done`);
  await db()
    .update(mailLog)
    // A mail given up keeps the last attempt's own error (what the operator can act on), not "given up".
    .set({ status, content: null, lastError: error ? sql`coalesce(${mailLog.lastError}, ${error})` : null, updatedAt: sql`now()` })
    .where(eq(mailLog.id, id));
}

async function sendLoggedMail(payload: Record<string, unknown>) {
  const id = Number(payload.mailId);
  const [row] = await db()
    .update(mailLog)
    .set({ attempts: sql`${mailLog.attempts} + 1`, updatedAt: sql`now()` })
    .where(eq(mailLog.id, id))
    .returning();
  // Gone (the account was erased) or ended already (a retry after a process died mid-send).
  if (!row?.content || row.status !== "pending") return;
  try {
    await deliverMail({ to: row.recipient, subject: row.subject, ...(row.content as MailContent) });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await db().update(mailLog).set({ lastError: message }).where(eq(mailLog.id, id));
    throw error;
  }
  await endMail(id, "sent");
}

registerJobHandler("mail", sendLoggedMail, {
  onGiveUp: (payload, reason) => endMail(Number(payload.mailId), "failed", reason),
});

/**
 * Queues a mail; pass the transaction as `executor` to commit it with the action that sends it.
 * `eraseWhenDone` leaves no row once the job ended (the notice to an account being erased).
 */
export async function queueMail(mail: Mail, options: { executor?: Executor; eraseWhenDone?: boolean; retryLimit?: number } = {}) {
  const executor = options.executor ?? db();
  const { to, subject, ...content } = mail;
  const [row] = await executor
    .insert(mailLog)
    .values({ recipient: to, subject, content, eraseWhenDone: options.eraseWhenDone ?? false })
    .returning({ id: mailLog.id });
  await enqueueJob("mail", { mailId: row.id }, { executor, retryLimit: options.retryLimit });
  return row.id;
}

/** Escapes text for HTML mail bodies. */
export function escapeHtml(value: string) {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}
