import { eq, sql } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { auditLog, mailLog } from "~/db/schema";
import { db } from "~/lib/db.server";
import { getEnv, parseEnv, setEnvForTesting } from "~/lib/env.server";
import { stopJobs } from "~/lib/jobs.server";
import { queueMail } from "~/lib/mailer.server";
import { action as outboxRouteAction } from "~/routes/admin.outbox";
import { answerOf, formPost, garbagePost } from "../../../tests/helpers/console-actions";
import { resetDatabase } from "../../../tests/helpers/database";
import { canUse } from "./access";
import { loadOverview } from "./overview.server";
import { outboxAction } from "./outbox-actions.server";
import { CANCELLED_IN_CONSOLE, listOutbox, mailWarnings } from "./outbox.server";

/**
 * The console's outbox (ADR 0065), through its action as the browser posts it: what is listed, "send
 * now" and "cancel" of a queued mail (and of nothing else), the test mail, the warnings, and the door.
 */
const admin = { id: "admin-1", email: "admin@ipangel.test", name: "Admin", role: "admin" as const };
const editor = { ...admin, id: "editor-1", role: "editor" as const };

function mail(to: string, subject: string) {
  return { to, subject, text: `Open https://example.com/secret-link-${subject}`, html: "<p>link</p>" };
}

async function jobsOf(mailId: number) {
  const { rows } = await db().execute<{ state: string; due: boolean }>(
    sql`select state::text, start_after <= now() as due from pgboss.job where name = 'mail' and data->>'mailId' = ${String(mailId)}`,
  );
  return rows;
}

function withEnv(values: Record<string, string>) {
  const env = getEnv();
  setEnvForTesting(
    parseEnv({
      NODE_ENV: "test",
      DATA_DIR: env.DATA_DIR,
      DATABASE_URL: env.DATABASE_URL,
      AUTH_SECRET: env.AUTH_SECRET,
      LOG_LEVEL: "error",
      ...values,
    }),
  );
}

describe("console: outbox", () => {
  const original = getEnv();
  beforeEach(async () => {
    setEnvForTesting(original);
    await resetDatabase();
  });
  afterAll(async () => {
    setEnvForTesting(original);
    await stopJobs();
    await resetDatabase();
  });

  it("lists queued, sent and failed mails with attempts and last error, filtered by state", async () => {
    const queued = await queueMail(mail("ada@example.com", "Queued one"));
    const sent = await queueMail(mail("bob@example.com", "Sent one"));
    const failed = await queueMail(mail("cy@example.com", "Failed one"));
    await db().update(mailLog).set({ status: "sent", content: null, attempts: 1 }).where(eq(mailLog.id, sent));
    await db()
      .update(mailLog)
      .set({ status: "failed", content: null, attempts: 10, lastError: "connect ECONNREFUSED" })
      .where(eq(mailLog.id, failed));
    const all = await listOutbox({ state: null, page: 1 });
    expect(all.mails.map((row) => [row.subject, row.status, row.attempts, row.lastError])).toEqual([
      ["Failed one", "failed", 10, "connect ECONNREFUSED"],
      ["Sent one", "sent", 1, null],
      ["Queued one", "pending", 0, null],
    ]);
    expect(all.mails[2]!.recipient).toBe("ada@example.com");
    expect((await listOutbox({ state: "pending", page: 1 })).mails.map((row) => row.id)).toEqual([String(queued)]);
    // The list never carries a mail's text (its links).
    expect(JSON.stringify(all)).not.toContain("secret-link");
  });

  it("sends a queued mail waiting for its retry now, and cancels one: job gone, text gone, audited", async () => {
    const waiting = await queueMail(mail("ada@example.com", "Retry me"));
    await db().execute(
      sql`update pgboss.job set state = 'retry', start_after = now() + interval '1 hour' where data->>'mailId' = ${String(waiting)}`,
    );
    const now = answerOf(await outboxAction(formPost("/admin/outbox", "sendNow", { id: String(waiting) }), admin));
    expect(now).toMatchObject({ status: 200, body: { ok: true, message: "admin.outbox.sentNow" } });
    expect(await jobsOf(waiting)).toEqual([{ state: "retry", due: true }]);

    const cancelled = answerOf(await outboxAction(formPost("/admin/outbox", "cancel", { id: String(waiting) }), admin));
    expect(cancelled).toMatchObject({ status: 200, body: { ok: true, message: "admin.outbox.cancelled" } });
    expect(await jobsOf(waiting)).toEqual([]);
    const [row] = await db().select().from(mailLog).where(eq(mailLog.id, waiting));
    expect(row).toMatchObject({ status: "failed", content: null, lastError: CANCELLED_IN_CONSOLE });
    expect((await listOutbox({ state: "failed", page: 1 })).mails[0]).toMatchObject({ id: String(waiting), cancelled: true });
    const entries = await db().select().from(auditLog).orderBy(auditLog.id);
    expect(entries.map((entry) => [entry.action, entry.entityId, entry.actorEmail])).toEqual([
      ["mail.sendNow", String(waiting), admin.email],
      ["mail.cancel", String(waiting), admin.email],
    ]);

    // Ended mails, forged and unknown ids: "not found", nothing changes.
    for (const id of [String(waiting), "0", "-1", "abc", "1e3", "99999999", "9".repeat(40), ""]) {
      for (const intent of ["sendNow", "cancel"]) {
        const answer = answerOf(await outboxAction(formPost("/admin/outbox", intent, { id }), admin));
        expect(answer.status, `${intent} ${id}`).toBe(404);
      }
    }
    expect(await db().select().from(auditLog)).toHaveLength(2);
  });

  it("does not cancel a mail while it is being sent", async () => {
    const sending = await queueMail(mail("ada@example.com", "In flight"));
    await db().execute(sql`update pgboss.job set state = 'active' where data->>'mailId' = ${String(sending)}`);
    const answer = answerOf(await outboxAction(formPost("/admin/outbox", "cancel", { id: String(sending) }), admin));
    expect(answer).toMatchObject({ status: 409, body: { ok: false } });
    expect((await db().select().from(mailLog).where(eq(mailLog.id, sending)))[0]!.status).toBe("pending");
  });

  it("queues a test mail to the admin's own address, at most 5 in 10 minutes", async () => {
    for (let sent = 0; sent < 5; sent += 1) {
      const answer = answerOf(await outboxAction(formPost("/admin/outbox", "testMail"), admin));
      expect(answer).toMatchObject({ status: 200, body: { ok: true, message: "admin.outbox.testQueuedToFiles" } });
    }
    const refused = answerOf(await outboxAction(formPost("/admin/outbox", "testMail"), admin));
    expect(refused).toMatchObject({ status: 429, body: { ok: false } });
    const rows = await db().select().from(mailLog);
    expect(rows).toHaveLength(5);
    expect(rows[0]).toMatchObject({ recipient: admin.email, subject: "Test mail from your website", status: "pending" });
  });

  it("refuses a garbage body and unknown intents", async () => {
    expect(answerOf(await outboxAction(garbagePost("/admin/outbox"), admin)).status).toBe(400);
    expect(answerOf(await outboxAction(formPost("/admin/outbox", "deleteAll"), admin)).status).toBe(400);
  });

  it("is closed to everyone without the admin role: the route answers the unknown path's 404", async () => {
    expect(canUse("editor", "outbox")).toBe(false);
    const queued = await queueMail(mail("ada@example.com", "Keep me"));
    const thrown = await outboxRouteAction({
      request: formPost("/admin/outbox", "cancel", { id: String(queued) }),
      params: {},
      context: {},
    } as never).catch((error: unknown) => error);
    expect(thrown).toMatchObject({ init: { status: 404 } });
    expect((await db().select().from(mailLog).where(eq(mailLog.id, queued)))[0]!.status).toBe("pending");
  });

  it("warns admins while mail goes to files and while links point to this machine, and says nothing once both are set", async () => {
    withEnv({});
    expect(mailWarnings()).toEqual(["mailToFiles", "publicUrlLocal"]);
    expect((await loadOverview(admin)).mailWarnings).toEqual(["mailToFiles", "publicUrlLocal"]);
    expect((await loadOverview(editor)).mailWarnings).toEqual([]);
    withEnv({ SMTP_URL: "smtp://mail.example.com:587", PUBLIC_URL: "http://127.0.0.1:3000" });
    expect(mailWarnings()).toEqual(["publicUrlLocal"]);
    withEnv({ SMTP_URL: "smtp://mail.example.com:587", PUBLIC_URL: "https://www.example.com" });
    expect((await loadOverview(admin)).mailWarnings).toEqual([]);
  });
});
