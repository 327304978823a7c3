import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startSmtpSink, type SmtpSink } from "../../tests/fakes/smtp-sink";
import { startChildWorker, type ChildWorker } from "../../tests/helpers/child-worker";
import { resetDatabase } from "../../tests/helpers/database";
import { db } from "./db.server";
import { queueMail } from "./mailer.server";

/**
 * Several server processes on one PostgreSQL (issue 15, ADR 0025): real OS processes
 * (tests/helpers/cluster-worker.ts), each with its own connection pool, scheduler and outbox
 * worker, against this test worker's database.
 */
const INTERVAL_MS = 1000;
const LEASE_MS = 1500;
/** Longer than the lease: only the renewal of the lease keeps a living process's run its own. */
const RUN_MS = 2500;

type Run = {
  id: number;
  worker: number;
  /** Database clock, milliseconds since the epoch (with fractions). */
  startedMs: number;
  finishedMs: number | null;
  /** How long ago it started. */
  ageMs: number;
};

async function runs() {
  const { rows } = await db().execute<Run>(sql`select id, worker,
      extract(epoch from started_at)::float8 * 1000 as "startedMs", extract(epoch from finished_at)::float8 * 1000 as "finishedMs",
      extract(epoch from clock_timestamp() - started_at)::float8 * 1000 as "ageMs"
    from cluster_task_runs order by started_at`);
  return rows;
}

describe("several server processes on one database", () => {
  let workers: ChildWorker[] = [];
  let sink: SmtpSink | undefined;

  beforeEach(async () => {
    await resetDatabase();
    await db().execute(sql`create table if not exists cluster_task_runs (
      id serial primary key, worker int not null, started_at timestamptz not null, finished_at timestamptz)`);
    await db().execute(sql`truncate cluster_task_runs`);
  });

  afterEach(async () => {
    await Promise.all(workers.map((worker) => worker.stop("SIGKILL")));
    workers = [];
    await sink?.close();
    sink = undefined;
    await db().execute(sql`drop table if exists cluster_task_runs`);
  });

  it("a scheduled job runs once per period across three processes, and a killed process's job is taken over after its lease", async () => {
    const env = {
      TASK_INTERVAL_MS: String(INTERVAL_MS),
      TASK_LEASE_MS: String(LEASE_MS),
      TASK_RUN_MS: String(RUN_MS),
      SCHEDULER_POLL_MS: "100",
    };
    workers = await Promise.all([1, 2, 3].map(() => startChildWorker("scheduler", env)));
    const finished = async () => (await runs()).filter((run) => run.finishedMs).length;
    await expect.poll(finished, { timeout: 60_000, interval: 200 }).toBeGreaterThanOrEqual(3);

    // Kill -9 the process that is running the job now, mid-job.
    let running: Run | undefined;
    await expect
      .poll(
        async () => {
          // A run that began less than a second ago: it is surely still running when the kill lands.
          running = (await runs()).find((run) => !run.finishedMs && run.ageMs < 1000);
          return running !== undefined;
        },
        { timeout: 30_000, interval: 50 },
      )
      .toBe(true);
    const victim = workers.find((worker) => worker.pid === running!.worker)!;
    await victim.stop("SIGKILL");
    // Its claim, as the dead process left it (nobody can take the job over before the lease ends).
    const [lease] = (
      await db().execute<{ claimedMs: number; locked_by: string }>(
        sql`select extract(epoch from last_started_at)::float8 * 1000 as "claimedMs", locked_by from scheduled_tasks where name = 'cluster.test'`,
      )
    ).rows;
    expect(lease.locked_by).toContain(`:${victim.pid}:`);
    const killed = (await runs()).find((run) => run.id === running!.id)!;
    expect(killed.finishedMs).toBeNull();

    // The two others take over and go on, once per period.
    await expect
      .poll(async () => (await runs()).filter((run) => run.id > killed.id && run.finishedMs).length, { timeout: 60_000, interval: 200 })
      .toBeGreaterThanOrEqual(2);
    const survivors = workers.filter((worker) => worker !== victim);
    await Promise.all(survivors.map((worker) => worker.stop("SIGTERM")));

    const all = await runs();
    // Every run but the killed one finished; no run started while another was running (or while
    // the dead process's lease held), and none before its period had passed.
    expect(all.filter((run) => !run.finishedMs).map((run) => run.id)).toEqual([killed.id]);
    for (let index = 1; index < all.length; index += 1) {
      const previous = all[index - 1];
      const next = all[index];
      if (previous.id === killed.id) {
        expect(next.startedMs).toBeGreaterThanOrEqual(lease.claimedMs + LEASE_MS);
        expect(next.worker).not.toBe(victim.pid);
      } else {
        expect(next.startedMs - previous.finishedMs!).toBeGreaterThanOrEqual(INTERVAL_MS);
      }
    }
    const perProcess: Record<number, number> = {};
    for (const run of all) perProcess[run.worker] = (perProcess[run.worker] ?? 0) + 1;
    console.info(
      `scheduler: ${all.length} runs by process ${JSON.stringify(perProcess)}, process ${victim.pid} killed in run ${killed.id}`,
    );
  }, 180_000);

  it("a rate limit holds across processes: three processes hitting one key at once are allowed the limit, not three times it", async () => {
    workers = await Promise.all([1, 2, 3].map(() => startChildWorker("ratelimit", { RATE_HITS: "10", RATE_LIMIT: "12" })));
    for (const worker of workers) worker.process.stdin!.write("GO\n");
    const allowed = await Promise.all(workers.map(async (worker) => Number((await worker.waitFor(/^ALLOWED /)).split(" ")[1])));
    expect(allowed.reduce((sum, count) => sum + count, 0)).toBe(12);
  }, 120_000);

  it("the outbox sends every mail exactly once with three worker processes sending at the same time", async () => {
    sink = await startSmtpSink();
    const env = { SMTP_URL: `smtp://127.0.0.1:${sink.smtpPort}`, OUTBOX_LOCK_S: "5", OUTBOX_RETRY_BASE_MS: "100" };
    workers = await Promise.all([1, 2, 3].map(() => startChildWorker("outbox", env)));
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
      .poll(async () => (await db().execute<{ n: number }>(sql`select count(*)::int as n from outbox where status <> 'done'`)).rows[0].n, {
        timeout: 60_000,
        interval: 200,
      })
      .toBe(0);
    await Promise.all(workers.map((worker) => worker.stop("SIGTERM")));

    const perAddress: Record<string, number> = {};
    for (const message of sink.messages) for (const to of message.to) perAddress[to] = (perAddress[to] ?? 0) + 1;
    expect(sink.messages).toHaveLength(total);
    expect(Object.keys(perAddress)).toHaveLength(total);
    expect(Object.values(perAddress).every((count) => count === 1)).toBe(true);
    const { rows } = await db().execute<{ n: number }>(sql`select count(*)::int as n from outbox where status = 'done'`);
    expect(rows[0].n).toBe(total);
  }, 120_000);
});
