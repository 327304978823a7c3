import { eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { account, user } from "~/db/schema";
import { db } from "~/lib/db.server";
import { requestTaskRun } from "~/lib/jobs.server";
import { startChildWorker, type ChildWorker } from "../../../tests/helpers/child-worker";
import { TEST_ORIGIN, useAuthTestEnv } from "../../../tests/helpers/accounts.server";
import { loggedMails, runJobsUntilIdle } from "../../../tests/helpers/jobs";
import { authAction } from "./auth-actions.server";
import { getAuth } from "./auth.server";
import { CONFIRMATION_SWEEP_GRACE_S, CONFIRMATION_SWEEP_TASK, sweepUnsentConfirmations } from "./confirmation-sweep.server";

/**
 * A sign-up killed between the account's commit and the queueing of its confirmation mail
 * (ADR 0030): a real process is SIGKILLed at that point, and the sweep then sends the mail
 * exactly once, with a link that confirms the account.
 */
async function mailsTo(email: string) {
  return (await loggedMails()).filter((mail) => mail.to === email).map((mail) => ({ ...mail, text: mail.text ?? "" }));
}

/** Time passes: the account was created longer ago than the sweep's grace period. */
async function ageAccount(email: string) {
  await db()
    .update(user)
    .set({ createdAt: sql`now() - make_interval(secs => ${CONFIRMATION_SWEEP_GRACE_S + 60})` })
    .where(eq(user.email, email));
}

describe("the confirmation mail of a sign-up whose process died", () => {
  let child: ChildWorker | undefined;

  useAuthTestEnv({ requireEmailConfirmation: true });
  afterEach(async () => {
    await child?.stop("SIGKILL");
    child = undefined;
    await db().execute(sql`drop trigger if exists hang_crash_mail on mail_log`);
    await db().execute(sql`drop function if exists hang_crash_mail()`);
  });

  it("a process SIGKILLed after the account's commit, before its mail: the sweep queues the mail exactly once and the link works", async () => {
    const email = "crash-1@example.com";
    // The crash point: the mail's insert into mail_log blocks (uncommitted) until the process is killed.
    await db().execute(sql`create function hang_crash_mail() returns trigger language plpgsql as $$
      begin
        if new.recipient like 'crash-%' then perform pg_sleep(600); end if;
        return new;
      end $$`);
    await db().execute(sql`create trigger hang_crash_mail before insert on mail_log for each row execute function hang_crash_mail()`);
    child = await startChildWorker("signup", { SIGNUP_EMAIL: email });
    const stuck = async () =>
      (
        await db().execute<{ pid: number }>(
          sql`select pid from pg_stat_activity where datname = current_database() and wait_event = 'PgSleep' and query ilike '%mail_log%'`,
        )
      ).rows;
    await expect.poll(async () => (await stuck()).length, { timeout: 60_000, interval: 100 }).toBe(1);
    await child.stop("SIGKILL");
    // The killed process's connection goes away with it (PostgreSQL notices at its next write).
    await db().execute(sql`select pg_terminate_backend(pid) from pg_stat_activity where pid = ${(await stuck())[0].pid}`);
    await expect.poll(async () => (await stuck()).length).toBe(0);
    await db().execute(sql`drop trigger hang_crash_mail on mail_log`);

    // What the crash left: a committed account with its password, unconfirmed, and no mail.
    const [created] = await db().select().from(user).where(eq(user.email, email));
    expect(created).toMatchObject({ emailVerified: false, confirmationMailQueuedAt: null });
    expect(await db().select().from(account).where(eq(account.userId, created.id))).toHaveLength(1);
    expect(await mailsTo(email)).toEqual([]);

    // A young account is left to its own request; an older one gets its mail, once, however
    // many processes sweep at the same time and however often.
    expect(await sweepUnsentConfirmations()).toBe(0);
    await ageAccount(email);
    const swept = await Promise.all([sweepUnsentConfirmations(), sweepUnsentConfirmations(), sweepUnsentConfirmations()]);
    expect(swept.reduce((sum, count) => sum + count, 0)).toBe(1);
    expect(await sweepUnsentConfirmations()).toBe(0);
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe("Confirm your email address");

    // The link in it confirms the account, as the sign-up's own mail would have.
    const link = mails[0].text.match(/https?:\/\/\S+\/api\/auth\/verify-email\?\S+/)![0];
    const answer = await getAuth().handler(new Request(link));
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe("/auth?confirmed=1");
    const [confirmed] = await db().select().from(user).where(eq(user.email, email));
    expect(confirmed.emailVerified).toBe(true);
  }, 120_000);

  it("an ordinary sign-up is not mailed a second time by the sweep (also when it runs as the scheduled task)", async () => {
    const email = "ordinary@example.com";
    const request = new Request(`${TEST_ORIGIN}/auth`, {
      method: "POST",
      body: new URLSearchParams({
        intent: "signup",
        js: "1",
        username: "ordinary",
        customerType: "private",
        email,
        password: "secret123",
        acceptTerms: "on",
        acceptPrivacy: "on",
      }),
      headers: { origin: TEST_ORIGIN, "x-client-ip": "203.0.113.8" },
    });
    await authAction(request);
    expect(await mailsTo(email)).toHaveLength(1);
    const [created] = await db().select().from(user).where(eq(user.email, email));
    expect(created.confirmationMailQueuedAt).toBeInstanceOf(Date);
    await ageAccount(email);
    await requestTaskRun(CONFIRMATION_SWEEP_TASK);
    await runJobsUntilIdle();
    expect(await mailsTo(email)).toHaveLength(1);
  });

  it("leaves accounts older than a day alone (made while confirmation was off, or long past)", async () => {
    await db().execute(sql`insert into users (id, name, email, email_verified, created_at)
      values ('old-account', 'old', 'old@example.com', false, now() - interval '2 days')`);
    expect(await sweepUnsentConfirmations()).toBe(0);
    expect(await mailsTo("old@example.com")).toEqual([]);
  });
});
