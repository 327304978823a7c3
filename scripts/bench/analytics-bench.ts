/**
 * `npm run bench:analytics`: the console's Analytics at 1,000,000 page views over a year (issue 25 "Speed").
 *
 * 1. A scratch DATA_DIR with its own embedded PostgreSQL and the migrations; 1,000,000 page views
 *    spread over 365 days (one INSERT ... SELECT generate_series: 40 pages, three languages, browser
 *    languages, referrers, campaigns, ~30,000 visitors a day), plus library searches and 404s.
 * 2. Times the roll-up of the whole year, then every dashboard query (7, 30, 365 days and a custom
 *    range), BENCH_RUNS times each, and prints the 95th percentile (target: under 300 ms).
 * 3. Starts the built server twice on one machine, with ANALYTICS=true and ANALYTICS=false, and
 *    measures `/` (a cached page, as a browser: counted) for BENCH_DURATION_S each, in the order on, off, off, on so both
 *    see the same load; prints the ratio (target: >= 0.9).
 * Needs a build (`npm run build`; built first when missing).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { sql } from "drizzle-orm";
import { ANALYTICS_TABLES, loadAnalyticsTable, loadDailySeries, loadGoals, parseAnalyticsRange } from "~/features/admin/analytics.server";
import { rollUpAnalytics } from "~/features/analytics/rollup.server";
import { closeDatabase, db, openDatabase } from "~/lib/db.server";
import { parseEnv, setEnvForTesting } from "~/lib/env.server";
import { startServer } from "./product-server.mjs";

const VIEWS = Number(process.env.BENCH_VIEWS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 4);
/** A browser's user agent: requests with it are counted (autocannon's own would not be, it sends none). */
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const AUTH_SECRET = "bench-secret-bench-secret-bench-secret-0123456789";

function p95(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)]!;
}

async function timed<T>(work: () => Promise<T>) {
  const started = process.hrtime.bigint();
  await work();
  return Number(process.hrtime.bigint() - started) / 1e6;
}

async function generate() {
  await db().execute(sql`
    insert into analytics_events (day, kind, path, language, browser_language, referrer, utm_source, utm_medium, utm_campaign, visitor)
    select (now() at time zone 'utc')::date - (i % 365),
      'view',
      '/page-' || (i % 40),
      (array['en', 'de', 'es'])[1 + i % 3],
      (array['de', 'en', 'es', 'fr', ''])[1 + (i / 3) % 5],
      case when i % 7 = 0 then 'ref-' || (i % 50) || '.example.org' else '' end,
      case when i % 23 = 0 then 'newsletter' else '' end,
      case when i % 23 = 0 then 'email' else '' end,
      case when i % 23 = 0 then 'campaign-' || (i % 5) else '' end,
      int8send((i % 30000)::bigint + (i % 365) * 100000)
    from generate_series(1, ${VIEWS}) as i`);
  await db().execute(sql`
    insert into analytics_events (day, kind, query, filters, results, visitor)
    select (now() at time zone 'utc')::date - (i % 365), 'search', 'word-' || (i % 500), case when i % 4 = 0 then 'type=video' else '' end,
      case when i % 9 = 0 then 0 else i % 30 end, int8send(i::bigint)
    from generate_series(1, ${Math.round(VIEWS / 20)}) as i`);
  await db().execute(sql`
    insert into analytics_events (day, kind, path, referrer, visitor)
    select (now() at time zone 'utc')::date - (i % 365), 'not_found', '/old-' || (i % 300), case when i % 2 = 0 then '/page-1' else 'x.example.org' end,
      int8send(i::bigint)
    from generate_series(1, ${Math.round(VIEWS / 100)}) as i`);
}

async function throughput(url: string, duration = DURATION_S) {
  const result = await autocannon({
    url: `${url}/`,
    connections: CONNECTIONS,
    duration,
    headers: { accept: "text/html", "user-agent": BROWSER },
  });
  return result.requests.average;
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "analytics-bench-"));
  fs.chmodSync(dataDir, 0o711);
  setEnvForTesting(parseEnv({ DATA_DIR: dataDir, AUTH_SECRET, LOG_LEVEL: "warn", SEED_DEMO: "0" }));
  console.log(`Scratch data directory: ${dataDir}`);
  try {
    await openDatabase({ poolSize: 4 });
    console.log(`Generating ${VIEWS.toLocaleString("en")} page views over 365 days: ${(await timed(generate)).toFixed(0)} ms`);
    await db().execute(sql`analyze analytics_events`);
    console.log(`Roll-up of the whole year: ${(await timed(rollUpAnalytics)).toFixed(0)} ms`);
    const { rows } = await db().execute<{ n: number }>(sql`select count(*)::int as n from analytics_daily`);
    console.log(`Daily sums: ${rows[0]!.n} rows`);
    await db().execute(sql`analyze analytics_daily`);
    const ranges = {
      "7 days": parseAnalyticsRange(new URL("http://x/?days=7")),
      "30 days": parseAnalyticsRange(new URL("http://x/?days=30")),
      "365 days": parseAnalyticsRange(new URL("http://x/?days=365")),
      custom: parseAnalyticsRange(
        new URL(
          `http://x/?from=${new Date(Date.now() - 200 * 864e5).toISOString().slice(0, 10)}&to=${new Date(Date.now() - 100 * 864e5).toISOString().slice(0, 10)}`,
        ),
      ),
    };
    console.log(`\np95 of ${RUNS} runs per query (ms):`);
    let worst = 0;
    for (const [label, range] of Object.entries(ranges)) {
      const queries: Record<string, () => Promise<unknown>> = {
        perDay: () => loadDailySeries(range),
        goals: () => loadGoals(range),
        ...Object.fromEntries(ANALYTICS_TABLES.map((name) => [name, () => loadAnalyticsTable(name, range)])),
      };
      const line: string[] = [];
      for (const [name, query] of Object.entries(queries)) {
        const times: number[] = [];
        for (let run = 0; run < RUNS; run += 1) times.push(await timed(query));
        const value = p95(times);
        worst = Math.max(worst, value);
        line.push(`${name} ${value.toFixed(1)}`);
      }
      console.log(`  ${label}: ${line.join(", ")}`);
    }
    console.log(`Slowest p95: ${worst.toFixed(1)} ms (target < 300)`);
  } finally {
    await closeDatabase();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  console.log(`\n/ with and without counting, ${DURATION_S} s each, ${CONNECTIONS} connections, on/off/off/on:`);
  const rates: Record<"on" | "off", number[]> = { on: [], off: [] };
  // A B B A: a drift of the machine's load over the four runs weighs on both sides alike. The first
  // server of a run was always slower (up to 5x) whatever its setting: a warm-up run is not counted.
  for (const setting of ["warm-up", "on", "off", "off", "on"] as const) {
    process.env.ANALYTICS = setting === "off" ? "false" : "true";
    const server = await startServer();
    try {
      // The page cache and the JIT warmed for 2 s.
      await throughput(server.url, 2);
      const rate = await throughput(server.url);
      if (setting === "warm-up") continue;
      rates[setting].push(rate);
      console.log(`  ANALYTICS=${setting}: ${rate.toFixed(0)} req/s (load ${os.loadavg()[0]!.toFixed(1)})`);
    } finally {
      await server.stop();
    }
  }
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  console.log(`Ratio with/without counting: ${(sum(rates.on) / sum(rates.off)).toFixed(2)} (target >= 0.9)`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
