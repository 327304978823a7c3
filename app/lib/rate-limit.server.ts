import { sql } from "drizzle-orm";
import { db } from "./db.server";
import { getEnv } from "./env.server";

/**
 * Rate limits kept in PostgreSQL (table request_counters), so they hold across restarts and
 * several server processes. Counts are kept per fixed window, and a hit is judged by the
 * sliding-window estimate `current + previous × (share of the previous window still in view)`,
 * so a burst that straddles a window boundary is limited like any other burst (a plain fixed
 * window would let through up to twice the limit there). `limit` is multiplied by
 * RATE_LIMIT_FACTOR. Auth endpoints also have better-auth's own limiter.
 */
export interface RateLimitResult {
  allowed: boolean;
  retryAfterS: number;
}

function windowsOf(limit: number, windowS: number) {
  const max = Math.max(1, Math.floor(limit * getEnv().RATE_LIMIT_FACTOR));
  const windowMs = windowS * 1000;
  const now = Date.now();
  const windowStart = new Date(Math.floor(now / windowMs) * windowMs);
  const previousStart = new Date(windowStart.getTime() - windowMs);
  const previousWeight = 1 - (now - windowStart.getTime()) / windowMs;
  return { max, windowMs, now, windowStart, previousStart, previousWeight };
}

export async function hitRateLimit(key: string, limit: number, windowS: number): Promise<RateLimitResult> {
  const { max, windowMs, now, windowStart, previousStart, previousWeight } = windowsOf(limit, windowS);
  const result = await db().execute<{ count: number; previous: number }>(sql`
    with hit as (
      insert into request_counters (key, window_start, count) values (${key}, ${windowStart.toISOString()}, 1)
      on conflict (key, window_start) do update set count = request_counters.count + 1
      returning count)
    select hit.count,
      coalesce((select count from request_counters where key = ${key} and window_start = ${previousStart.toISOString()}), 0) as previous
    from hit`);
  const count = Number(result.rows[0]?.count ?? 1);
  const previous = Number(result.rows[0]?.previous ?? 0);
  // Old windows are useless: drop them now and then instead of running a cleaner.
  if (Math.random() < 0.01) {
    await db().execute(sql`delete from request_counters where window_start < now() - interval '1 day'`);
  }
  return {
    allowed: count + previous * previousWeight <= max,
    retryAfterS: Math.max(1, Math.ceil((windowStart.getTime() + windowMs - now) / 1000)),
  };
}

/**
 * A quota rather than a limit: takes one unit when the same sliding-window estimate stays within
 * `limit`, and counts nothing when it does not. For limits that protect a third party (the
 * recipient of a mail): a flood of refused requests must not keep the counter full, or the flood
 * itself would keep the owner from ever getting the mail (ADR 0043). One statement, so two
 * processes cannot both take the last unit.
 */
export async function takeQuota(key: string, limit: number, windowS: number): Promise<boolean> {
  const { max, windowStart, previousStart, previousWeight } = windowsOf(limit, windowS);
  const result = await db().execute(sql`
    with previous as (
      select coalesce((select count from request_counters where key = ${key} and window_start = ${previousStart.toISOString()}), 0) * ${previousWeight}::float8 as weighted)
    insert into request_counters (key, window_start, count)
      select ${key}, ${windowStart.toISOString()}, 1 from previous where 1 + previous.weighted <= ${max}
    on conflict (key, window_start) do update set count = request_counters.count + 1
      where request_counters.count + 1 + (select weighted from previous) <= ${max}
    returning count`);
  return result.rows.length > 0;
}
