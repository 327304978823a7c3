import PgBoss from "pg-boss";
import { db, withMigrationLock, type Database } from "./db.server";
import { getEnv } from "./env.server";
import { logger } from "./logger.server";
import { onExecutor, twoAtATime } from "./pg-boss-db.server";

/**
 * Background work on pg-boss (ADR 0046): a job is a row of pg-boss's `pgboss.job` table, written
 * in the same transaction as the change that causes it (`enqueueJob(..., { executor: tx })`), so a
 * crash never loses it and a rolled-back action never runs it. pg-boss hands each job to one
 * process (`FOR UPDATE SKIP LOCKED`), retries a failure with exponential back-off, and fails an
 * active job whose process died once its timeout (JOB_TIMEOUT_S) has passed, so another process
 * retries it. Periodic tasks are pg-boss cron schedules: one job per cron slot across every
 * process, on a queue that runs one job at a time.
 *
 * A payload names rows (a mail's id, an account's id), never a message body or a link: pg-boss
 * keeps finished and failed jobs for a while, and what is kept of a job must not be a secret.
 */

export type JobHandler = (payload: Record<string, unknown>) => Promise<void>;

/** A job whose failure is final (bad request, not a passing outage): no more retries. */
export class PermanentJobError extends Error {
  override name = "PermanentJobError";
}

interface JobKind {
  handler: JobHandler;
  /** Called once when the job ends without success (given up after its retries, or a permanent error). */
  onGiveUp?: (payload: Record<string, unknown>, reason: string) => Promise<void>;
}

export interface PeriodicTask {
  /** Unique name; also the name of its pg-boss queue. */
  name: string;
  /** A cron expression (UTC, minute resolution); a function is read at each start (configuration). */
  cron: string | (() => string);
  /** The work; a returned string is logged. */
  run: () => Promise<string | void>;
}

const kinds = new Map<string, JobKind>();
const tasks = new Map<string, PeriodicTask>();
/** Attempts of a job: the first try and this many retries. */
const RETRY_LIMIT = 9;
/** A periodic run of a process that died holds its task (one run at a time) this long at most. */
const PERIODIC_TASK_TIMEOUT_S = 15 * 60;
const GIVEN_UP = (kind: string) => `${kind}.given-up`;
const SCHEMA = "pgboss";

export function registerJobHandler(kind: string, handler: JobHandler, options: Pick<JobKind, "onGiveUp"> = {}) {
  kinds.set(kind, { handler, ...options });
}

export function registerPeriodicTask(task: PeriodicTask) {
  tasks.set(task.name, task);
}

type Executor = Pick<Database, "execute">;

/** Writes jobs (every process, also scripts): no timers of its own. */
let sender: Promise<PgBoss> | undefined;
/** Runs jobs, maintenance and cron (server processes, after `startJobs`). */
let worker: PgBoss | undefined;

/** `runs`: this instance also does pg-boss's maintenance (expiry, archive) and its cron. */
function createBoss(runs: boolean) {
  const env = getEnv();
  const instance = new PgBoss({
    // The application's pool: no second set of connections (memory, ADR 0046).
    db: twoAtATime(db().$client),
    schema: SCHEMA,
    supervise: runs,
    schedule: runs,
    // A dead process's job is failed (and so retried) by the next maintenance after its timeout.
    maintenanceIntervalSeconds: Math.max(1, Math.min(60, Math.floor(env.JOB_TIMEOUT_S / 4))),
    // A done job is deleted at once; one that failed after its retries (it names only rows) leaves
    // the job table after a minute and pg-boss's archive after an hour.
    archiveCompletedAfterSeconds: 60,
    deleteAfterSeconds: 60 * 60,
    cronMonitorIntervalSeconds: env.JOB_CRON_CHECK_S,
  });
  instance.on("error", (error) => logger.warn(`Job queue: ${error.message}`));
  return instance;
}

/**
 * The sender, started once per process. pg-boss creates or migrates its schema at its start; its
 * own lock does not cover the first creation (two processes creating the schema at once fail), so
 * it starts under the application's migration lock, on that connection.
 */
function started(): Promise<PgBoss> {
  sender ??= (async () => {
    const instance = createBoss(false);
    await withMigrationLock(db().$client, async (client) => {
      const installer = new PgBoss({
        db: { executeSql: (text, values) => client.query(text, values) },
        schema: SCHEMA,
        supervise: false,
        schedule: false,
      });
      await installer.start();
      await installer.stop({ graceful: false, close: false });
    });
    await instance.start();
    ensured.clear();
    return instance;
  })().catch((error: unknown) => {
    sender = undefined;
    throw error;
  });
  return sender;
}

/** How often a queue's creation is tried when PostgreSQL ends it as a deadlock's victim. */
const DEADLOCK_RETRIES = 5;

/** Queues this process has created or brought up to date since the sender started. */
const ensured = new Set<string>();

async function ensureQueue(instance: PgBoss, name: string, options: Omit<PgBoss.Queue, "name">) {
  if (ensured.has(name)) return;
  for (let attempt = 1; ; attempt += 1) {
    try {
      await instance.createQueue(name, { name, ...options });
      await instance.updateQueue(name, { name, ...options });
      break;
    } catch (error) {
      // Two processes creating a queue at once can deadlock in pg-boss's own statements (its partition
      // tables); PostgreSQL ends one of them, which tries again. No lock here: a caller may hold a
      // pool connection in its transaction already, and a lock would take one more.
      if ((error as { code?: string }).code !== "40P01" || attempt >= DEADLOCK_RETRIES) throw error;
    }
  }
  ensured.add(name);
}

/** A job kind's queue (and the queue of its given-up jobs), or a periodic task's, ready to take jobs. */
async function queueOf(name: string): Promise<PgBoss> {
  const instance = await started();
  if (tasks.has(name)) {
    await ensureQueue(instance, name, { policy: "singleton" });
  } else {
    if (kinds.get(name)?.onGiveUp) await ensureQueue(instance, GIVEN_UP(name), { policy: "standard" });
    await ensureQueue(instance, name, { policy: "standard" });
  }
  return instance;
}

function jobOptions(kind: string): PgBoss.SendOptions {
  const env = getEnv();
  return {
    retryLimit: RETRY_LIMIT,
    retryDelay: env.JOB_RETRY_DELAY_S,
    retryBackoff: true,
    expireInSeconds: env.JOB_TIMEOUT_S,
    ...(kinds.get(kind)?.onGiveUp ? { deadLetter: GIVEN_UP(kind) } : {}),
  };
}

/**
 * Queues a job; pass the transaction as `executor` to commit it with the change that causes it, and
 * `startAfter` for a job that may not run before a time (pg-boss keeps it until 14 days after that).
 */
export async function enqueueJob(
  kind: string,
  payload: Record<string, unknown>,
  options: { executor?: Executor; retryLimit?: number; startAfter?: Date } = {},
): Promise<string> {
  if (!kinds.has(kind)) throw new Error(`no handler for job kind "${kind}"`);
  const instance = await queueOf(kind);
  const id = await instance.send(kind, payload, {
    ...jobOptions(kind),
    ...(options.retryLimit === undefined ? {} : { retryLimit: options.retryLimit }),
    ...(options.startAfter === undefined ? {} : { startAfter: options.startAfter }),
    db: onExecutor(options.executor ?? db()),
  });
  if (!id) throw new Error(`job kind "${kind}": its queue does not exist`);
  return id;
}

function describe(error: unknown) {
  return error instanceof Error ? error.message : String(error);
}

/**
 * One job. Done, or given up on a permanent error: the job row goes at once (what it named is not
 * kept). Any other error: pg-boss retries it after its back-off; after the last retry it is failed
 * and, for a kind with `onGiveUp`, handed to the kind's given-up queue.
 */
async function runJob(instance: PgBoss, kind: string, job: PgBoss.JobWithMetadata<Record<string, unknown>>) {
  const { handler, onGiveUp } = kinds.get(kind)!;
  try {
    await handler(job.data);
    await instance.deleteJob(kind, job.id);
  } catch (error) {
    const message = describe(error);
    if (error instanceof PermanentJobError) {
      logger.error(`Job ${job.id} (${kind}) given up: ${message}`);
      await onGiveUp?.(job.data, message);
      await instance.deleteJob(kind, job.id);
      return;
    }
    logger.warn(`Job ${job.id} (${kind}) attempt ${job.retryCount + 1} failed: ${message}`);
    // Failing it here (not by throwing) keeps the other jobs of the batch apart: pg-boss then completes only active ones.
    await instance.fail(kind, job.id, { message });
  }
}

function cronOf(task: PeriodicTask) {
  return typeof task.cron === "function" ? task.cron() : task.cron;
}

/**
 * Starts this process's workers and the periodic tasks' schedules. Several processes may run it on
 * one database: each job and each cron slot is taken by one of them.
 */
/** Given-up jobs and periodic runs are rare: their queues are polled less often (seconds). */
const RARE_QUEUE_POLLING_S = 5;

export async function startJobs(options: { pollingIntervalSeconds?: number; cron?: boolean } = {}) {
  if (worker) return;
  for (const name of [...kinds.keys(), ...tasks.keys()]) await queueOf(name);
  const instance = createBoss(options.cron ?? true);
  await instance.start();
  worker = instance;
  const pollingIntervalSeconds = options.pollingIntervalSeconds ?? 1;
  const rarePollingIntervalSeconds = options.pollingIntervalSeconds ?? RARE_QUEUE_POLLING_S;
  for (const kind of kinds.keys()) {
    await instance.work<Record<string, unknown>>(kind, { batchSize: 5, includeMetadata: true, pollingIntervalSeconds }, async (jobs) => {
      await Promise.all(jobs.map((job) => runJob(instance, kind, job)));
    });
  }
  for (const [kind, { onGiveUp }] of kinds) {
    if (!onGiveUp) continue;
    await instance.work<{ data?: Record<string, unknown> } & Record<string, unknown>>(
      GIVEN_UP(kind),
      { pollingIntervalSeconds: rarePollingIntervalSeconds },
      async ([job]) => {
        logger.error(`Job ${job.id} (${kind}) given up after its retries`);
        await onGiveUp(job.data, "given up after its retries");
        await instance.deleteJob(GIVEN_UP(kind), job.id);
      },
    );
  }
  for (const task of tasks.values()) {
    if (options.cron ?? true) {
      await instance.schedule(task.name, cronOf(task), {}, { retryLimit: 0, expireInSeconds: PERIODIC_TASK_TIMEOUT_S, tz: "UTC" });
    }
    await instance.work(task.name, { pollingIntervalSeconds: rarePollingIntervalSeconds }, async () => {
      try {
        const result = (await task.run()) || "done";
        logger.info(`Periodic task "${task.name}": ${result}`);
      } catch (error) {
        logger.error(`Periodic task "${task.name}" failed: ${describe(error)}`);
        throw error;
      }
    });
  }
}

/** Runs a periodic task soon, outside its schedule (operators, tests): one process takes it. */
export async function requestTaskRun(name: string) {
  if (!tasks.has(name)) throw new Error(`no periodic task "${name}"`);
  const instance = await queueOf(name);
  await instance.send(name, {}, { retryLimit: 0, expireInSeconds: PERIODIC_TASK_TIMEOUT_S });
}

/** Stops taking jobs and waits (up to JOB_TIMEOUT_S) for those in flight; the pool stays open. */
export async function stopJobs() {
  const running = worker;
  const writing = sender;
  worker = undefined;
  sender = undefined;
  await running?.stop({ graceful: true, close: false, timeout: getEnv().JOB_TIMEOUT_S * 1000 });
  await (await writing?.catch(() => undefined))?.stop({ graceful: false, close: false });
}
