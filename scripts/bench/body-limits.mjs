// `npm run bench:body-limits`: sends a 50 MB chunked body to every door of the production build
// and reports how many bytes the server took before answering, the answer, and the server's
// resident memory (RSS) before, at its peak during, and after the run (issue 9, ADR 0014).
// Target: every answer 4xx, RSS growth under 20 MB. Exit code 1 on a miss.
import fs from "node:fs";
import http from "node:http";
import { startServer } from "./product-server.mjs";
import { ACTION_DOORS } from "./routes.mjs";

const TOTAL = Number(process.env.BENCH_BODY_MB ?? 50) * 1024 * 1024;
const CHUNK = Buffer.alloc(64 * 1024, 0x61);
const GROWTH_LIMIT_MB = 20;

function rssMb(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024;
}

/** Writes up to TOTAL bytes chunked; stops when the server answers or closes. */
function send(url, { method = "POST", path, type, cookie }, total = TOTAL) {
  const target = new URL(url);
  return new Promise((resolve) => {
    let sent = 0;
    let answer;
    const started = Date.now();
    const headers = { "transfer-encoding": "chunked" };
    if (type) headers["content-type"] = type;
    if (cookie) headers.cookie = cookie;
    const req = http.request({ host: target.hostname, port: target.port, method, path, headers, agent: false });
    const finish = (error) =>
      resolve({
        path,
        method,
        status: answer?.status ?? `no answer (${error?.code ?? "closed"})`,
        sentMb: sent / 1048576,
        ms: Date.now() - started,
        connection: answer?.connection,
      });
    req.on("response", (response) => {
      answer = { status: response.statusCode, connection: response.headers.connection };
      response.resume();
      response.on("end", () => finish());
    });
    req.on("error", (error) => (answer ? finish() : finish(error)));
    const pump = () => {
      while (sent < total && !answer && !req.destroyed) {
        sent += CHUNK.length;
        if (!req.write(CHUNK)) return void req.once("drain", pump);
      }
      if (!answer && !req.destroyed) req.end();
    };
    pump();
  });
}

async function signUp(url) {
  const response = await fetch(`${url}/auth`, {
    method: "POST",
    body: new URLSearchParams({
      intent: "signup",
      js: "1",
      username: "bench user",
      customerType: "private",
      email: `bench-${Date.now()}@example.com`,
      password: "bench-secret-1",
      acceptTerms: "on",
      acceptPrivacy: "on",
    }),
    redirect: "manual",
  });
  return response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
}

process.env.REQUIRE_EMAIL_CONFIRMATION = "false";
const server = await startServer();
try {
  const cookie = await signUp(server.url);
  if (!/session_token/.test(cookie)) throw new Error("could not sign up for the signed-in cases");
  const form = "application/x-www-form-urlencoded";
  const multipart = "multipart/form-data; boundary=bench";
  // Every action outside the console (npm run routes, ADR 0050), by its path and its `.data` request, for a
  // visitor and a member; a declared larger multipart limit for a verified session with that type too.
  const routeCases = ACTION_DOORS.flatMap(({ path, body }) => [
    { path, type: form },
    { path: `${path}.data`, type: multipart },
    { path, type: form, cookie, label: "signed in" },
    { path: `${path}.data`, type: form, cookie, label: "signed in" },
    ...(body?.signedInMultipartLimit
      ? [
          { path, type: multipart, label: "multipart" },
          { path, type: multipart, cookie, label: "signed in (larger multipart limit)" },
        ]
      : []),
  ]);
  const cases = [
    ...routeCases,
    // Doors that are not routes: better-auth's endpoints; and a GET and an unknown type on pages.
    { path: "/api/auth/sign-in/email", type: "application/json" },
    { path: "/api/auth/change-email", type: "application/json", cookie, label: "signed in" },
    { path: "/api/auth/verify-email", method: "GET" },
    { path: "/", method: "GET" },
    { path: "/about", type: "text/plain" },
  ];
  // Warm-up: every door once with 2 MB, so code loaded on first use is not counted as growth.
  for (const entry of cases) await send(server.url, entry, 2 * 1024 * 1024);
  await fetch(`${server.url}/healthz`);
  const before = rssMb(server.pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(server.pid))), 20);
  const results = [];
  for (const entry of cases) results.push({ ...(await send(server.url, entry)), label: entry.label ?? "" });
  clearInterval(sampler);
  const healthy = (await fetch(`${server.url}/healthz`)).ok;
  const after = rssMb(server.pid);
  console.log(
    `\n${TOTAL / 1048576} MB chunked to each door (uptime: ${fs.readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ")})\n`,
  );
  console.log("| door | answer | MB written before the answer | ms |");
  console.log("| --- | --- | --- | --- |");
  for (const result of results) {
    console.log(
      `| ${result.method} ${result.path} ${result.label} | ${result.status}${result.connection === "close" ? " (closed)" : ""} | ${result.sentMb.toFixed(1)} | ${result.ms} |`,
    );
  }
  const growth = after - before;
  console.log(
    `\nRSS before ${before.toFixed(0)} MB, peak ${peak.toFixed(0)} MB, after ${after.toFixed(0)} MB: growth ${growth.toFixed(1)} MB (peak ${(peak - before).toFixed(1)} MB), target < ${GROWTH_LIMIT_MB} MB`,
  );
  const misses = [];
  if (peak - before >= GROWTH_LIMIT_MB) misses.push(`RSS grew ${(peak - before).toFixed(1)} MB`);
  for (const result of results)
    if (typeof result.status !== "number" || result.status < 400 || result.status >= 500) misses.push(`${result.path}: ${result.status}`);
  if (!healthy) misses.push("not healthy after the run");
  if (misses.length) {
    console.log(`MISS: ${misses.join("; ")}`);
    process.exitCode = 1;
  } else console.log("All doors refused early; memory flat.");
} finally {
  await server.stop();
}
