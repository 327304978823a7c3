// The Node entry point (`npm start`, `npm run dev`). Plain JavaScript so it runs without a
// build step; everything else is TypeScript built by Vite into build/server/index.js.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import v8 from "node:v8";
import compression from "compression";
import express from "express";

// V8 lets the heap grow to several times the live data before a full collection: ~65 MB live became
// ~260 MB of heap (RSS 430 MB) after a minute of load. Growing by at most half keeps it near the live
// data at no measurable CPU cost (ADR 0026); --optimize-for-size would, but doubles the CPU per request.
v8.setFlagsFromString("--heap-growing-percent=50");

const isDevelopment = process.env.NODE_ENV === "development";
process.env.NODE_ENV ??= "production";
const SERVER_BUILD = path.resolve("build/server/index.js");
// How long SIGTERM waits for requests in flight: a sign-up hashes its password (scrypt), which takes
// seconds on a busy 2-core machine; 3 s cut some off (cluster fault test). Below Docker's 10 s stop timeout.
const FORCE_CLOSE_AFTER_MS = 8000;

// Until the product's logger has read the configuration (LOG_FORMAT), lines are text.
let log = (message) => {
  process.stdout.write(`${new Date().toISOString()} INFO  ${message}\n`);
};

async function loadProductionApp() {
  if (!fs.existsSync(SERVER_BUILD)) {
    log("No production build found: building first (npm run build)");
    const result = spawnSync(process.execPath, [path.resolve("node_modules/@react-router/dev/bin.js"), "build"], {
      stdio: "inherit",
    });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
  return import(SERVER_BUILD);
}

async function loadDevelopmentApp(server) {
  const vite = await import("vite");
  const signalListeners = new Set(process.listeners("SIGTERM"));
  const viteDevServer = await vite.createServer({ server: { middlewareMode: true } });
  // The dev server Vite starts inside React Router's plugin ends the process on SIGTERM at once, before
  // the shutdown below has stopped the embedded database (left running): that shutdown is the one that stops.
  for (const listener of process.listeners("SIGTERM")) if (!signalListeners.has(listener)) process.off("SIGTERM", listener);
  // Reload on save for pages without Vite's client (document pages, ADR 0052): an event stream, before compression.
  const { devReloadEvents } = await viteDevServer.ssrLoadModule("./server/dev-reload.ts");
  const reloadEvents = devReloadEvents(viteDevServer.watcher, viteDevServer.config.root);
  server.get(reloadEvents.path, reloadEvents);
  server.use(viteDevServer.middlewares);
  return viteDevServer.ssrLoadModule("./server/app.ts");
}

async function main() {
  const server = express();
  server.disable("x-powered-by");
  const product = isDevelopment ? await loadDevelopmentApp(server) : await loadProductionApp();

  let env;
  try {
    env = product.getEnv();
    await product.startRuntime();
    log = (message) => product.logger.info(message);
  } catch (error) {
    // A configuration error or a database newer than this code: the message says what to do, a stack would not.
    if (["EnvError", "DatabaseNewerThanCodeError"].includes(error?.name) || error?.constructor?.name === "EnvError") {
      process.stderr.write(`${error.message}\n`);
    } else {
      process.stderr.write(`Start-up failed: ${error?.stack ?? error}\n`);
    }
    await product.stopRuntime?.().catch(() => {});
    process.exit(1);
  }

  // The security headers of every answer, before the static handlers: files carry them too.
  server.use(product.securityHeaders());
  // Hashed assets pre-compressed once (brotli 11 / gzip 9) instead of per request.
  if (!isDevelopment && product.precompressedAssets) server.use("/assets", product.precompressedAssets("build/client/assets"));
  server.use(compression());
  if (!isDevelopment) {
    // Hashed file names never change: cache them for a year. Other public files: an hour.
    server.use("/assets", express.static("build/client/assets", { immutable: true, maxAge: "1y", index: false }));
    const publicFiles = express.static("build/client", { maxAge: "1h", index: false });
    // Every public file's name has an extension; pages and their `.data` do not need a disk lookup each (ADR 0031).
    server.use((req, res, next) => (/\.(?!data$)[A-Za-z0-9]+$/.test(req.path) ? publicFiles(req, res, next) : next()));
  }
  server.use(product.createApp());

  // Slow clients (ADR 0014): headers and whole requests within a time (server/connection-limits.ts),
  // checked every second, and a cap on the connections one client address holds at once.
  const httpServer = http.createServer(
    {
      headersTimeout: product.HEADERS_TIMEOUT_MS,
      requestTimeout: product.REQUEST_TIMEOUT_MS,
      connectionsCheckingInterval: product.CONNECTIONS_CHECKING_INTERVAL_MS,
    },
    server,
  );
  product.limitConnectionsPerClient(httpServer);
  // A failed listen (port in use, no permission).
  httpServer.once("error", (error) => void failToListen(error));
  httpServer.listen(env.PORT, env.HOST, () => {
    log(`Serving ${env.PUBLIC_URL} (listening on http://${env.HOST}:${httpServer.address().port})`);
  });

  // A port that cannot be used: say which and why, stop the database we started, exit 1.
  async function failToListen(error) {
    const reasons = {
      EADDRINUSE: "another program is already listening on it; stop it or choose another port with PORT",
      EACCES: "permission denied (ports below 1024 need root); choose another port with PORT",
      EADDRNOTAVAIL: "this machine has no such address; check HOST",
    };
    process.stderr.write(`Cannot listen on ${env.HOST}:${env.PORT}: ${reasons[error.code] ?? error.message}\n`);
    await product.stopRuntime().catch(() => {});
    process.exit(1);
  }
  httpServer.keepAliveTimeout = 65_000;

  let shuttingDown = false;
  async function shutdown(reason) {
    if (shuttingDown) return;
    shuttingDown = true;
    log(`${reason}: finishing requests in flight, then stopping`);
    const closed = new Promise((resolve) => httpServer.close(resolve));
    httpServer.closeIdleConnections();
    const force = setTimeout(() => httpServer.closeAllConnections(), FORCE_CLOSE_AFTER_MS);
    await closed;
    clearTimeout(force);
    try {
      await product.stopRuntime();
      log("Stopped cleanly");
      process.exit(0);
    } catch (error) {
      process.stderr.write(`Shutdown failed: ${error?.stack ?? error}\n`);
      process.exit(1);
    }
  }
  process.on("SIGTERM", () => void shutdown("SIGTERM received"));
  process.on("SIGINT", () => void shutdown("SIGINT received"));
  // npm does not pass a SIGTERM sent to the npm process alone (`kill <pid>`, a supervisor, `timeout`)
  // on to the script it runs (npm/run-script#142): under `npm start`, when npm goes away, stop
  // cleanly as on SIGTERM instead of serving on, orphaned, with the embedded database.
  if (process.env.npm_lifecycle_event) {
    const parent = process.ppid;
    setInterval(() => {
      if (process.ppid !== parent) void shutdown("npm (the parent process) exited");
    }, 1000).unref();
  }
}

await main();
