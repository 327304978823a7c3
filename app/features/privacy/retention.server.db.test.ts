import fs from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { contactMessages, mailLog, newsletterConsents, user, verification } from "~/db/schema";
import { getAuth, resetAuthForTesting, signupContext } from "~/features/account/auth.server";
import { db } from "~/lib/db.server";
import { getEnv, parseEnv, setEnvForTesting } from "~/lib/env.server";
import { requestTaskRun } from "~/lib/jobs.server";
import { resetDatabase } from "../../../tests/helpers/database";
import { runJobsUntilIdle } from "../../../tests/helpers/jobs";
import { describeReport, RETENTION_TASK, retentionCron, runRetention } from "./retention.server";

async function signUp(email: string, newsletter = false) {
  await signupContext.run(
    { username: email.split("@")[0], customerType: "private", newsletterSubscribed: newsletter, language: "en" },
    () => getAuth().api.signUpEmail({ body: { name: email.split("@")[0], email, password: "secret123" } }),
  );
  const [row] = await db().select({ id: user.id }).from(user).where(eq(user.email, email));
  return row.id;
}

function daysAgo(days: number) {
  return new Date(Date.now() - days * 24 * 60 * 60 * 1000);
}

let base: Record<string, string | undefined>;

describe("retention", () => {
  beforeAll(() => {
    const env = getEnv();
    base = {
      NODE_ENV: "test",
      DATA_DIR: env.DATA_DIR,
      DATABASE_URL: env.DATABASE_URL,
      AUTH_SECRET: env.AUTH_SECRET,
      LOG_LEVEL: "error",
      REQUIRE_EMAIL_CONFIRMATION: "true",
    };
    setEnvForTesting(parseEnv(base));
    resetAuthForTesting();
  });
  beforeEach(resetDatabase);

  it("removes exactly what is past its period and keeps everything else", async () => {
    const stale = await signUp("stale@example.com", true);
    const fresh = await signUp("fresh@example.com");
    const confirmed = await signUp("old-but-confirmed@example.com");
    await db()
      .update(user)
      .set({ createdAt: daysAgo(8) })
      .where(eq(user.id, stale));
    await db()
      .update(user)
      .set({ createdAt: daysAgo(6) })
      .where(eq(user.id, fresh));
    await db()
      .update(user)
      .set({ createdAt: daysAgo(400), emailVerified: true })
      .where(eq(user.id, confirmed));

    await db()
      .insert(contactMessages)
      .values([
        { name: "Old", email: "old@example.com", subject: "s", message: "thirteen months old", createdAt: daysAgo(400) },
        { name: "New", email: "new@example.com", subject: "s", message: "eleven months old", createdAt: daysAgo(330) },
      ]);
    await db()
      .insert(mailLog)
      .values([
        { recipient: "x@example.com", subject: "s", status: "sent", updatedAt: daysAgo(31) },
        { recipient: "recent@example.com", subject: "s", status: "sent" },
        { recipient: "waiting@example.com", subject: "s", status: "pending", updatedAt: daysAgo(40) },
      ]);

    // Only these two counters (the sign-ups above took from their addresses' mail quotas).
    await db().execute(sql`delete from request_counters`);
    await db().execute(sql`insert into request_counters (key, window_start, count) values
      ('old', now() - interval '25 hours', 3), ('new', now() - interval '1 hour', 1)`);
    await db().execute(sql`insert into rate_limits (id, key, count, last_request) values
      ('a', 'old', 1, ${Date.now() - 25 * 3600 * 1000}), ('b', 'new', 1, ${Date.now()})`);
    await db()
      .insert(verification)
      .values([
        { id: "v1", identifier: "reset-password:old", value: "u", expiresAt: new Date(Date.now() - 25 * 3600 * 1000) },
        { id: "v2", identifier: "reset-password:new", value: "u", expiresAt: new Date(Date.now() + 3600 * 1000) },
      ]);
    await db()
      .update(newsletterConsents)
      .set({ requestedAt: daysAgo(31) })
      .where(eq(newsletterConsents.userId, stale));

    const dir = path.join(getEnv().DATA_DIR, "outbox");
    fs.mkdirSync(dir, { recursive: true });
    const oldFile = path.join(dir, "old.eml");
    const newFile = path.join(dir, "new.eml");
    fs.writeFileSync(oldFile, "To: x@example.com\n\nold");
    fs.writeFileSync(newFile, "To: y@example.com\n\nnew");
    fs.utimesSync(oldFile, daysAgo(31), daysAgo(31));

    const report = await runRetention();
    expect(report).toMatchObject({
      unconfirmedAccounts: 1,
      contactMessages: 1,
      mailFiles: 1,
      rateLimitCounters: 2,
      verifications: 1,
    });
    expect(report.sentJobs).toBeGreaterThanOrEqual(1);
    expect(describeReport(report)).toMatch(/^removed unconfirmedAccounts=1, contactMessages=1, /);

    const emails = (await db().select({ email: user.email }).from(user)).map((row) => row.email).sort();
    expect(emails).toEqual(["fresh@example.com", "old-but-confirmed@example.com"]);
    expect((await db().select().from(contactMessages)).map((row) => row.message)).toEqual(["eleven months old"]);
    const jobs = (await db().select().from(mailLog)).map((row) => row.recipient);
    expect(jobs).toContain("recent@example.com");
    expect(jobs).toContain("waiting@example.com");
    expect(jobs).not.toContain("x@example.com");
    expect(jobs).not.toContain("stale@example.com");
    expect(fs.existsSync(oldFile)).toBe(false);
    expect(fs.existsSync(newFile)).toBe(true);
    expect((await db().execute<{ key: string }>(sql`select key from request_counters`)).rows.map((row) => row.key)).toEqual(["new"]);
    expect((await db().execute<{ key: string }>(sql`select key from rate_limits`)).rows.map((row) => row.key)).toEqual(["new"]);
    expect((await db().select().from(verification)).map((row) => row.id)).toEqual(["v2"]);
  });

  it("keeps unconfirmed accounts when confirmation is not required (they are ordinary accounts then)", async () => {
    setEnvForTesting(parseEnv({ ...base, REQUIRE_EMAIL_CONFIRMATION: "false" }));
    resetAuthForTesting();
    try {
      const id = await signUp("casual@example.com");
      await db()
        .update(user)
        .set({ createdAt: daysAgo(100) })
        .where(eq(user.id, id));
      expect((await runRetention()).unconfirmedAccounts).toBe(0);
      expect(await db().select().from(user)).toHaveLength(1);
    } finally {
      setEnvForTesting(parseEnv(base));
      resetAuthForTesting();
    }
  });

  it("honours the configured periods", async () => {
    setEnvForTesting(parseEnv({ ...base, RETENTION_CONTACT_MESSAGE_MONTHS: "1" }));
    try {
      await db()
        .insert(contactMessages)
        .values({ name: "A", email: "a@example.com", subject: "s", message: "two months", createdAt: daysAgo(62) });
      expect((await runRetention()).contactMessages).toBe(1);
    } finally {
      setEnvForTesting(parseEnv(base));
    }
    expect(() => parseEnv({ ...base, RETENTION_CONTACT_MESSAGE_MONTHS: "soon" })).toThrow(
      /RETENTION_CONTACT_MESSAGE_MONTHS: must be a whole number of months/,
    );
  });

  it("deletes audit entries and handled data requests after RETENTION_AUDIT_LOG_MONTHS, keeps newer ones", async () => {
    setEnvForTesting(parseEnv({ ...base, RETENTION_AUDIT_LOG_MONTHS: "3" }));
    try {
      await db().execute(sql`
        insert into audit_log (at, actor_email, action, entity, summary) values
          (now() - interval '4 months', 'old@example.com', 'member.delete', 'member', 'old'),
          (now() - interval '2 months', 'new@example.com', 'member.delete', 'member', 'new')`);
      await db().execute(sql`
        insert into privacy_requests (kind, email_hash, handled_by_email, handled_at) values
          ('erasure', 'a', 'admin@example.com', now() - interval '4 months'),
          ('export', 'b', 'admin@example.com', now() - interval '2 months')`);
      expect(await runRetention()).toMatchObject({ auditEntries: 1, privacyRequests: 1 });
      const { rows } = await db().execute<{ summary: string }>(sql`select summary from audit_log`);
      expect(rows.map((row) => row.summary)).toEqual(["new"]);
      const { rows: requests } = await db().execute<{ kind: string }>(sql`select kind from privacy_requests`);
      expect(requests.map((row) => row.kind)).toEqual(["export"]);
    } finally {
      setEnvForTesting(parseEnv(base));
    }
  });

  it("runs as a periodic task on the job queue", async () => {
    await db()
      .insert(contactMessages)
      .values({ name: "Old", email: "o@example.com", subject: "s", message: "old", createdAt: daysAgo(400) });
    await requestTaskRun(RETENTION_TASK);
    await runJobsUntilIdle();
    expect(await db().select().from(contactMessages)).toEqual([]);
  });

  it("runs every RETENTION_INTERVAL_MINUTES as a cron schedule", () => {
    expect(retentionCron(60)).toBe("0 */1 * * *");
    expect(retentionCron(15)).toBe("*/15 * * * *");
    expect(retentionCron(360)).toBe("0 */6 * * *");
    expect(retentionCron(2 * 24 * 60)).toBe("0 0 */2 * *");
  });
});
