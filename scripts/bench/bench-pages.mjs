// `npm run bench:pages`: Lighthouse (mobile emulation) on every public route and server
// throughput with autocannon, against the production build on a throw-away data directory.
// Prints one table per part and the targets of issue 3 (MISS marks a missed target).
import fs from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { startServer } from "./product-server.mjs";
import { ROUTES as ALL_ROUTES, TARGETS } from "./routes.mjs";

// BENCH_ROUTES=/,/about measures only those routes (Lighthouse takes ~30 s per route here).
const ROUTES = process.env.BENCH_ROUTES ? process.env.BENCH_ROUTES.split(",") : ALL_ROUTES;
const THROUGHPUT_PATHS = ["/", "/consulting"];
const STATIC_PATH = "/favicon.svg";
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);

const pct = (score) => (score == null ? "-" : String(Math.round(score * 100)));
const mark = (ok) => (ok ? "" : " MISS");

async function runLighthouse(baseUrl) {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-dev-shm-usage"],
  });
  const rows = [];
  try {
    // A first, unmeasured run warms Chromium and the server (JIT, page cache, compressed assets).
    await lighthouse(`${baseUrl}/`, { port: chrome.port, logLevel: "error", onlyCategories: ["performance"] });
    for (const route of ROUTES) {
      const status = (await fetch(`${baseUrl}${route}`)).status;
      if (status !== 200) {
        rows.push({ route, status });
        continue;
      }
      const result = await lighthouse(`${baseUrl}${route}`, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
        // Mobile emulation and simulated throttling are Lighthouse's defaults.
        formFactor: "mobile",
      });
      const { categories, audits } = result.lhr;
      // BENCH_REPORT_DIR=dir keeps every full Lighthouse report (JSON) for a closer look.
      if (process.env.BENCH_REPORT_DIR) {
        fs.mkdirSync(process.env.BENCH_REPORT_DIR, { recursive: true });
        fs.writeFileSync(path.join(process.env.BENCH_REPORT_DIR, `${route === "/" ? "home" : route.slice(1)}.json`), result.report);
      }
      const requests = audits["network-requests"]?.details?.items ?? [];
      const jsBytes = requests.filter((item) => item.resourceType === "Script").reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
      const foreign = requests.filter((item) => !String(item.url).startsWith(baseUrl) && !String(item.url).startsWith("data:"));
      rows.push({
        route,
        status,
        performance: categories.performance?.score,
        accessibility: categories.accessibility?.score,
        bestPractices: categories["best-practices"]?.score,
        seo: categories.seo?.score,
        jsKb: jsBytes / 1024,
        cls: audits["cumulative-layout-shift"]?.numericValue ?? 0,
        lcpMs: audits["largest-contentful-paint"]?.numericValue ?? 0,
        foreign: foreign.length,
        failed: Object.values(categories)
          .flatMap((category) => category.auditRefs.filter((ref) => ref.weight > 0).map((ref) => audits[ref.id]))
          .filter((audit) => audit && audit.score !== null && audit.score < 0.9)
          .map((audit) => audit.id),
      });
    }
  } finally {
    await chrome.kill();
  }
  return rows;
}

function printLighthouse(rows) {
  console.log("\nLighthouse 12 (mobile emulation, simulated throttling)");
  console.log("route        status  perf  a11y  best  seo   JS KB (transfer)  CLS     LCP ms  3rd-party");
  let allOk = true;
  for (const row of rows) {
    if (row.status !== 200) {
      console.log(`${row.route.padEnd(12)} ${String(row.status).padEnd(7)} (not available in this build)`);
      continue;
    }
    const scores = [row.performance, row.accessibility, row.bestPractices, row.seo];
    const scoresOk = scores.every((score) => score != null && score * 100 >= TARGETS.score);
    const jsOk = row.jsKb < TARGETS.jsKb;
    const clsOk = row.cls < TARGETS.cls;
    allOk &&= scoresOk && jsOk && clsOk && row.foreign === 0;
    console.log(
      `${row.route.padEnd(12)} ${String(row.status).padEnd(7)} ${scores.map((score) => pct(score).padEnd(5)).join(" ")} ` +
        `${row.jsKb.toFixed(1).padStart(7)}${mark(jsOk).padEnd(10)} ${row.cls.toFixed(3)}${mark(clsOk).padEnd(3)} ${String(Math.round(row.lcpMs)).padStart(6)}  ${row.foreign}${mark(scoresOk)}`,
    );
    if (row.failed.length) console.log(`${"".padEnd(21)}audits below 0.9: ${row.failed.join(", ")}`);
  }
  return allOk;
}

function percentile(sorted, p) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function measure(url) {
  // Warm up (fills the page cache and the JIT), then measure.
  await autocannon({ url, connections: CONNECTIONS, duration: 2, headers: { "accept-encoding": "br, gzip" } });
  const latencies = [];
  const instance = autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers: { "accept-encoding": "br, gzip" } });
  instance.on("response", (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  const result = await instance;
  latencies.sort((a, b) => a - b);
  return {
    rps: result.requests.average,
    p95: percentile(latencies, 95),
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

async function runThroughput(baseUrl) {
  const results = {};
  for (const target of [STATIC_PATH, ...THROUGHPUT_PATHS]) {
    const status = (await fetch(`${baseUrl}${target}`)).status;
    results[target] = status === 200 ? await measure(`${baseUrl}${target}`) : { status };
  }
  console.log(`\nThroughput (autocannon, ${CONNECTIONS} connections, ${DURATION_S} s each, br/gzip accepted)`);
  console.log("path           req/s    p95 ms  p99 ms  non-2xx  errors");
  for (const [target, result] of Object.entries(results)) {
    if (result.status) {
      console.log(`${target.padEnd(14)} answered ${result.status} (not available in this build)`);
      continue;
    }
    console.log(
      `${target.padEnd(14)} ${result.rps.toFixed(0).padStart(6)}  ${result.p95.toFixed(1).padStart(6)}  ${String(result.p99).padStart(6)}  ${String(result.non2xx).padStart(7)}  ${String(result.errors).padStart(6)}`,
    );
  }
  const home = results["/"];
  const staticRps = results[STATIC_PATH].rps;
  const share = home.rps / staticRps;
  const ok = home.rps >= TARGETS.homeRps && share >= TARGETS.homeShareOfStatic;
  console.log(`/ renders at ${home.rps.toFixed(0)} req/s = ${(share * 100).toFixed(0)} % of the static asset's rate${mark(ok)}`);
  return ok;
}

const server = await startServer();
let ok = true;
try {
  console.log(`Product server: ${server.url} (SEED_DEMO=${process.env.SEED_DEMO ?? "0"}, temporary DATA_DIR)`);
  if (process.env.BENCH_SKIP_LIGHTHOUSE !== "1") ok = printLighthouse(await runLighthouse(server.url)) && ok;
  if (process.env.BENCH_SKIP_THROUGHPUT !== "1") ok = (await runThroughput(server.url)) && ok;
  console.log(
    `\nTargets: every Lighthouse score >= ${TARGETS.score}, JS < ${TARGETS.jsKb} KB, CLS < ${TARGETS.cls}, / >= ${TARGETS.homeRps} req/s and >= ${TARGETS.homeShareOfStatic * 100} % of static: ${ok ? "all met" : "some missed (MISS)"}`,
  );
} finally {
  await server.stop();
}
process.exitCode = ok ? 0 : 1;
