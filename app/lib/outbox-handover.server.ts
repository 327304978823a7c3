import { sql } from "drizzle-orm";
import { db } from "./db.server";
import { enqueueJob } from "./jobs.server";
import { logger } from "./logger.server";
import { queueMail, type Mail } from "./mailer.server";

/**
 * Jobs that the old outbox table still had to run when migration 0016 replaced it: each is queued
 * on pg-boss and removed from `outbox_handover` in one transaction, so it runs once even when
 * several processes start together (a row another process is handing over is skipped).
 */
export async function handOverOutboxJobs() {
  let handedOver = 0;
  for (;;) {
    const moved = await db().transaction(async (tx) => {
      const { rows } = await tx.execute<{ id: number; kind: string; payload: Record<string, unknown> }>(
        sql`delete from outbox_handover where id = (select id from outbox_handover order by id limit 1 for update skip locked)
          returning id, kind, payload`,
      );
      const [row] = rows;
      if (!row) return false;
      const { eraseWhenDone, ...payload } = row.payload;
      if (row.kind === "mail") await queueMail(payload as unknown as Mail, { executor: tx, eraseWhenDone: Boolean(eraseWhenDone) });
      else await enqueueJob(row.kind, payload, { executor: tx });
      return true;
    });
    if (!moved) break;
    handedOver += 1;
  }
  if (handedOver > 0) logger.info(`Queued ${handedOver} job(s) left by the old outbox`);
}
