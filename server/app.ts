import { randomBytes } from "node:crypto";
import "react-router";
import * as serverBuild from "virtual:react-router/server-build";
import express from "express";
import type { ServerBuild } from "react-router";
import type { PageListing } from "~/lib/page";
import { startChangeListener, stopChangeListener } from "~/lib/change-bus.server";
import { closeDatabase, openDatabase, pingDatabase } from "~/lib/db.server";
import { startErrorLog, stopErrorLog } from "~/lib/error-log.server";
import { newRequestId, runWithRequestId } from "~/lib/request-context.server";
import { serverApplicationName } from "~/lib/system-status.server";
import { startRedirects, stopRedirects } from "~/lib/redirects.server";
import { getEnv } from "~/lib/env.server";
import { serveStoredFile } from "~/lib/file-route.server";
import { PAGE_DATA_PARAM } from "~/lib/document-page";
import { isLanguage, LANGUAGE_COOKIE, LANGUAGE_COOKIE_MAX_AGE_S } from "~/lib/i18n";
import { logger, setLogFormat, setLogLevel } from "~/lib/logger.server";
import { startJobs, stopJobs } from "~/lib/jobs.server";
import { handOverOutboxJobs } from "~/lib/outbox-handover.server";
import { protectDataDir } from "~/lib/private-files.server";
import { getAuthSecret } from "~/lib/secrets.server";
import { prepareStorage, StorageUnavailableError } from "~/lib/storage.server";
import "~/lib/mailer.server";
import { buildFor, createConsoleAudience, createConsoleGate, memoizedBuildFor } from "./console-gate";
import { createMemberDataAnswer } from "./member-data";
import { createPageCache } from "./page-cache";
import { dumpPageTable, pageTableOf, type PageTable } from "./page-table";
import { runStartupTasks } from "./startup-tasks";
import { CLIENT_IP_HEADER } from "~/features/account/auth.server";
import { createAuthGateway } from "./auth-gateway";
import { createReactRouterHandler } from "./react-router-adapter";
import { createRequestGuard, refuse } from "./request-guard";
import { createPreviewDoor } from "./preview-door";
import { limitRequestsPerClient } from "./connection-limits";
import { measureRequests, serveMetrics } from "./metrics";
import { clientAddressOf, urlOf } from "./request-url";
import { countVisits } from "./analytics";
import { startEventFlush, stopEventFlush } from "~/features/analytics/events.server";
import "~/features/analytics/rollup.server";
import "~/features/account/shopify.server";
import "~/features/privacy/retention.server";
import "~/features/account/confirmation-sweep.server";
import "~/features/admin/page-schedule.server";
import "~/features/backup/console.server";
import "~/features/news/news-schedule.server";
import "~/features/newsletter/welcome.server";
import "~/features/newsletter/bounce-mailbox.server";

/**
 * The product's HTTP application, built by Vite together with the React Router app so both
 * share one copy of every module (database pool, auth, i18n). `server.js` mounts it.
 */
export function createApp() {
  const env = getEnv();
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", env.TRUST_PROXY);
  // One reading of a query, the one React Router's pages make (`urlOf`): Express's own (`req.query`,
  // another parser with its own limits) is off, so no decision can disagree with the page it is about.
  app.set("query parser", false);

  app.use((req, res, next) => {
    // The Content-Security-Policy nonce of this response (app/lib/csp.server.ts).
    // The other security headers come first, for files too (server/security-headers.ts, mounted by server.js).
    res.locals.cspNonce = randomBytes(16).toString("base64");
    // `?lang=xx` is a choice of language by link: remember it like the switcher does. A page's data
    // names the page's language (ADR 0095): no choice of the visitor's.
    const query = urlOf(req).searchParams;
    const lang = query.get("lang");
    if (lang !== null && isLanguage(lang) && !query.has(PAGE_DATA_PARAM)) {
      res.cookie(LANGUAGE_COOKIE, lang, {
        path: "/",
        maxAge: LANGUAGE_COOKIE_MAX_AGE_S * 1000,
        sameSite: "lax",
        secure: env.PUBLIC_URL.startsWith("https:"),
      });
    }
    next();
  });

  const mode = env.NODE_ENV === "development" ? "development" : "production";
  // What each route declares (ADR 0050), derived once from the build's route list; in development
  // from each build the dev server hands out (a new one after an edit).
  const productionPages = mode === "production" ? pageTableOf(serverBuild as unknown as ServerBuild) : undefined;
  const pages = async (): Promise<PageTable> =>
    productionPages ?? pageTableOf((await import("virtual:react-router/server-build")) as unknown as ServerBuild);

  // The client address as Express sees it (X-Forwarded-For only with TRUST_PROXY set); the page
  // table the request guard used for this request (the sitemap and robots.txt read it).
  // Every answer names its request (X-Request-Id), as do the log lines and recorded errors it causes (ADR 0065);
  // then it is counted and timed for /metrics by its route's pattern.
  app.use((_req, res, next) => {
    const requestId = newRequestId();
    res.setHeader("X-Request-Id", requestId);
    runWithRequestId(requestId, next);
  });
  app.use(measureRequests(pages));
  // Page views, 404s and library searches for the console's Analytics (ADR 0068): sorted out once the
  // answer is finished (cached pages too), then an in-memory append; no cookie, nothing stored in the browser.
  app.use(countVisits(pages));

  const getLoadContext = (req: express.Request, res: express.Response) => ({
    clientIp: clientAddressOf(req),
    cspNonce: res.locals.cspNonce as string,
    pages: res.locals.pageTable as PageTable | undefined,
  });

  // A function makes React Router rebuild its route tables (createStaticHandler) on every request,
  // which only development needs (new route modules after an edit). Production passes the build.
  // Development runs every part of the pipeline below with it, so what production does is what dev shows (ADR 0052).
  const build = mode === "development" ? () => import("virtual:react-router/server-build") : (serverBuild as unknown as ServerBuild);

  // A member's `/profile.data` in the everyday case, before the rest of the pipeline (ADR 0038). It is
  // a GET without a body, query or console path, so the guard and the console gate have nothing to check.
  app.use(createMemberDataAnswer({ build, getLoadContext }));

  // Behind a trusted proxy, the per-client cap counts requests by the forwarded address (server/connection-limits.ts).
  app.use(limitRequestsPerClient());
  // Who may see the console (ADR 0020), so the guard knows the console's doors for this sender.
  app.use(createConsoleAudience());
  // Methods, content types, body limits and canonical paths, before anything reads the request.
  app.use(createRequestGuard(pages));
  // Preview links of a content page's draft (ADR 0059): a bad token is answered here, a good one marked.
  app.use(createPreviewDoor());

  app.get("/healthz", async (_req, res) => {
    const healthy = await pingDatabase();
    res.setHeader("Cache-Control", "no-store");
    res.status(healthy ? 200 : 503).json({ status: healthy ? "ok" : "unavailable" });
  });
  // Loopback or the METRICS_TOKEN only; before the page cache and React Router, so never cached or listed.
  app.get("/metrics", serveMetrics);

  // Accounts: the real client address (Express honours TRUST_PROXY) for better-auth's and our
  // own rate limits; a client-sent value is overwritten. Then better-auth, before any body parser.
  app.use((req, _res, next) => {
    req.headers[CLIENT_IP_HEADER] = clientAddressOf(req);
    next();
  });
  app.all("/api/auth/{*any}", createAuthGateway());

  // Stored files (buckets media-files and avatars): signed or public, with Range and ETag.
  app.get("/files/{*key}", serveStoredFile);

  // The console's routes exist only for people with a console role (server/console-gate.ts).
  const buildOf = (audience: "public" | "editor") =>
    typeof build === "function" ? memoizedBuildFor(build, audience) : buildFor(build, audience);
  const publicBuild = buildOf("public");
  // Pages that are the same for every anonymous visitor are rendered once per language; in development
  // on every request (lifetime zero), through the same path: its headers, shells, keys and nonce handling.
  app.use(createPageCache({ build: publicBuild, pages, mode, getLoadContext, lifetimeMs: mode === "development" ? 0 : undefined }));
  app.use(
    createConsoleGate({
      public: createReactRouterHandler({ build: publicBuild, mode, getLoadContext }),
      editor: createReactRouterHandler({ build: buildOf("editor"), mode, getLoadContext }),
      admin: createReactRouterHandler({ build, mode, getLoadContext }),
    }),
  );

  // Last resort: a malformed URL is the client's fault (400); anything else is ours, logged
  // with its stack, and the client sees a message without one.
  app.use((error: unknown, req: express.Request, res: express.Response, _next: express.NextFunction) => {
    const status = (error as { status?: number; statusCode?: number }).status ?? (error as { statusCode?: number }).statusCode;
    if (typeof status === "number" && status >= 400 && status < 500) {
      void refuse(req, res, 400, "badRequest", `malformed request (${String((error as Error).message).slice(0, 120)})`);
      return;
    }
    logger.error(`${req.method} ${req.path.slice(0, 200)} failed`, error);
    if (res.headersSent) {
      res.destroy();
      return;
    }
    res.status(500).setHeader("Cache-Control", "no-store");
    // The id the log line above carries: what the visitor can quote to the operator (ADR 0065).
    res.json({ error: "Internal Server Error", requestId: res.getHeader("X-Request-Id") });
  });
  return app;
}

/** Validates the configuration, opens the database, runs first-start tasks and background work. */
export async function startRuntime() {
  const env = getEnv();
  setLogLevel(env.LOG_LEVEL);
  setLogFormat(env.LOG_FORMAT);
  // Before anything writes into DATA_DIR: new files 0600, and an older installation's made private (ADR 0045).
  protectDataDir(env);
  getAuthSecret();
  // Named, so the console's System page lists this process among those using the database.
  await openDatabase({ applicationName: serverApplicationName() });
  startErrorLog();
  startEventFlush();
  await startChangeListener();
  await startRedirects();
  await prepareStorage().catch((error: unknown) => {
    // An object store that is down must not keep the site from starting: pages and sign-ins
    // work, and file requests answer 503 until the store is back (ADR 0024).
    if (!(error instanceof StorageUnavailableError)) throw error;
    logger.error(`File storage is not reachable at start-up: ${error.message}`);
  });
  await runStartupTasks();
  // Mail, shop sync and the periodic tasks (retention), shared by all server processes (ADR 0046).
  await startJobs();
  await handOverOutboxJobs();
  logger.info(`Data directory: ${env.DATA_DIR}${env.DATABASE_URL ? " (external database)" : ""}`);
}

/** The last part of shutdown, after the HTTP server has stopped taking requests. */
export async function stopRuntime() {
  // The last second of counted requests, while the database is open.
  await stopEventFlush();
  await stopJobs();
  stopRedirects();
  await stopChangeListener();
  stopErrorLog();
  await closeDatabase();
}

export { getEnv, logger };

/** The page table of this build as `npm run routes` prints it (scripts/routes.mjs). */
export function routeTable() {
  return dumpPageTable(pageTableOf(serverBuild as unknown as ServerBuild));
}
export { precompressedAssets } from "./precompressed-assets";
export { securityHeaders } from "./security-headers";
export { CONNECTIONS_CHECKING_INTERVAL_MS, HEADERS_TIMEOUT_MS, limitConnectionsPerClient, REQUEST_TIMEOUT_MS } from "./connection-limits";

declare module "react-router" {
  interface AppLoadContext {
    /** The requesting client's address (Express `req.ip`), for per-address rate limits. */
    clientIp?: string;
    /** This response's Content-Security-Policy nonce (app/lib/csp.server.ts). */
    cspNonce?: string;
    /** Rendered as a shell shared by every member (server/page-cache.ts, ADR 0031): no session may be read. */
    pageShell?: boolean;
    /** The pages the routes declare, as the sitemap and robots.txt list them (server/page-table.ts). */
    pages?: PageListing;
  }
}
