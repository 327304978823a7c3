import { randomUUID } from "node:crypto";
import os from "node:os";
import { sql } from "drizzle-orm";
import { db, isDatabaseOpen } from "./db.server";
import { logger } from "./logger.server";

/**
 * Periodic tasks that run ONCE per period across every server process sharing the database
 * (retention, clean-ups, reports). Each task has a lease row in `scheduled_tasks`: a process
 * claims a due task with one UPDATE (the row lock makes the claim atomic: of several processes
 * polling at the same moment exactly one gets it), runs it, and sets the next run time. A process
 * that dies mid-run leaves a lease that expires after `leaseMs`; then another process takes over.
 * While a task runs, its process renews the lease every third of `leaseMs`, so a task that runs
 * longer than its lease is never started a second time by another process while it still runs.
 *
 *   registerScheduledTask({ name: "retention", intervalMs: 3_600_000, run: async () => "removed 3 rows" });
 *   startScheduler();   // at start-up, after the database is open
 *   await stopScheduler();  // at shutdown: waits for a task in flight
 */
export interface ScheduledTask {
  /** Unique name; also the key of the lease row. */
  name: string;
  /** Time between the end of one run and the next (across all processes); a function is read at each run (configuration). */
  intervalMs: number | (() => number);
  /** How long a claim holds without renewal before another process may take over (default 15 minutes). */
  leaseMs?: number;
  /** The work; a returned string is logged and stored as the run's result. */
  run: () => Promise<string | void>;
}

const tasks = new Map<string, ScheduledTask>();
const DEFAULT_LEASE_MS = 15 * 60 * 1000;
const DEFAULT_POLL_MS = 60 * 1000;
/** This process, as named in the lease rows. */
const WORKER_ID = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

export function registerScheduledTask(task: ScheduledTask) {
  if (typeof task.intervalMs === "number" && task.intervalMs <= 0)
    throw new Error(`scheduled task ${task.name}: interval must be positive`);
  tasks.set(task.name, task);
}

/** Claims the task when it is due and nobody holds it; true when this process may run it. */
async function claim(task: ScheduledTask): Promise<boolean> {
  const leaseS = (task.leaseMs ?? DEFAULT_LEASE_MS) / 1000;
  await db().execute(sql`insert into scheduled_tasks (name) values (${task.name}) on conflict (name) do nothing`);
  const result = await db().execute(sql`
    update scheduled_tasks
    set locked_until = now() + make_interval(secs => ${leaseS}), locked_by = ${WORKER_ID}, last_started_at = now()
    where name = ${task.name} and next_run_at <= now() and (locked_until is null or locked_until < now())
    returning name`);
  return result.rows.length === 1;
}

async function finish(task: ScheduledTask, result: string) {
  const intervalMs = typeof task.intervalMs === "function" ? task.intervalMs() : task.intervalMs;
  await db().execute(sql`
    update scheduled_tasks
    set locked_until = null, locked_by = null, last_finished_at = now(), last_result = ${result.slice(0, 2000)},
      next_run_at = now() + make_interval(secs => ${intervalMs / 1000})
    where name = ${task.name} and locked_by = ${WORKER_ID}`);
}

/**
 * Renews this process's lease every third of its length while the task runs. A process that is
 * killed stops renewing, so its lease runs out within `leaseMs` and another process takes over.
 */
function keepLease(task: ScheduledTask) {
  const leaseMs = task.leaseMs ?? DEFAULT_LEASE_MS;
  let released = false;
  const renew = setInterval(() => {
    db()
      .execute(
        sql`update scheduled_tasks set locked_until = now() + make_interval(secs => ${leaseMs / 1000})
          where name = ${task.name} and locked_by = ${WORKER_ID}`,
      )
      .then((result) => {
        // Only when this process stalled for longer than its lease (it could not renew in time).
        if (result.rowCount === 0 && !released) logger.error(`Scheduled task "${task.name}": the lease was lost while the task ran`);
      })
      .catch((error: unknown) => logger.warn(`Scheduled task "${task.name}": could not renew its lease: ${String(error)}`));
  }, leaseMs / 3);
  renew.unref();
  return () => {
    released = true;
    clearInterval(renew);
  };
}

async function runTask(task: ScheduledTask): Promise<boolean> {
  if (!(await claim(task))) return false;
  let result: string;
  const releaseLease = keepLease(task);
  try {
    result = (await task.run()) || "done";
    logger.info(`Scheduled task "${task.name}": ${result}`);
  } catch (error) {
    result = `failed: ${error instanceof Error ? error.message : String(error)}`;
    logger.error(`Scheduled task "${task.name}" ${result}`);
  } finally {
    releaseLease();
  }
  await finish(task, result);
  return true;
}

/** Runs every registered task that is due and not held by another process; returns the names run. */
export async function runDueTasks(): Promise<string[]> {
  const ran: string[] = [];
  for (const task of tasks.values()) {
    if (await runTask(task)) ran.push(task.name);
  }
  return ran;
}

/** Makes a task due now (operators, tests): the next poll of any process runs it. */
export async function requestTaskRun(name: string) {
  await db().execute(sql`
    insert into scheduled_tasks (name, next_run_at) values (${name}, now())
    on conflict (name) do update set next_run_at = now()`);
}

let timer: NodeJS.Timeout | undefined;
let running: Promise<unknown> | undefined;
let stopped = true;
let pollMs = DEFAULT_POLL_MS;

function schedule(delay: number) {
  if (stopped) return;
  clearTimeout(timer);
  timer = setTimeout(tick, delay);
  timer.unref();
}

function tick() {
  if (running || stopped || !isDatabaseOpen()) return schedule(pollMs);
  running = runDueTasks()
    .catch((error) => logger.warn(`Scheduler: ${error instanceof Error ? error.message : error}`))
    .finally(() => {
      running = undefined;
      schedule(pollMs);
    });
}

/** Polls for due tasks every minute (first poll a few seconds after start); tests poll faster. */
export function startScheduler(options: { firstDelayMs?: number; pollMs?: number } = {}) {
  stopped = false;
  pollMs = options.pollMs ?? DEFAULT_POLL_MS;
  schedule(options.firstDelayMs ?? 5000);
}

/** Stops polling and waits for a task in flight (its lease is released when it finishes). */
export async function stopScheduler() {
  stopped = true;
  clearTimeout(timer);
  await running;
}
