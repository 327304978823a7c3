// `npm run bench:analytics-kill`: how many counted visits a `kill -9` loses (issue 25, ADR 0068). Starts the
// built server, sends 3 s of counted requests to /about and checks that all were stored once the flush ran;
// then sends 4 s more and kills the server with SIGKILL while they run, and prints how many answered requests
// have no stored event, as events and as seconds of that traffic. Needs a build.
import fs from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { startServer } from "./product-server.mjs";

const UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const server = await startServer({ ANALYTICS: "true" });
const dataDir = server.dataDir;
async function count() {
  const port = Number(fs.readFileSync(path.join(dataDir, "pg", "postmaster.pid"), "utf8").split("\n")[3]);
  const password = fs.readFileSync(path.join(dataDir, "secrets", "pg-password"), "utf8").trim();
  const client = new pg.Client({ host: "127.0.0.1", port, user: "postgres", password, database: "app" });
  await client.connect();
  const { rows } = await client.query("select count(*)::int as n from analytics_events where kind = 'view' and path = '/about'");
  await client.end();
  return rows[0].n;
}
const run = (seconds) => autocannon({ url: `${server.url}/about`, connections: 4, duration: seconds, headers: { "user-agent": UA } });
const first = await run(3);
await new Promise((r) => setTimeout(r, 2500));
const storedFirst = await count();
console.log(`round 1: answered ${first["2xx"]}, stored ${storedFirst} (clean: all flushed within a second)`);
const t0 = Date.now();
const second = run(4);
await new Promise((r) => setTimeout(r, 4000));
process.kill(server.pid, "SIGKILL");
const killedAt = Date.now();
const result = await second;
const answered = result["2xx"];
await new Promise((r) => setTimeout(r, 1000));
const stored = (await count()) - storedFirst;
const perSecond = answered / ((killedAt - t0) / 1000);
console.log(
  `round 2 (kill -9 after ${(killedAt - t0) / 1000} s): answered ${answered}, stored ${stored}, lost ${answered - stored} (${((answered - stored) / perSecond).toFixed(2)} s of traffic at ${perSecond.toFixed(0)} req/s)`,
);
// The embedded PostgreSQL outlives its killed parent: stop it.
const pid = Number(fs.readFileSync(path.join(dataDir, "pg", "postmaster.pid"), "utf8").split("\n")[0]);
process.kill(pid, "SIGTERM");
await new Promise((r) => setTimeout(r, 1500));
fs.rmSync(dataDir, { recursive: true, force: true });
process.exit(0);
