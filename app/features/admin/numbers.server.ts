import { sql } from "drizzle-orm";
import { db } from "~/lib/db.server";

/**
 * The console's numbers (issue 11): downloads per day and per item, sign-ups and contact messages
 * per week, over the last 7, 30 or 365 days (UTC days; weeks start on Monday).
 */
export const NUMBER_RANGES = [7, 30, 365] as const;
export type NumberRange = (typeof NUMBER_RANGES)[number];

export function parseRange(url: URL): NumberRange {
  const days = Number(url.searchParams.get("days"));
  return (NUMBER_RANGES as readonly number[]).includes(days) ? (days as NumberRange) : 30;
}

export interface Point {
  label: string;
  value: number;
}

export async function loadNumbers(days: NumberRange) {
  const perDay = await db().execute<{ day: string; count: number }>(sql`
    select to_char(d.day, 'YYYY-MM-DD') as day, count(md.id)::int as count
    from generate_series((now() at time zone 'utc')::date - ${days - 1}::int, (now() at time zone 'utc')::date, interval '1 day') as d(day)
    left join media_download_events md on (md.downloaded_at at time zone 'utc')::date = d.day
    group by d.day order by d.day`);
  const perItem = await db().execute<{ id: string | null; title: string | null; count: number }>(sql`
    select md.media_item_id as id, m.title, count(*)::int as count
    from media_download_events md left join media_items m on m.id = md.media_item_id
    where md.downloaded_at >= (now() at time zone 'utc')::date - ${days - 1}::int
    group by md.media_item_id, m.title order by count desc, m.title limit 20`);
  const weekly = (table: "users" | "contact_messages") =>
    db().execute<{ week: string; count: number }>(sql`
      select to_char(w.week, 'YYYY-MM-DD') as week, count(t.created_at)::int as count
      from generate_series(date_trunc('week', (now() at time zone 'utc') - make_interval(days => ${days - 1})), date_trunc('week', now() at time zone 'utc'), interval '1 week') as w(week)
      left join ${sql.identifier(table)} t on date_trunc('week', t.created_at at time zone 'utc') = w.week
      group by w.week order by w.week`);
  const [signUps, messages] = await Promise.all([weekly("users"), weekly("contact_messages")]);
  const total = (points: Point[]) => points.reduce((sum, point) => sum + point.value, 0);
  const downloadsPerDay = perDay.rows.map((row) => ({ label: row.day, value: row.count }));
  const signUpsPerWeek = signUps.rows.map((row) => ({ label: row.week, value: row.count }));
  const messagesPerWeek = messages.rows.map((row) => ({ label: row.week, value: row.count }));
  return {
    days,
    downloadsPerDay,
    downloadsPerItem: perItem.rows.map((row) => ({ id: row.id, title: row.title, count: row.count })),
    signUpsPerWeek,
    messagesPerWeek,
    totals: { downloads: total(downloadsPerDay), signUps: total(signUpsPerWeek), messages: total(messagesPerWeek) },
  };
}
