import { and, asc, desc, eq, ilike, isNotNull, isNull, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { contactMessages, contactReplies, mailLog } from "~/db/schema";
import { db } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { mailBrand } from "~/lib/brand.server";
import { isLanguage } from "~/lib/i18n";
import { brandedMailHtml, type MailBlock } from "~/lib/mail-layout.server";
import { queueMail } from "~/lib/mailer.server";
import { readStoredSettings } from "~/lib/site-facts.server";
import { isUuid } from "~/lib/uuid";
import { INBOX_STATUSES, REPLY_MAX_LENGTH, type InboxStatus } from "./inbox";
import { recordAudit } from "./audit.server";
import type { ConsoleActor } from "./guard.server";

/**
 * The contact inbox (issue 11): the messages of the contact form, newest first; read, handled,
 * replied to (a mail to the sender through the outbox, kept in the thread) or deleted. Every
 * change is in the audit log.
 */
export const INBOX_PAGE_SIZE = 30;

export interface InboxFilters {
  q: string;
  status: InboxStatus;
  page: number;
}

export function parseInboxFilters(url: URL): InboxFilters {
  const status = url.searchParams.get("status") ?? "all";
  return {
    q: (url.searchParams.get("q") ?? "").trim().slice(0, 200),
    status: (INBOX_STATUSES as readonly string[]).includes(status) ? (status as InboxStatus) : "all",
    page: Math.max(1, Math.min(10_000, Number.parseInt(url.searchParams.get("page") ?? "", 10) || 1)),
  };
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (char) => `\\${char}`);

export async function listMessages(filters: InboxFilters) {
  const conditions: SQL[] = [];
  if (filters.status === "unread") conditions.push(isNull(contactMessages.readAt));
  if (filters.status === "open") conditions.push(isNull(contactMessages.handledAt));
  if (filters.status === "handled") conditions.push(isNotNull(contactMessages.handledAt));
  if (filters.q) {
    const like = `%${escapeLike(filters.q)}%`;
    conditions.push(
      or(
        ilike(contactMessages.name, like),
        ilike(contactMessages.email, like),
        ilike(contactMessages.subject, like),
        ilike(contactMessages.message, like),
      )!,
    );
  }
  const rows = await db()
    .select({
      id: contactMessages.id,
      name: contactMessages.name,
      email: contactMessages.email,
      subject: contactMessages.subject,
      excerpt: sql<string>`left(${contactMessages.message}, 140)`,
      createdAt: contactMessages.createdAt,
      readAt: contactMessages.readAt,
      handledAt: contactMessages.handledAt,
      replies: sql<number>`(select count(*)::int from contact_replies r where r.message_id = ${contactMessages.id})`,
    })
    .from(contactMessages)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(INBOX_PAGE_SIZE + 1)
    .offset((filters.page - 1) * INBOX_PAGE_SIZE);
  return {
    messages: rows.slice(0, INBOX_PAGE_SIZE).map((row) => ({
      ...row,
      createdAt: row.createdAt.toISOString(),
      isRead: row.readAt !== null,
      isHandled: row.handledAt !== null,
      readAt: undefined,
      handledAt: undefined,
    })),
    hasMore: rows.length > INBOX_PAGE_SIZE,
  };
}

async function findMessage(id: string) {
  if (!isUuid(id)) return undefined;
  const [row] = await db().select().from(contactMessages).where(eq(contactMessages.id, id));
  return row;
}

/** One message with its replies; opening it marks it read (audited once). */
export async function openMessage(actor: ConsoleActor, id: string) {
  const message = await findMessage(id);
  if (!message) return undefined;
  if (!message.readAt) {
    const readAt = new Date();
    await db().transaction(async (tx) => {
      await tx.update(contactMessages).set({ readAt }).where(eq(contactMessages.id, id));
      await recordAudit(
        actor,
        { action: "inbox.read", entity: "contact", entityId: id, summary: message.email, before: { read: false }, after: { read: true } },
        tx,
      );
    });
    message.readAt = readAt;
  }
  // Each reply with its mail's state while mail_log keeps the row (null afterwards: not known any more).
  const replies = await db()
    .select({
      id: contactReplies.id,
      authorEmail: contactReplies.authorEmail,
      body: contactReplies.body,
      createdAt: contactReplies.createdAt,
      delivery: mailLog.status,
      attempts: mailLog.attempts,
      lastError: mailLog.lastError,
    })
    .from(contactReplies)
    .leftJoin(mailLog, eq(mailLog.id, contactReplies.mailId))
    .where(eq(contactReplies.messageId, id))
    .orderBy(asc(contactReplies.createdAt));
  return {
    message: {
      id: message.id,
      name: message.name,
      email: message.email,
      subject: message.subject,
      message: message.message,
      language: message.language,
      createdAt: message.createdAt.toISOString(),
      isHandled: message.handledAt !== null,
    },
    replies: replies.map((reply) => ({ ...reply, createdAt: reply.createdAt.toISOString() })),
  };
}

type Outcome = { ok: true } | { ok: false; error: string; status: number };
const gone: Outcome = { ok: false, error: "admin.errors.notFound", status: 404 };

export async function setHandled(actor: ConsoleActor, id: string, handled: boolean): Promise<Outcome> {
  const message = await findMessage(id);
  if (!message) return gone;
  await db().transaction(async (tx) => {
    await tx
      .update(contactMessages)
      .set({ handledAt: handled ? new Date() : null })
      .where(eq(contactMessages.id, id));
    await recordAudit(
      actor,
      {
        action: handled ? "inbox.handled" : "inbox.reopened",
        entity: "contact",
        entityId: id,
        summary: message.email,
        before: { handled: message.handledAt !== null },
        after: { handled },
      },
      tx,
    );
  });
  return { ok: true };
}

export async function markUnread(actor: ConsoleActor, id: string): Promise<Outcome> {
  const message = await findMessage(id);
  if (!message) return gone;
  await db().transaction(async (tx) => {
    await tx.update(contactMessages).set({ readAt: null }).where(eq(contactMessages.id, id));
    await recordAudit(
      actor,
      {
        action: "inbox.unread",
        entity: "contact",
        entityId: id,
        summary: message.email,
        before: { read: message.readAt !== null },
        after: { read: false },
      },
      tx,
    );
  });
  return { ok: true };
}

export async function deleteMessage(actor: ConsoleActor, id: string): Promise<Outcome> {
  const message = await findMessage(id);
  if (!message) return gone;
  await db().transaction(async (tx) => {
    await tx.delete(contactMessages).where(eq(contactMessages.id, id));
    await recordAudit(
      actor,
      {
        action: "inbox.delete",
        entity: "contact",
        entityId: id,
        summary: message.email,
        before: { name: message.name, email: message.email, subject: message.subject, message: message.message },
        after: null,
      },
      tx,
    );
  });
  return { ok: true };
}

const replySchema = z.string().trim().min(1, "admin.inbox.errors.replyRequired").max(REPLY_MAX_LENGTH, "admin.inbox.errors.replyTooLong");

/** Mails the reply to the sender through the outbox and keeps it in the thread (one transaction). */
export async function replyToMessage(actor: ConsoleActor, id: string, body: string): Promise<Outcome> {
  const parsed = replySchema.safeParse(body);
  if (!parsed.success) return { ok: false, error: parsed.error.issues[0]!.message, status: 400 };
  const message = await findMessage(id);
  if (!message) return gone;
  const env = getEnv();
  const quoted = message.message
    .split("\n")
    .map((line) => `> ${line}`)
    .join("\n");
  const text = `${parsed.data}\n\n${quoted}`;
  // The same layout and brand colour as the account mails; each line is a paragraph (the layout escapes).
  const lines = (value: string) => value.split("\n").filter((line) => line.trim() !== "");
  const blocks: MailBlock[] = [...lines(parsed.data).map((line) => ({ text: line })), ...lines(quoted).map((line) => ({ muted: line }))];
  const language = isLanguage(message.language) ? message.language : "en";
  const html = brandedMailHtml({ language, brand: await mailBrand(), blocks });
  // Answers to the reply reach the company: CONTACT_TO when set, else the address the operator entered in
  // Site settings (never the file's placeholder).
  const replyTo = env.CONTACT_TO || (await readStoredSettings()).email || undefined;
  await db().transaction(async (tx) => {
    const mailId = await queueMail(
      {
        to: message.email,
        subject: `Re: ${message.subject.replace(/\s+/g, " ").replace(/^re:\s*/i, "")}`,
        text,
        html,
        ...(replyTo ? { replyTo } : {}),
      },
      { executor: tx },
    );
    await tx.insert(contactReplies).values({ messageId: id, authorId: actor.id, authorEmail: actor.email, body: parsed.data, mailId });
    await tx
      .update(contactMessages)
      .set({ readAt: message.readAt ?? new Date() })
      .where(eq(contactMessages.id, id));
    await recordAudit(
      actor,
      { action: "inbox.reply", entity: "contact", entityId: id, summary: message.email, before: null, after: { reply: parsed.data } },
      tx,
    );
  });
  return { ok: true };
}
