import { sql } from "drizzle-orm";
import type { Database } from "~/lib/db.server";
import { SCHEDULE_TIME_ZONE } from "~/lib/schedule-time";

/**
 * The instant of a wall-clock time in SCHEDULE_TIME_ZONE (`YYYY-MM-DDTHH:mm`, as the form's input gives
 * it), and whether it has passed: PostgreSQL's time zone data turns it into an instant (daylight saving
 * included). Scheduled publishes of pages and news posts and scheduled newsletter sends (ADR 0067) read times
 * through it.
 */
export async function scheduleInstant(executor: Pick<Database, "execute">, localTime: string) {
  const { rows } = await executor.execute<{ at: Date; past: boolean }>(
    sql`select (${localTime}::timestamp at time zone ${SCHEDULE_TIME_ZONE}) as at, (${localTime}::timestamp at time zone ${SCHEDULE_TIME_ZONE}) <= now() as past`,
  );
  return { at: new Date(rows[0]!.at), past: rows[0]!.past };
}
