import fs from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { outbox } from "~/db/schema";
import { resetDatabase } from "../../tests/helpers/database";
import { db } from "./db.server";
import { queueMail } from "./mailer.server";
import { runDueJobs } from "./outbox.server";

/** Secrets at rest (ADR 0014): a sent mail's one-time link does not stay in the outbox. */
describe("outbox: sent mails keep no link", () => {
  beforeEach(resetDatabase);

  it("a delivered mail keeps only its recipient and subject (data export, erasure); a pending one keeps everything", async () => {
    const id = await queueMail({
      to: "someone@example.com",
      subject: "Reset your password",
      text: "Set a new password: http://localhost:3000/api/auth/reset-password/secret-token",
      html: '<a href="http://localhost:3000/api/auth/reset-password/secret-token">Set</a>',
    });
    const [pending] = await db().select().from(outbox).where(eq(outbox.id, id));
    expect(JSON.stringify(pending!.payload)).toContain("secret-token");
    expect(await runDueJobs()).toBe(1);
    const [sent] = await db().select().from(outbox).where(eq(outbox.id, id));
    expect(sent!.status).toBe("done");
    expect(sent!.payload).toEqual({ to: "someone@example.com", subject: "Reset your password", cleared: true });
  });

  it("migration 0003 clears mails that were sent before it", async () => {
    const [row] = await db()
      .insert(outbox)
      .values({
        kind: "mail",
        status: "done",
        payload: { to: "a@example.com", subject: "Confirm", text: "http://x/api/auth/verify-email?token=t" },
      })
      .returning({ id: outbox.id });
    const [waiting] = await db()
      .insert(outbox)
      .values({ kind: "mail", status: "pending", payload: { to: "b@example.com", subject: "Confirm", text: "http://x/verify?token=u" } })
      .returning({ id: outbox.id });
    const migration = fs.readFileSync(path.resolve(import.meta.dirname, "../db/migrations/0003_security.sql"), "utf8");
    await db().execute(sql.raw(migration));
    const [cleared] = await db().select().from(outbox).where(eq(outbox.id, row!.id));
    expect(cleared!.payload).toEqual({ subject: "Confirm", cleared: true });
    const [kept] = await db().select().from(outbox).where(eq(outbox.id, waiting!.id));
    expect(JSON.stringify(kept!.payload)).toContain("token=u");
  });
});
