import { sql } from "drizzle-orm";
import { db } from "./db.server";
import { getEnv } from "./env.server";

/**
 * Fixed-window rate limits kept in PostgreSQL (table request_counters), so they hold across
 * restarts and several server processes. `limit` is multiplied by RATE_LIMIT_FACTOR.
 * Auth endpoints use better-auth's own limiter; this one is for everything else (contact...).
 */
export interface RateLimitResult {
  allowed: boolean;
  retryAfterS: number;
}

export async function hitRateLimit(key: string, limit: number, windowS: number): Promise<RateLimitResult> {
  const max = Math.max(1, Math.floor(limit * getEnv().RATE_LIMIT_FACTOR));
  const windowMs = windowS * 1000;
  const now = Date.now();
  const windowStart = new Date(Math.floor(now / windowMs) * windowMs);
  const result = await db().execute<{ count: number }>(sql`
    insert into request_counters (key, window_start, count) values (${key}, ${windowStart.toISOString()}, 1)
    on conflict (key, window_start) do update set count = request_counters.count + 1
    returning count`);
  const count = Number(result.rows[0]?.count ?? 1);
  // Old windows are useless: drop them now and then instead of running a cleaner.
  if (Math.random() < 0.01) {
    await db().execute(sql`delete from request_counters where window_start < now() - interval '1 day'`);
  }
  return {
    allowed: count <= max,
    retryAfterS: Math.ceil((windowStart.getTime() + windowMs - now) / 1000),
  };
}
