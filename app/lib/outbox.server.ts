import { sql } from "drizzle-orm";
import { outbox } from "~/db/schema";
import { db, isDatabaseOpen, type Database } from "./db.server";
import { getEnv } from "./env.server";
import { logger } from "./logger.server";

/**
 * Durable background jobs (mail, shop sync). A job is a row written in the same transaction
 * as the action that caused it, so a crash never loses it; a worker claims due rows with
 * `FOR UPDATE SKIP LOCKED` (several processes may work at once), runs the kind's handler, and
 * retries failures with exponential back-off until `max_attempts`, then gives up with a log line.
 */

export type JobHandler = (payload: Record<string, unknown>) => Promise<void>;

/** A job whose failure is final (bad request, not a passing outage): no more retries. */
export class PermanentJobError extends Error {
  override name = "PermanentJobError";
}

const handlers = new Map<string, JobHandler>();
/** Per kind: what is kept of a payload once the job ended, done or given up (links and secrets are not). */
const redactions = new Map<string, (payload: Record<string, unknown>) => Record<string, unknown>>();
const POLL_INTERVAL_MS = 1000;
const BATCH = 10;
const MAX_DELAY_MS = 60 * 60 * 1000;

/**
 * A payload with this key set is replaced by `{"erased": true}` once the job is done or given up:
 * for jobs that must leave no personal data behind (e.g. the notices of a deleted account).
 */
export const ERASE_WHEN_DONE = "eraseWhenDone";

export function registerJobHandler(
  kind: string,
  handler: JobHandler,
  options: { redactWhenDone?: (payload: Record<string, unknown>) => Record<string, unknown> } = {},
) {
  handlers.set(kind, handler);
  if (options.redactWhenDone) redactions.set(kind, options.redactWhenDone);
}

type Executor = Pick<Database, "insert">;

export async function enqueueJob(
  kind: string,
  payload: Record<string, unknown>,
  options: { executor?: Executor; maxAttempts?: number } = {},
) {
  const executor = options.executor ?? db();
  const [row] = await executor
    .insert(outbox)
    .values({ kind, payload, maxAttempts: options.maxAttempts ?? 10 })
    .returning({ id: outbox.id });
  wakeWorker();
  return row.id;
}

type ClaimedJob = {
  id: number;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
  max_attempts: number;
};

async function claimDueJobs(skip: number[]): Promise<ClaimedJob[]> {
  const notAgain =
    skip.length > 0
      ? sql`and id not in (${sql.join(
          skip.map((id) => sql`${id}`),
          sql`, `,
        )})`
      : sql``;
  const result = await db().execute<ClaimedJob>(sql`
    update outbox set locked_until = now() + make_interval(secs => ${getEnv().OUTBOX_LOCK_S}), attempts = attempts + 1
    where id in (
      select id from outbox
      where status = 'pending' and run_at <= now() and (locked_until is null or locked_until < now()) ${notAgain}
      order by run_at, id
      limit ${BATCH}
      for update skip locked
    )
    returning id, kind, payload, attempts, max_attempts`);
  return result.rows;
}

export function retryDelayMs(attempts: number) {
  return Math.min(getEnv().OUTBOX_RETRY_BASE_MS * 2 ** (attempts - 1), MAX_DELAY_MS);
}

/**
 * While a job runs, its claim is renewed every third of OUTBOX_LOCK_S, so a slow but living
 * process keeps it (no second process sends the same mail), while the claim of a process that
 * died runs out within OUTBOX_LOCK_S and another process takes the job over.
 */
function keepClaim(jobId: number) {
  const lockS = getEnv().OUTBOX_LOCK_S;
  const timer = setInterval(
    () => {
      db()
        // Only a claim still held: a renewal that was on its way when the job ended must not lock it again
        // (a failed attempt would then wait OUTBOX_LOCK_S more before its retry).
        .execute(
          sql`update outbox set locked_until = now() + make_interval(secs => ${lockS}) where id = ${jobId} and status = 'pending' and locked_until is not null`,
        )
        .catch((error: unknown) => logger.warn(`Job ${jobId}: could not renew its claim: ${String(error)}`));
    },
    (lockS * 1000) / 3,
  );
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * What stays of a payload once its job ended, whatever the end (done or given up): nothing of an
 * erasing job, the kind's own summary (a mail keeps no body and no link), or all of it.
 */
function endedPayload(job: ClaimedJob): Record<string, unknown> {
  if (job.payload[ERASE_WHEN_DONE]) return { erased: true };
  const redact = redactions.get(job.kind);
  return redact ? redact(job.payload) : job.payload;
}

async function runJob(job: ClaimedJob) {
  const handler = handlers.get(job.kind);
  try {
    if (!handler) throw new PermanentJobError(`no handler for job kind "${job.kind}"`);
    const { [ERASE_WHEN_DONE]: _erase, ...payload } = job.payload;
    const releaseClaim = keepClaim(job.id);
    try {
      await handler(payload);
    } finally {
      releaseClaim();
    }
    await db().execute(sql`update outbox set status = 'done', locked_until = null, last_error = null, updated_at = now(),
      payload = ${JSON.stringify(endedPayload(job))}::jsonb where id = ${job.id}`);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const final = error instanceof PermanentJobError || job.attempts >= job.max_attempts;
    if (final) {
      logger.error(`Job ${job.id} (${job.kind}) given up after ${job.attempts} attempt(s): ${message}`);
      const lastError = job.payload[ERASE_WHEN_DONE] ? "given up (details erased)" : message;
      await db().execute(sql`update outbox set status = 'failed', locked_until = null, updated_at = now(),
        last_error = ${lastError}, payload = ${JSON.stringify(endedPayload(job))}::jsonb where id = ${job.id}`);
    } else {
      const delay = retryDelayMs(job.attempts);
      logger.warn(`Job ${job.id} (${job.kind}) attempt ${job.attempts} failed, retrying in ${delay} ms: ${message}`);
      await db().execute(sql`update outbox set locked_until = null, last_error = ${message},
        run_at = now() + make_interval(secs => ${delay / 1000}), updated_at = now() where id = ${job.id}`);
    }
  }
}

/** Runs every due job once; returns how many ran. Tests call it directly. */
export async function runDueJobs(): Promise<number> {
  let total = 0;
  // A job that failed in this pass waits for the next one, however short its back-off.
  const ran: number[] = [];
  for (;;) {
    const jobs = await claimDueJobs(ran);
    ran.push(...jobs.map((job) => job.id));
    if (jobs.length === 0) return total;
    await Promise.all(jobs.map(runJob));
    total += jobs.length;
  }
}

let timer: NodeJS.Timeout | undefined;
let running: Promise<unknown> | undefined;
let stopped = true;

function schedule(delay: number) {
  if (stopped) return;
  clearTimeout(timer);
  timer = setTimeout(tick, delay);
  timer.unref();
}

function tick() {
  if (running || stopped || !isDatabaseOpen()) return schedule(POLL_INTERVAL_MS);
  running = runDueJobs()
    .catch((error) => logger.warn(`Outbox worker: ${error instanceof Error ? error.message : error}`))
    .finally(() => {
      running = undefined;
      schedule(POLL_INTERVAL_MS);
    });
}

function wakeWorker() {
  if (!stopped && !running) schedule(0);
}

export function startOutboxWorker() {
  stopped = false;
  schedule(0);
}

/** Stops polling and waits for jobs in flight (their rows stay pending if interrupted). */
export async function stopOutboxWorker() {
  stopped = true;
  clearTimeout(timer);
  await running;
}
