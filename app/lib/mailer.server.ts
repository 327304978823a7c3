import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import { getEnv } from "./env.server";
import { logger } from "./logger.server";
import { mailSummary } from "./mail-summary";
import { makePrivateDir, PRIVATE_FILE_MODE } from "./private-files.server";
import { enqueueJob, PermanentJobError, registerJobHandler } from "./outbox.server";

/**
 * Mail goes through the durable outbox (job kind "mail"): `queueMail` writes the job, the
 * worker delivers it with `deliverMail`. With SMTP_URL set, over SMTP; without, as an .eml file
 * in `$DATA_DIR/outbox/` with its links logged (CONTRACT.md).
 */

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
  /** Extra header lines, e.g. List-Unsubscribe / List-Unsubscribe-Post on newsletter mails. */
  headers?: Record<string, string>;
}

let transport: Transporter | undefined;

function smtpTransport(url: string) {
  transport ??= nodemailer.createTransport(url);
  return transport;
}

const EML_TRANSPORT = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });

function linksOf(text: string) {
  return text.match(/https?:\/\/[^\s<>"')]+/g) ?? [];
}

export async function deliverMail(mail: Mail) {
  const env = getEnv();
  const message = { from: env.MAIL_FROM, ...mail };
  if (env.SMTP_URL) {
    try {
      await smtpTransport(env.SMTP_URL).sendMail(message);
    } catch (error) {
      const responseCode = (error as { responseCode?: number }).responseCode;
      // 5xx answers for the recipient are final (bad address); everything else is retried.
      if (responseCode && responseCode >= 500 && responseCode < 600 && responseCode !== 552) {
        throw new PermanentJobError(`SMTP refused the message: ${(error as Error).message}`);
      }
      throw error;
    }
    return;
  }
  const dir = path.join(env.DATA_DIR, "outbox");
  makePrivateDir(dir);
  const info = await EML_TRANSPORT.sendMail(message);
  const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomUUID().slice(0, 8)}.eml`;
  const temporary = path.join(dir, `.${name}.tmp`);
  // The mail's links work for whoever reads it: the file is this user's alone (ADR 0045).
  fs.writeFileSync(temporary, info.message as Buffer, { mode: PRIVATE_FILE_MODE });
  fs.renameSync(temporary, path.join(dir, name));
  logger.info(`Mail to ${mail.to} ("${mail.subject}") written to outbox/${name}`);
  for (const link of linksOf(mail.text)) logger.info(`  link: ${link}`);
}

// Once the job ends (sent or given up), only the mail's summary is kept: bodies carry one-time
// links (confirmation, reset). The recipient stays so a member's data export lists the mails sent
// to them and deleting the account removes them (issue 12); retention deletes the row after
// RETENTION_SENT_MAIL_DAYS.
registerJobHandler("mail", (payload) => deliverMail(payload as unknown as Mail), {
  redactWhenDone: (payload) => ({ ...mailSummary(payload), cleared: true }),
});

type QueueOptions = Parameters<typeof enqueueJob>[2];

/** Queues a mail; pass the transaction as `executor` to commit it with the action that sends it. */
export function queueMail(mail: Mail, options?: QueueOptions) {
  return enqueueJob("mail", { ...mail }, options);
}

/** Escapes text for HTML mail bodies. */
export function escapeHtml(value: string) {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}
