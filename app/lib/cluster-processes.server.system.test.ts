import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startSmtpSink, type SmtpSink } from "../../tests/fakes/smtp-sink";
import { startChildWorker, type ChildWorker } from "../../tests/helpers/child-worker";
import { resetDatabase } from "../../tests/helpers/database";
import { db } from "./db.server";
import { queueMail } from "./mailer.server";

/**
 * Several server processes on one PostgreSQL (issue 15, ADR 0025): real OS processes
 * (tests/helpers/cluster-worker.ts), each with its own connection pool and job workers (pg-boss,
 * ADR 0046), against this test worker's database.
 */
/** A run of the periodic task takes this long: no other process may start it meanwhile. */
const RUN_MS = 2500;

type Run = {
  id: number;
  worker: number;
  /** Database clock, milliseconds since the epoch (with fractions). */
  startedMs: number;
  slotMs: number | null;
  finishedMs: number | null;
};

async function runs() {
  const { rows } = await db().execute<Run>(sql`select id, worker,
      extract(epoch from started_at)::float8 * 1000 as "startedMs",
      extract(epoch from slot_at)::float8 * 1000 as "slotMs", extract(epoch from finished_at)::float8 * 1000 as "finishedMs"
    from cluster_task_runs order by started_at`);
  return rows;
}

/** The minutes pg-boss's cron filed a run of the test's task for (milliseconds since the epoch, UTC). */
async function cronSlots() {
  const { rows } = await db().execute<{ slotMs: number }>(sql`select extract(epoch from singleton_on)::float8 * 1000 as "slotMs"
    from (select singleton_on, singleton_key from pgboss.job where name = '__pgboss__send-it'
      union all select singleton_on, singleton_key from pgboss.archive where name = '__pgboss__send-it') filed
    where singleton_key = 'cluster.test' order by 1`);
  return rows.map((row) => row.slotMs);
}

describe("several server processes on one database", () => {
  let workers: ChildWorker[] = [];
  let sink: SmtpSink | undefined;

  beforeEach(async () => {
    await resetDatabase();
    await db().execute(sql`create table if not exists cluster_task_runs (
      id serial primary key, worker int not null, started_at timestamptz not null, slot_at timestamptz, finished_at timestamptz)`);
    await db().execute(sql`truncate cluster_task_runs`);
  });

  /** Three processes; each is stopped after the test even when another failed to start. */
  async function startWorkers(mode: "periodic" | "mail", env: Record<string, string>) {
    await Promise.all([1, 2, 3].map(async () => workers.push(await startChildWorker(mode, env))));
  }

  afterEach(async () => {
    await Promise.all(workers.map((worker) => worker.stop("SIGKILL")));
    workers = [];
    await sink?.close();
    sink = undefined;
    await db().execute(sql`drop table if exists cluster_task_runs`);
    await db().execute(sql`delete from pgboss.schedule where name = 'cluster.test'`);
  });

  it("three processes install the job queue at once; a periodic task (cron every minute) runs once per minute across them, never two runs at once", async () => {
    // A fresh database: the three processes also install pg-boss's schema at the same moment.
    await db().execute(sql`drop schema if exists pgboss cascade`);
    await startWorkers("periodic", { TASK_RUN_MS: String(RUN_MS), JOB_CRON_CHECK_S: "1" });
    // The first minute's run starts at once, the next when the following minute begins.
    await expect.poll(async () => (await runs()).filter((run) => run.finishedMs).length, { timeout: 150_000, interval: 500 }).toBe(2);
    await Promise.all(workers.map((worker) => worker.stop("SIGTERM")));

    const all = await runs();
    expect(all).toHaveLength(2);
    const [first, second] = all;
    // One run per cron slot: every process checked the clock each second, yet each run started only
    // once a slot of its own existed (pg-boss's cron files one "send it" job per minute, whose
    // singleton_on is the minute, and a worker then creates the task's job, on a busy machine a moment
    // into the next minute), and the second started only after the first had ended.
    const slots = await cronSlots();
    expect([first.slotMs, second.slotMs]).not.toContain(null);
    expect(slots.filter((slot) => slot <= first.startedMs).length).toBeGreaterThanOrEqual(1);
    expect(slots.filter((slot) => slot <= second.startedMs).length).toBeGreaterThanOrEqual(2);
    expect(second.startedMs).toBeGreaterThan(first.finishedMs!);
    console.info(`periodic task: runs by processes ${all.map((run) => run.worker).join(", ")}`);
  }, 180_000);

  it("a rate limit holds across processes: three processes hitting one key at once are allowed the limit, not three times it", async () => {
    workers = await Promise.all([1, 2, 3].map(() => startChildWorker("ratelimit", { RATE_HITS: "10", RATE_LIMIT: "12" })));
    for (const worker of workers) worker.process.stdin!.write("GO\n");
    const allowed = await Promise.all(workers.map(async (worker) => Number((await worker.waitFor(/^ALLOWED /)).split(" ")[1])));
    expect(allowed.reduce((sum, count) => sum + count, 0)).toBe(12);
  }, 120_000);

  it("every mail is sent exactly once with three worker processes sending at the same time", async () => {
    sink = await startSmtpSink();
    const env = { SMTP_URL: `smtp://127.0.0.1:${sink.smtpPort}`, JOB_TIMEOUT_S: "5", JOB_RETRY_DELAY_S: "1" };
    await startWorkers("mail", env);
    const total = 90;
    // Queued in three bursts while the workers poll, as requests on several processes would.
    for (let burst = 0; burst < 3; burst += 1) {
      await db().transaction(async (tx) => {
        for (let index = burst * 30; index < (burst + 1) * 30; index += 1) {
          await queueMail(
            { to: `job-${index}@example.com`, subject: `Job ${index}`, text: `Job ${index}`, html: `<p>Job ${index}</p>` },
            { executor: tx },
          );
        }
      });
    }
    await expect
      .poll(
        async () => (await db().execute<{ n: number }>(sql`select count(*)::int as n from mail_log where status <> 'sent'`)).rows[0].n,
        {
          timeout: 60_000,
          interval: 200,
        },
      )
      .toBe(0);
    await Promise.all(workers.map((worker) => worker.stop("SIGTERM")));

    const perAddress: Record<string, number> = {};
    for (const message of sink.messages) for (const to of message.to) perAddress[to] = (perAddress[to] ?? 0) + 1;
    expect(sink.messages).toHaveLength(total);
    expect(Object.keys(perAddress)).toHaveLength(total);
    expect(Object.values(perAddress).every((count) => count === 1)).toBe(true);
    const { rows } = await db().execute<{ n: number }>(sql`select count(*)::int as n from mail_log where status = 'sent'`);
    expect(rows[0].n).toBe(total);
  }, 240_000);
});
