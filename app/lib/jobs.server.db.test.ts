import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { mailLog } from "~/db/schema";
import { startSmtpSink, type SmtpSink } from "../../tests/fakes/smtp-sink";
import { resetDatabase } from "../../tests/helpers/database";
import { startTestJobs } from "../../tests/helpers/jobs";
import { db } from "./db.server";
import { getEnv, setEnvForTesting, type Env } from "./env.server";
import { queueMail } from "./mailer.server";

/**
 * Background work on pg-boss (ADR 0046), as the product uses it: mail over a real SMTP server
 * (tests/fakes/smtp-sink.ts), sent once, retried with back-off on a temporary refusal (451),
 * given up after its retries, committed or rolled back with the caller's transaction, and its
 * body (one-time links) kept only while it is to be sent.
 */
const LINK = "http://localhost:3000/api/auth/reset-password/secret-token";

function resetMail(to: string) {
  return { to, subject: "Reset your password", text: `Set a new password: ${LINK}`, html: `<a href="${LINK}">Set</a>` };
}

async function mailRow(id: number) {
  const [row] = await db().select().from(mailLog).where(eq(mailLog.id, id));
  return row;
}

/** Every job payload pg-boss holds, in any state (waiting, ended, failed, archived). */
async function jobPayloads() {
  const { rows } = await db().execute<{ data: string }>(
    sql`select data::text as data from pgboss.job union all select data::text from pgboss.archive`,
  );
  return rows.map((row) => row.data).join("\n");
}

async function failSmtp(sink: SmtpSink, count: number) {
  await fetch(`http://127.0.0.1:${sink.httpPort}/fail-next?count=${count}`, { method: "POST" });
}

describe("background jobs on pg-boss", () => {
  let sink: SmtpSink;
  let base: Env;

  beforeAll(async () => {
    sink = await startSmtpSink();
    base = getEnv();
    setEnvForTesting({ ...base, SMTP_URL: `smtp://127.0.0.1:${sink.smtpPort}` });
    // Jobs another file of this worker queued and never ran would be sent to this sink by the workers.
    await resetDatabase();
    await startTestJobs();
  });

  afterAll(async () => {
    setEnvForTesting(base);
    await sink.close();
  });

  beforeEach(async () => {
    await resetDatabase();
    sink.messages.length = 0;
  });

  it("a mail is sent exactly once, and its body (the link) is gone once sent; no job payload ever holds it", async () => {
    const id = await queueMail(resetMail("once@example.com"));
    expect(JSON.stringify((await mailRow(id)).content)).toContain("secret-token");
    await expect.poll(async () => (await mailRow(id)).status, { timeout: 20_000 }).toBe("sent");
    expect(sink.messages.map((message) => message.to)).toEqual([["once@example.com"]]);
    expect(sink.messages[0].raw).toContain("secret-token");
    const sent = await mailRow(id);
    expect(sent).toMatchObject({ recipient: "once@example.com", subject: "Reset your password", content: null, attempts: 1 });
    expect(await jobPayloads()).not.toContain("secret-token");
  });

  it("a temporary refusal (451) is retried with growing delays until the mail goes through", async () => {
    await failSmtp(sink, 2);
    const id = await queueMail(resetMail("later@example.com"));
    // Each refusal puts the job back with a delay that doubles: read the delay it was given.
    const delays = new Map<string, number>();
    await expect
      .poll(
        async () => {
          const { rows } = await db().execute<{ attempt: string; delay: number }>(sql`
            select started_on::text as attempt, extract(epoch from start_after - started_on)::float8 as delay
            from pgboss.job where name = 'mail' and data->>'mailId' = ${String(id)} and state = 'retry'`);
          if (rows[0]) delays.set(rows[0].attempt, rows[0].delay);
          return (await mailRow(id)).status;
        },
        { timeout: 30_000, interval: 50 },
      )
      .toBe("sent");
    expect(sink.messages.filter((message) => message.to.includes("later@example.com"))).toHaveLength(1);
    const row = await mailRow(id);
    expect(row.attempts).toBe(3);
    expect(row.content).toBeNull();
    const [first, second] = [...delays.values()];
    expect(delays.size).toBe(2);
    expect(first).toBeGreaterThanOrEqual(getEnv().JOB_RETRY_DELAY_S);
    expect(second).toBeGreaterThanOrEqual(2 * getEnv().JOB_RETRY_DELAY_S);
  });

  it("a mail refused on every try is given up after its retries: marked failed, its body cleared", async () => {
    await failSmtp(sink, 10);
    const id = await queueMail(resetMail("never@example.com"), { retryLimit: 1 });
    await expect
      .poll(
        async () => {
          await db().execute(sql`update pgboss.job set start_after = now() where state = 'retry'`);
          return (await mailRow(id)).status;
        },
        { timeout: 30_000, interval: 100 },
      )
      .toBe("failed");
    const row = await mailRow(id);
    expect(row).toMatchObject({ status: "failed", content: null, attempts: 2 });
    expect(row.lastError).toBeTruthy();
    expect(sink.messages).toHaveLength(0);
    expect(await jobPayloads()).not.toContain("secret-token");
    await failSmtp(sink, 0);
  });

  it("a mail queued in a transaction that rolls back leaves no row and no job", async () => {
    await expect(
      db().transaction(async (tx) => {
        await queueMail(resetMail("rolled-back@example.com"), { executor: tx });
        throw new Error("the action failed");
      }),
    ).rejects.toThrow("the action failed");
    expect(await db().select().from(mailLog)).toHaveLength(0);
    const { rows } = await db().execute<{ n: number }>(sql`select count(*)::int as n from pgboss.job where name = 'mail'`);
    expect(rows[0].n).toBe(0);
  });

  it("the notice to an erased account leaves no row once its job ended", async () => {
    const id = await queueMail(resetMail("erased@example.com"), { eraseWhenDone: true });
    await expect.poll(() => sink.messages.length, { timeout: 20_000 }).toBe(1);
    await expect.poll(async () => (await mailRow(id)) ?? "gone", { timeout: 20_000 }).toBe("gone");
  });
});
