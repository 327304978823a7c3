import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { outbox } from "~/db/schema";
import { resetDatabase } from "../../tests/helpers/database";
import { db } from "./db.server";
import { getEnv, setEnvForTesting } from "./env.server";
import { enqueueJob, PermanentJobError, registerJobHandler, runDueJobs } from "./outbox.server";

async function jobRow(id: number) {
  const [row] = await db().select().from(outbox).where(eq(outbox.id, id));
  return row;
}

/** Makes a job due now (the back-off put it in the future). */
async function makeDue(id: number) {
  await db()
    .update(outbox)
    .set({ runAt: new Date(Date.now() - 1000) })
    .where(eq(outbox.id, id));
}

describe("outbox", () => {
  beforeEach(resetDatabase);

  it("a slow job keeps renewing its claim, so another process does not send it a second time", async () => {
    const base = getEnv();
    setEnvForTesting({ ...base, OUTBOX_LOCK_S: 1 });
    try {
      let calls = 0;
      let finish!: () => void;
      const finished = new Promise<void>((resolve) => (finish = resolve));
      registerJobHandler("test-slow", async () => {
        calls += 1;
        await finished;
      });
      const id = await enqueueJob("test-slow", {});
      const first = runDueJobs();
      await expect.poll(() => calls).toBe(1);
      const claimedUntil = (await jobRow(id)).lockedUntil!.getTime();
      // Wait until the first claim would have run out: it must have been renewed meanwhile.
      await expect
        .poll(
          async () =>
            (await db().execute<{ past: boolean }>(sql`select now() > ${new Date(claimedUntil).toISOString()}::timestamptz as past`))
              .rows[0].past,
          { timeout: 5000 },
        )
        .toBe(true);
      expect((await jobRow(id)).lockedUntil!.getTime()).toBeGreaterThan(claimedUntil);
      expect(await runDueJobs()).toBe(0);
      finish();
      expect(await first).toBe(1);
      expect(calls).toBe(1);
      expect((await jobRow(id)).status).toBe("done");
    } finally {
      setEnvForTesting(base);
    }
  });

  it("runs a job once and marks it done", async () => {
    const seen: unknown[] = [];
    registerJobHandler("test-ok", async (payload) => void seen.push(payload));
    const id = await enqueueJob("test-ok", { n: 1 });
    expect(await runDueJobs()).toBe(1);
    expect(await runDueJobs()).toBe(0);
    expect(seen).toEqual([{ n: 1 }]);
    expect((await jobRow(id)).status).toBe("done");
  });

  it("retries a failing job with growing delay until it succeeds", async () => {
    let calls = 0;
    registerJobHandler("test-flaky", async () => {
      calls += 1;
      if (calls <= 2) throw new Error(`outage ${calls}`);
    });
    const id = await enqueueJob("test-flaky", {});
    await runDueJobs();
    let row = await jobRow(id);
    expect(row.status).toBe("pending");
    expect(row.lastError).toBe("outage 1");
    expect(row.runAt.getTime()).toBeGreaterThan(Date.now() - 50);
    await makeDue(id);
    await runDueJobs();
    await makeDue(id);
    await runDueJobs();
    row = await jobRow(id);
    expect(calls).toBe(3);
    expect(row.status).toBe("done");
    expect(row.attempts).toBe(3);
  });

  it("gives up after max attempts, and at once on a permanent error", async () => {
    registerJobHandler("test-down", async () => {
      throw new Error("still down");
    });
    registerJobHandler("test-bad", async () => {
      throw new PermanentJobError("bad request");
    });
    const down = await enqueueJob("test-down", {}, { maxAttempts: 2 });
    const bad = await enqueueJob("test-bad", {});
    await runDueJobs();
    await makeDue(down);
    await runDueJobs();
    expect((await jobRow(down)).status).toBe("failed");
    expect((await jobRow(bad)).status).toBe("failed");
    expect((await jobRow(bad)).attempts).toBe(1);
  });

  it("a payload holds its link only while the job may still run: cleared when it ends in any state", async () => {
    const keep = (payload: Record<string, unknown>) => ({ subject: payload.subject, cleared: true });
    const payload = { subject: "Reset your password", text: "http://x/api/auth/reset-password/live-token" };
    registerJobHandler("test-sent", async () => {}, { redactWhenDone: keep });
    registerJobHandler("test-refused", async () => Promise.reject(new PermanentJobError("550 no such user")), { redactWhenDone: keep });
    registerJobHandler("test-retried", async () => Promise.reject(new Error("451 try later")), { redactWhenDone: keep });
    registerJobHandler("test-unredacted", async () => {});
    const sent = await enqueueJob("test-sent", payload);
    const refused = await enqueueJob("test-refused", payload);
    const retried = await enqueueJob("test-retried", payload, { maxAttempts: 2 });
    const plain = await enqueueJob("test-unredacted", { userId: "u1" });
    await runDueJobs();
    expect((await jobRow(sent)).payload).toEqual({ subject: "Reset your password", cleared: true });
    expect(await jobRow(refused)).toMatchObject({ status: "failed", payload: { subject: "Reset your password", cleared: true } });
    // Retrying: the mail still has to go out, with its link.
    expect(await jobRow(retried)).toMatchObject({ status: "pending", payload });
    await makeDue(retried);
    await runDueJobs();
    expect(await jobRow(retried)).toMatchObject({ status: "failed", payload: { subject: "Reset your password", cleared: true } });
    expect(JSON.stringify(await db().select({ payload: outbox.payload }).from(outbox))).not.toContain("live-token");
    // A kind without a redaction keeps its payload (a shop sync names the account, not a secret).
    expect((await jobRow(plain)).payload).toEqual({ userId: "u1" });
  });

  it("keeps a job queued in a transaction that rolls back out of the table", async () => {
    registerJobHandler("test-tx", async () => {});
    await expect(
      db().transaction(async (tx) => {
        await enqueueJob("test-tx", {}, { executor: tx });
        throw new Error("action failed");
      }),
    ).rejects.toThrow("action failed");
    expect(await db().select().from(outbox)).toHaveLength(0);
  });
});
