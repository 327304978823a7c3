/**
 * One server process's background machinery, run as its own OS process (built by child-worker.ts)
 * against a shared PostgreSQL, for the multi-process tests (app/lib/cluster-processes.server.system.test.ts).
 * Configured by the environment (DATABASE_URL, DATA_DIR, AUTH_SECRET, SMTP_URL, ...) like the
 * product; argv[2] names the part:
 *
 * - `periodic`: the product's job workers with one periodic task `cluster.test` (cron every
 *   minute) that records each run in the table `cluster_task_runs` and takes TASK_RUN_MS.
 *   Prints `RUN-START <id>` / `RUN-END <id>`.
 * - `mail`: the product's job workers with the real mail handler (SMTP_URL).
 * - `newsletter`: the same with the newsletter's send job (ADR 0067).
 * - `ratelimit`: RATE_HITS hits at once on one rate-limit key (limit RATE_LIMIT) once a line
 *   arrives on stdin; prints `ALLOWED <n>`.
 * - `signup`: one sign-up through better-auth (SIGNUP_EMAIL), as the /auth action makes it;
 *   prints `SIGNED-UP <status>`.
 * - `redirects`: the change listener and the request guard's redirects (ADR 0055) as the server starts
 *   them; prints `SERVES <target|none>` for the path REDIRECT_PROBE at start and whenever it changes.
 *
 * Prints `READY` once running; SIGTERM stops it the way the server stops (waits for work in flight).
 */
import { sql } from "drizzle-orm";
import { getAuth, signupContext } from "../../app/features/account/auth.server";
import { closeDatabase, db, openDatabase } from "../../app/lib/db.server";
import "../../app/lib/mailer.server";
import { registerPeriodicTask, startJobs, stopJobs } from "../../app/lib/jobs.server";
import { hitRateLimit } from "../../app/lib/rate-limit.server";
import { startChangeListener, stopChangeListener } from "../../app/lib/change-bus.server";
import { findRedirect, startRedirects, stopRedirects } from "../../app/lib/redirects.server";

const mode = process.argv[2];
const number = (name: string) => Number(process.env[name]);
const print = (line: string) => process.stdout.write(`${line}\n`);

await openDatabase({ poolSize: 4 });

async function shutdown() {
  stopRedirects();
  await stopChangeListener();
  await stopJobs();
  await closeDatabase();
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown());

if (mode === "periodic") {
  registerPeriodicTask({
    name: "cluster.test",
    cron: "* * * * *",
    run: async () => {
      const { rows } = await db().execute<{ id: number }>(
        // The cron slot this run belongs to: when pg-boss created its job (one active job of the task at a time).
        sql`insert into cluster_task_runs (worker, started_at, slot_at) values (${process.pid}, clock_timestamp(),
          (select created_on from pgboss.job where name = 'cluster.test' and state = 'active' order by created_on desc limit 1)) returning id`,
      );
      const id = rows[0].id;
      print(`RUN-START ${id}`);
      // The task's work takes a while: no other process may start it meanwhile.
      await new Promise((resolve) => setTimeout(resolve, number("TASK_RUN_MS")));
      await db().execute(sql`update cluster_task_runs set finished_at = clock_timestamp() where id = ${id}`);
      print(`RUN-END ${id}`);
      return `run ${id}`;
    },
  });
  await startJobs({ pollingIntervalSeconds: 0.5 });
  print("READY");
} else if (mode === "mail" || mode === "newsletter") {
  if (mode === "newsletter") await import("../../app/features/newsletter/send.server");
  await startJobs({ pollingIntervalSeconds: 0.5 });
  print("READY");
} else if (mode === "ratelimit") {
  // RATE_HITS hits on one shared key at once, after the test writes GO (all processes together). An
  // hour's window, as the product's limits have (a window that began over a day ago is cleaned away).
  print("READY");
  await new Promise<void>((resolve) => process.stdin.once("data", () => resolve()));
  const hits = await Promise.all(
    Array.from({ length: number("RATE_HITS") }, () => hitRateLimit("cluster:shared", number("RATE_LIMIT"), 3600)),
  );
  print(`ALLOWED ${hits.filter((hit) => hit.allowed).length}`);
  await shutdown();
} else if (mode === "signup") {
  print("READY");
  const email = process.env.SIGNUP_EMAIL ?? "";
  const response = await signupContext.run(
    { username: "crash", customerType: "private", newsletterSubscribed: false, language: "en" },
    () =>
      getAuth().api.signUpEmail({
        body: { name: "crash", email, password: "crash-pass-1", callbackURL: "/auth?confirmed=1" },
        headers: new Headers({ "x-client-ip": "203.0.113.9" }),
        asResponse: true,
      }),
  );
  print(`SIGNED-UP ${response.status}`);
  await shutdown();
} else if (mode === "redirects") {
  await startChangeListener();
  await startRedirects();
  // What the guard would answer for the probe path, looked at the way a request would (nothing is told to this process).
  const probe = process.env.REDIRECT_PROBE ?? "/";
  const serves = () => findRedirect(probe)?.target ?? "none";
  let last = serves();
  print(`SERVES ${last}`);
  print("READY");
  setInterval(() => {
    if (serves() === last) return;
    last = serves();
    print(`SERVES ${last}`);
  }, 2);
} else {
  print(`unknown mode ${mode}`);
  process.exit(2);
}
