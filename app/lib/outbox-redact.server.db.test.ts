import fs from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { outbox } from "~/db/schema";
import { resetDatabase } from "../../tests/helpers/database";
import { db } from "./db.server";
import { getEnv, setEnvForTesting } from "./env.server";
import { mailSummary } from "./mail-summary";
import { queueMail } from "./mailer.server";
import { runDueJobs } from "./outbox.server";

/** Secrets at rest (ADR 0014): a sent mail's one-time link does not stay in the outbox. */
describe("outbox: mails whose job ended keep no link", () => {
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

  it("a mail the SMTP server never took keeps no link either once it is given up", async () => {
    const base = getEnv();
    // Nothing listens on port 1: every attempt fails like an unreachable server.
    setEnvForTesting({ ...base, SMTP_URL: "smtp://127.0.0.1:1" });
    try {
      const id = await queueMail(
        {
          to: "someone@example.com",
          subject: "Reset your password",
          text: "Set a new password: http://localhost:3000/api/auth/reset-password/secret-token",
          html: '<a href="http://localhost:3000/api/auth/reset-password/secret-token">Set</a>',
        },
        { maxAttempts: 1 },
      );
      await runDueJobs();
      const [given] = await db().select().from(outbox).where(eq(outbox.id, id));
      expect(given!.status).toBe("failed");
      expect(given!.payload).toEqual({ to: "someone@example.com", subject: "Reset your password", cleared: true });
      expect(given!.lastError ?? "").not.toContain("secret-token");
    } finally {
      setEnvForTesting(base);
    }
  });

  it("mailSummary shows who and what about, never a body or a link", () => {
    expect(
      mailSummary({ to: "a@example.com", subject: "Confirm", text: "http://x/verify?token=t", html: "<a href=x>", headers: { x: "y" } }),
    ).toEqual({ to: "a@example.com", subject: "Confirm" });
    expect(mailSummary({ to: 5, subject: { nested: "http://x/reset-password/t" } })).toEqual({ to: null, subject: null });
  });

  it("migration 0010 clears mails given up before it, keeps what is still on its way", async () => {
    const [given] = await db()
      .insert(outbox)
      .values({
        kind: "mail",
        status: "failed",
        payload: { to: "a@example.com", subject: "Reset", text: "http://x/api/auth/reset-password/t0ken" },
      })
      .returning({ id: outbox.id });
    const [erased] = await db()
      .insert(outbox)
      .values({ kind: "mail", status: "failed", payload: { erased: true } })
      .returning({ id: outbox.id });
    const [waiting] = await db()
      .insert(outbox)
      .values({ kind: "mail", status: "pending", payload: { to: "b@example.com", subject: "Reset", text: "http://x/reset-password/u" } })
      .returning({ id: outbox.id });
    const migration = fs.readFileSync(path.resolve(import.meta.dirname, "../db/migrations/0010_proof_of_presence.sql"), "utf8");
    await db().execute(sql.raw(migration));
    const payloadOf = async (id: number) => (await db().select().from(outbox).where(eq(outbox.id, id)))[0]!.payload;
    expect(await payloadOf(given!.id)).toEqual({ to: "a@example.com", subject: "Reset", cleared: true });
    expect(await payloadOf(erased!.id)).toEqual({ erased: true });
    expect(JSON.stringify(await payloadOf(waiting!.id))).toContain("reset-password/u");
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
