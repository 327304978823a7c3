import { sql } from "drizzle-orm";
import { db } from "~/lib/db.server";
import { registerPeriodicTask } from "~/lib/jobs.server";

/**
 * The analytics' roll-up (ADR 0068): raw events into daily sums per dimension, on the job queue
 * (a periodic task, one run at a time across processes, ADR 0046). A day is summed again at every
 * run until it is final: ended over an hour ago, so the last flushes of every process are in. The
 * console reads only the sums; retention deletes raw events of final days after
 * RETENTION_ANALYTICS_EVENT_DAYS (the Retention page), the sums stay.
 *
 * Visitors of a dimension are distinct day hashes within the day; over a range they add up
 * (a visitor is recognisable for one day only, by design).
 */
export const ROLLUP_TASK = "analytics.rollup";
export const ROLLUP_CRON = "*/5 * * * *";

/** The dimensions of `analytics_daily` (key, detail): what each sums. */
export const DIMENSIONS = [
  "total",
  "page",
  "language",
  "languages",
  "referrer",
  "campaign",
  "not_found",
  "search",
  "preview",
  "gated",
] as const;
export type Dimension = (typeof DIMENSIONS)[number];

/**
 * Sums every day that has raw events and is not final yet; returns the days summed. A day is final an
 * hour after it ended (late events from slow requests still count). `now` lets a test fix the clock.
 */
export async function rollUpAnalytics(now: Date = new Date()): Promise<string[]> {
  const { rows } = await db().execute<{ day: string }>(sql`
    select to_char(e.day, 'YYYY-MM-DD') as day from (select distinct day from analytics_events) e
    where not exists (select 1 from analytics_rollups r where r.day = e.day and r.final)
    order by e.day`);
  const days = rows.map((row) => row.day);
  if (days.length === 0) return [];
  await db().transaction(async (tx) => {
    const list = sql`${sql.param(days)}::date[]`;
    await tx.execute(sql`delete from analytics_daily where day = any(${list})`);
    await tx.execute(sql`
      with e as (select * from analytics_events where day = any(${list}))
      insert into analytics_daily (dimension, day, key, detail, views, visitors, zero_results)
      select 'total', day, '', '', count(*), count(distinct visitor), 0 from e where kind = 'view' group by day
      union all
      select 'page', day, path, '', count(*), count(distinct visitor), 0 from e where kind = 'view' group by day, path
      union all
      select 'language', day, language, '', count(*), count(distinct visitor), 0 from e where kind = 'view' group by day, language
      union all
      select 'languages', day, language, browser_language, count(*), count(distinct visitor), 0
        from e where kind = 'view' group by day, language, browser_language
      union all
      select 'referrer', day, referrer, '', count(*), count(distinct visitor), 0
        from e where kind = 'view' and referrer <> '' group by day, referrer
      union all
      select 'campaign', day, utm_campaign, concat_ws(' / ', nullif(utm_source, ''), nullif(utm_medium, '')), count(*), count(distinct visitor), 0
        from e where kind = 'view' and (utm_source <> '' or utm_medium <> '' or utm_campaign <> '')
        group by day, utm_campaign, concat_ws(' / ', nullif(utm_source, ''), nullif(utm_medium, ''))
      union all
      select 'not_found', day, path, referrer, count(*), count(distinct visitor), 0 from e where kind = 'not_found' group by day, path, referrer
      union all
      select 'search', day, query, filters, count(*), count(distinct visitor), count(*) filter (where results = 0)
        from e where kind = 'search' group by day, query, filters
      union all
      select 'preview', day, item_id::text, '', count(*), count(distinct visitor), 0 from e where kind = 'preview' group by day, item_id
      union all
      select 'gated', day, item_id::text, '', count(*), count(distinct visitor), 0 from e where kind = 'gated_download' group by day, item_id`);
    await tx.execute(sql`
      insert into analytics_rollups (day, final)
      select d, d < ((${now.toISOString()}::timestamptz at time zone 'utc') - interval '1 hour')::date from unnest(${list}) as d
      on conflict (day) do update set final = excluded.final, rolled_up_at = now()`);
  });
  return days;
}

/** Retention: raw events older than `days` days, of final days only (their sums are kept). */
export async function deleteOldAnalyticsEvents(days: number) {
  const result = await db().execute(sql`
    delete from analytics_events e
    where e.day < (now() at time zone 'utc')::date - ${days}::int
      and exists (select 1 from analytics_rollups r where r.day = e.day and r.final)`);
  return result.rowCount ?? 0;
}

registerPeriodicTask({
  name: ROLLUP_TASK,
  cron: ROLLUP_CRON,
  run: async () => {
    const days = await rollUpAnalytics();
    return days.length === 0 ? "nothing new" : `summed ${days.length} day(s), ${days[0]} to ${days.at(-1)}`;
  },
});
