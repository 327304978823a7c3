import { sql } from "drizzle-orm";
import { db } from "~/lib/db.server";
import { csvCell } from "./csv";
import type { Dimension } from "~/features/analytics/rollup.server";

/**
 * What the console's Analytics page reads (ADR 0068): the daily sums (`analytics_daily`) over a range
 * and the range before it, the library's downloads (`media_download_events`, as the Numbers page
 * counts them) and the goals from the tables that already hold them (accounts, newsletter
 * confirmations, contact messages). Days are UTC days.
 */
export const ANALYTICS_PRESETS = [7, 30, 365] as const;
const DEFAULT_DAYS = 30;
/** The longest custom range: three years of daily sums. */
const MAX_RANGE_DAYS = 3 * 366;
const TOP = 50;
const DAY_MS = 24 * 3600_000;

export interface AnalyticsRange {
  from: string;
  to: string;
  days: number;
  previousFrom: string;
  previousTo: string;
  /** 7, 30 or 365 when the range is one of the presets, else null (custom). */
  preset: number | null;
  /** A custom range was asked for that is no range (bad dates, reversed, too long): the default is shown. */
  invalid: boolean;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function dayOf(ms: number) {
  return new Date(ms).toISOString().slice(0, 10);
}

function parseDay(value: string | null) {
  if (!value || !DATE.test(value)) return undefined;
  const ms = Date.parse(`${value}T00:00:00Z`);
  return Number.isNaN(ms) || dayOf(ms) !== value ? undefined : ms;
}

function rangeOf(fromMs: number, toMs: number, preset: number | null, invalid = false): AnalyticsRange {
  const days = Math.round((toMs - fromMs) / DAY_MS) + 1;
  return {
    from: dayOf(fromMs),
    to: dayOf(toMs),
    days,
    previousFrom: dayOf(fromMs - days * DAY_MS),
    previousTo: dayOf(fromMs - DAY_MS),
    preset,
    invalid,
  };
}

/** `?days=7|30|365`, or `?from=YYYY-MM-DD&to=YYYY-MM-DD` (UTC days, at most three years); else the last 30 days. */
export function parseAnalyticsRange(url: URL, now = Date.now()): AnalyticsRange {
  const today = parseDay(dayOf(now))!;
  const from = url.searchParams.get("from");
  const to = url.searchParams.get("to");
  if (from !== null || to !== null) {
    const fromMs = parseDay(from);
    const toMs = parseDay(to);
    if (fromMs !== undefined && toMs !== undefined && fromMs <= toMs && toMs - fromMs < MAX_RANGE_DAYS * DAY_MS) {
      return rangeOf(fromMs, toMs, null);
    }
    return rangeOf(today - (DEFAULT_DAYS - 1) * DAY_MS, today, DEFAULT_DAYS, true);
  }
  const days = Number(url.searchParams.get("days"));
  const preset = (ANALYTICS_PRESETS as readonly number[]).includes(days) ? days : DEFAULT_DAYS;
  return rangeOf(today - (preset - 1) * DAY_MS, today, preset);
}

export type Row = {
  key: string;
  detail: string;
  views: number;
  visitors: number;
  previous: number;
  zeroResults: number;
  /** An item's title (previews, downloads, gated downloads), when the key is an item that still exists. */
  title?: string | null;
};

async function table(dimension: Dimension, range: AnalyticsRange, options: { zeroOnly?: boolean } = {}): Promise<Row[]> {
  const { rows } = await db().execute<Row>(sql`
    select key, detail,
      coalesce(sum(views) filter (where day >= ${range.from}::date), 0)::int as views,
      coalesce(sum(visitors) filter (where day >= ${range.from}::date), 0)::int as visitors,
      coalesce(sum(views) filter (where day < ${range.from}::date), 0)::int as previous,
      coalesce(sum(zero_results) filter (where day >= ${range.from}::date), 0)::int as "zeroResults"
    from analytics_daily
    where dimension = ${dimension} and day between ${range.previousFrom}::date and ${range.to}::date
    group by key, detail
    having coalesce(sum(${options.zeroOnly ? sql.raw("zero_results") : sql.raw("views")}) filter (where day >= ${range.from}::date), 0) > 0
    order by ${options.zeroOnly ? sql.raw(`"zeroResults"`) : sql.raw("views")} desc, key, detail
    limit ${TOP}`);
  return rows;
}

async function withTitles(rows: Row[]): Promise<Row[]> {
  const ids = rows.map((row) => row.key).filter((key) => /^[0-9a-f-]{36}$/.test(key));
  if (ids.length === 0) return rows;
  const { rows: items } = await db().execute<{ id: string; title: string | null }>(
    sql`select id::text as id, title from media_items where id = any(${sql.param(ids)}::uuid[])`,
  );
  const titles = new Map(items.map((item) => [item.id, item.title]));
  return rows.map((row) => ({ ...row, title: titles.get(row.key) ?? null }));
}

async function downloads(range: AnalyticsRange): Promise<Row[]> {
  const { rows } = await db().execute<Row>(sql`
    select md.media_item_id::text as key, '' as detail, m.title,
      count(*) filter (where md.downloaded_at >= ${range.from}::date)::int as views,
      0 as visitors,
      count(*) filter (where md.downloaded_at < ${range.from}::date)::int as previous, 0 as "zeroResults"
    from media_download_events md left join media_items m on m.id = md.media_item_id
    where md.downloaded_at >= ${range.previousFrom}::date and md.downloaded_at < ${range.to}::date + 1
    group by md.media_item_id, m.title
    having count(*) filter (where md.downloaded_at >= ${range.from}::date) > 0
    order by views desc, m.title limit ${TOP}`);
  // Visitors of a download are the accounts that made it (an account's own download history).
  const { rows: accounts } = await db().execute<{ key: string; accounts: number }>(sql`
    select media_item_id::text as key, count(distinct user_id)::int as accounts from media_downloads
    where created_at >= ${range.from}::date and created_at < ${range.to}::date + 1 group by media_item_id`);
  const perItem = new Map(accounts.map((row) => [row.key, row.accounts]));
  return rows.map((row) => ({ ...row, visitors: perItem.get(row.key) ?? 0 }));
}

export interface Goal {
  key: "signUps" | "newsletterConfirmations" | "contactMessages" | "downloads";
  value: number;
  previous: number;
}

export async function loadGoals(range: AnalyticsRange): Promise<Goal[]> {
  const count = (table: string, column: string) => sql`
    select count(*) filter (where ${sql.identifier(column)} >= ${range.from}::date)::int as value,
           count(*) filter (where ${sql.identifier(column)} < ${range.from}::date)::int as previous
    from ${sql.identifier(table)}
    where ${sql.identifier(column)} >= ${range.previousFrom}::date and ${sql.identifier(column)} < ${range.to}::date + 1`;
  const read = async (query: ReturnType<typeof sql>) => (await db().execute<{ value: number; previous: number }>(query)).rows[0]!;
  const [signUps, newsletter, messages, downloaded] = await Promise.all([
    read(count("users", "created_at")),
    read(count("newsletter_consents", "confirmed_at")),
    read(count("contact_messages", "created_at")),
    read(count("media_download_events", "downloaded_at")),
  ]);
  return [
    { key: "signUps", ...signUps },
    { key: "newsletterConfirmations", ...newsletter },
    { key: "contactMessages", ...messages },
    { key: "downloads", ...downloaded },
  ];
}

/** From a download refused to a visitor to a confirmed account that downloads, within the range. */
async function gatedPath(range: AnalyticsRange) {
  const { rows } = await db().execute<{ gated: number; signUps: number; confirmed: number; downloaded: number }>(sql`
    select
      (select coalesce(sum(visitors), 0)::int from analytics_daily
        where dimension = 'gated' and day between ${range.from}::date and ${range.to}::date) as gated,
      (select count(*)::int from users where created_at >= ${range.from}::date and created_at < ${range.to}::date + 1) as "signUps",
      (select count(*)::int from users
        where created_at >= ${range.from}::date and created_at < ${range.to}::date + 1 and email_verified) as confirmed,
      (select count(distinct u.id)::int from users u join media_downloads md on md.user_id = u.id
        where u.created_at >= ${range.from}::date and u.created_at < ${range.to}::date + 1
          and md.created_at < ${range.to}::date + 1) as downloaded`);
  return rows[0]!;
}

export async function loadDailySeries(range: AnalyticsRange) {
  const { rows } = await db().execute<{ day: string; views: number; visitors: number }>(sql`
    select to_char(d.day, 'YYYY-MM-DD') as day, coalesce(a.views, 0)::int as views, coalesce(a.visitors, 0)::int as visitors
    from generate_series(${range.from}::date, ${range.to}::date, interval '1 day') as d(day)
    left join analytics_daily a on a.dimension = 'total' and a.key = '' and a.detail = '' and a.day = d.day
    order by d.day`);
  return rows;
}

async function totals(range: AnalyticsRange) {
  const { rows } = await db().execute<{ views: number; visitors: number; previousViews: number; previousVisitors: number }>(sql`
    select coalesce(sum(views) filter (where day >= ${range.from}::date), 0)::int as views,
           coalesce(sum(visitors) filter (where day >= ${range.from}::date), 0)::int as visitors,
           coalesce(sum(views) filter (where day < ${range.from}::date), 0)::int as "previousViews",
           coalesce(sum(visitors) filter (where day < ${range.from}::date), 0)::int as "previousVisitors"
    from analytics_daily where dimension = 'total' and day between ${range.previousFrom}::date and ${range.to}::date`);
  return rows[0]!;
}

/** Every table of the page, by the name the CSV export uses. */
export const ANALYTICS_TABLES = [
  "pages",
  "languages",
  "browserLanguages",
  "referrers",
  "campaigns",
  "searches",
  "zeroResultSearches",
  "previews",
  "downloads",
  "gatedDownloads",
  "notFound",
] as const;
export type AnalyticsTable = (typeof ANALYTICS_TABLES)[number];

export function loadAnalyticsTable(name: AnalyticsTable, range: AnalyticsRange): Promise<Row[]> {
  switch (name) {
    case "pages":
      return table("page", range);
    case "languages":
      return table("language", range);
    case "browserLanguages":
      return table("languages", range);
    case "referrers":
      return table("referrer", range);
    case "campaigns":
      return table("campaign", range);
    case "searches":
      return table("search", range);
    case "zeroResultSearches":
      return table("search", range, { zeroOnly: true });
    case "previews":
      return table("preview", range).then(withTitles);
    case "downloads":
      return downloads(range);
    case "gatedDownloads":
      return table("gated", range).then(withTitles);
    case "notFound":
      return table("not_found", range);
  }
}

export async function loadAnalytics(range: AnalyticsRange) {
  const [summary, perDay, goalList, gated, ...lists] = await Promise.all([
    totals(range),
    loadDailySeries(range),
    loadGoals(range),
    gatedPath(range),
    ...ANALYTICS_TABLES.map((name) => loadAnalyticsTable(name, range)),
  ]);
  const tables = Object.fromEntries(ANALYTICS_TABLES.map((name, index) => [name, lists[index]!])) as Record<AnalyticsTable, Row[]>;
  return { range, totals: summary, perDay, goals: goalList, gatedPath: gated, tables };
}

/** The columns of a table's CSV (header names are stable identifiers, not translations). */
export function analyticsCsv(rows: Row[]) {
  const header = ["key", "detail", "title", "views", "visitors", "previous_period_views", "zero_results"];
  const lines = [header.join(",")];
  for (const row of rows) {
    lines.push(
      [
        csvCell(row.key),
        csvCell(row.detail),
        csvCell(row.title ?? ""),
        String(row.views),
        String(row.visitors),
        String(row.previous),
        String(row.zeroResults),
      ].join(","),
    );
  }
  return `${lines.join("\r\n")}\r\n`;
}

export function dailyCsv(points: Array<{ day: string; views: number; visitors: number }>) {
  return `${["day,views,visitors", ...points.map((point) => `${point.day},${point.views},${point.visitors}`)].join("\r\n")}\r\n`;
}

export function goalsCsv(list: Goal[]) {
  return `${["goal,value,previous_period", ...list.map((goal) => `${goal.key},${goal.value},${goal.previous}`)].join("\r\n")}\r\n`;
}
