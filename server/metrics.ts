import type { NextFunction, Request, Response } from "express";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import { carriesBearerToken } from "~/lib/bearer-token.server";
import { db, isDatabaseOpen } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { logger } from "~/lib/logger.server";
import { BUILD_INFO, databaseSizeBytes, jobQueueStatus, mailOutboxCounts } from "~/lib/system-status.server";
import type { PageTable } from "./page-table";
import { refuse } from "./request-guard";

/**
 * `GET /metrics` (ADR 0065): this process's numbers in Prometheus' text format, from prom-client. Each
 * server process is its own scrape target (Prometheus' convention; the processes are separate
 * `npm start`s, possibly on several machines, so there is nothing to aggregate in-process). The job
 * queue, the mail outbox and the database size are shared by all processes: every target reports the
 * same values (query them with `max`).
 */
const registry = new Registry();
collectDefaultMetrics({ register: registry });

new Gauge({
  name: "ipangel_build_info",
  help: "The running build: package.json version and git commit (empty when built outside git).",
  labelNames: ["version", "commit"],
  registers: [registry],
}).set({ version: BUILD_INFO.version, commit: BUILD_INFO.commit ?? "" }, 1);

const requests = new Counter({
  name: "ipangel_http_requests_total",
  help: "Requests answered by the application (static files excluded), by route pattern, method and status class.",
  labelNames: ["route", "method", "status"],
  registers: [registry],
});

const durations = new Histogram({
  name: "ipangel_http_request_duration_seconds",
  help: "Time from a request's arrival to the end of its answer, by route pattern and method.",
  labelNames: ["route", "method"],
  registers: [registry],
});

const pageCache = new Counter({
  name: "ipangel_page_cache_requests_total",
  help: "Pages the page cache answered from memory (hit), rendered and kept (miss), or rendered without keeping (bypass).",
  labelNames: ["result"],
  registers: [registry],
});

type Shared = Awaited<ReturnType<typeof readShared>>;

async function readShared() {
  const [jobs, mail, databaseBytes] = await Promise.all([jobQueueStatus(), mailOutboxCounts(), databaseSizeBytes()]);
  return { jobs, mail, databaseBytes };
}

/** One read of the shared numbers per scrape, however many gauges ask for them. */
let reading: Promise<Shared | null> | undefined;

function sharedNumbers() {
  reading ??= (isDatabaseOpen() ? readShared() : Promise.resolve(null))
    .catch((error: unknown) => {
      logger.warn(`Metrics: the database's numbers could not be read: ${(error as Error).message}`);
      return null;
    })
    .finally(() => {
      reading = undefined;
    });
  return reading;
}

/** A gauge filled from the shared numbers at each scrape; absent (no samples) when they could not be read. */
function sharedGauge(name: string, help: string, labelNames: string[], fill: (gauge: Gauge, numbers: Shared) => void) {
  new Gauge({
    name,
    help,
    labelNames,
    registers: [registry],
    async collect() {
      this.reset();
      const numbers = await sharedNumbers();
      if (numbers) fill(this, numbers);
    },
  });
}

new Gauge({
  name: "ipangel_database_up",
  help: "1 when this process could read the database's numbers for this scrape, else 0.",
  registers: [registry],
  async collect() {
    this.set((await sharedNumbers()) ? 1 : 0);
  },
});
sharedGauge(
  "ipangel_jobs_waiting",
  "Background jobs waiting to run (new or waiting for a retry), per kind.",
  ["kind"],
  (gauge, { jobs }) => {
    for (const job of jobs) gauge.set({ kind: job.kind }, job.waiting);
  },
);
sharedGauge("ipangel_jobs_active", "Background jobs running now, per kind.", ["kind"], (gauge, { jobs }) => {
  for (const job of jobs) gauge.set({ kind: job.kind }, job.active);
});
sharedGauge(
  "ipangel_jobs_failed",
  "Background jobs that ended without success and are still kept (about the last hour), per kind.",
  ["kind"],
  (gauge, { jobs }) => {
    for (const job of jobs) gauge.set({ kind: job.kind }, job.failed);
  },
);
sharedGauge(
  "ipangel_jobs_oldest_waiting_seconds",
  "Age of the oldest waiting job, per kind (0 with none waiting).",
  ["kind"],
  (gauge, { jobs }) => {
    for (const job of jobs) gauge.set({ kind: job.kind }, job.oldestWaitingS ?? 0);
  },
);
sharedGauge(
  "ipangel_mail_outbox",
  "Mails in the outbox by state: pending (queued), sent, failed (given up), as long as retention keeps them.",
  ["state"],
  (gauge, { mail }) => {
    for (const [state, count] of Object.entries(mail)) gauge.set({ state }, count);
  },
);
sharedGauge("ipangel_database_size_bytes", "Size of the database on disk.", [], (gauge, { databaseBytes }) => {
  gauge.set(databaseBytes);
});

new Gauge({
  name: "ipangel_db_pool_connections",
  help: "This process's database pool: connections open (total), idle, and requests waiting for one (waiting).",
  labelNames: ["state"],
  registers: [registry],
  collect() {
    this.reset();
    if (!isDatabaseOpen()) return;
    const pool = db().$client;
    this.set({ state: "total" }, pool.totalCount);
    this.set({ state: "idle" }, pool.idleCount);
    this.set({ state: "waiting" }, pool.waitingCount);
  },
});

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
const PREFIXES = ["/api/auth/", "/files/", "/assets/", "/__dev/"];
const EXACT = new Set(["/healthz", "/metrics"]);

/** A path as a bounded label: its route's pattern (`/admin/media/:id`), a fixed prefix, or `other`. */
export function routeLabel(table: PageTable | undefined, path: string) {
  const route = table?.find(path);
  if (route) return path.endsWith(".data") ? `${route.path}.data` : route.path;
  if (EXACT.has(path)) return path;
  const prefix = PREFIXES.find((start) => path.startsWith(start));
  return prefix ? `${prefix}*` : "other";
}

/** Counts and times every request the application answers; mounted first (server/app.ts). */
export function measureRequests(pages: () => Promise<PageTable>) {
  return (req: Request, res: Response, next: NextFunction) => {
    const path = req.path;
    const method = METHODS.has(req.method) ? req.method : "other";
    const started = process.hrtime.bigint();
    res.once("close", () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const cached = res.getHeader("X-Page-Cache");
      if (cached === "hit" || cached === "miss" || cached === "bypass") pageCache.inc({ result: cached });
      pages()
        .then((table) => {
          const route = routeLabel(table, path);
          requests.inc({ route, method, status: `${Math.floor(res.statusCode / 100)}xx` });
          durations.observe({ route, method }, seconds);
        })
        .catch(() => {});
    });
    next();
  };
}

/** Headers a proxy adds: a request carrying one was passed on by a proxy, whatever address it came from. */
const FORWARDING_HEADERS = ["forwarded", "x-forwarded-for", "x-forwarded-host", "x-forwarded-proto", "x-real-ip", "via"];
const LOOPBACK = /^(?:127(?:\.\d{1,3}){3}|::1|::ffff:127(?:\.\d{1,3}){3})$/;

/**
 * Whether the request comes from this machine itself: decided by the socket's address, never by a
 * header, and not for a request a proxy passed on (behind the bundled nginx every request arrives
 * from loopback, so a forwarded one counts as another host's, whatever TRUST_PROXY says).
 */
export function isLocalRequest(req: Pick<Request, "headers"> & { socket: { remoteAddress?: string } }) {
  if (!LOOPBACK.test(req.socket.remoteAddress ?? "")) return false;
  return FORWARDING_HEADERS.every((name) => req.headers[name] === undefined);
}

/** Whether the Authorization header carries METRICS_TOKEN (compared in constant time). */
export const carriesMetricsToken = carriesBearerToken;

/** The `/metrics` door: loopback, or the bearer token; anyone else gets 401. Never cached. */
export async function serveMetrics(req: Request, res: Response) {
  if (!isLocalRequest(req) && !carriesMetricsToken(req.headers.authorization, getEnv().METRICS_TOKEN)) {
    await refuse(req, res, 401, "unauthorized", "metrics: not from loopback and no valid token", {
      headers: { "WWW-Authenticate": 'Bearer realm="metrics"' },
    });
    return;
  }
  const text = await registry.metrics();
  res.setHeader("Cache-Control", "no-store");
  res.setHeader("Content-Type", registry.contentType);
  res.end(req.method === "HEAD" ? undefined : text);
}
