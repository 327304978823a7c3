import { execFile } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import pg from "pg";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startSmtpSink, type SmtpSink } from "../fakes/smtp-sink";
import { secretOnPage, totpCode } from "../helpers/console";
import { makePng, writeMediaFixtures } from "../helpers/media-fixtures";
import { startNginx, type Nginx } from "../helpers/nginx";
import { startPostgres15, type Postgres15 } from "../helpers/postgres15";
import { makeDataDir, startProductServer, type ProductServer } from "../helpers/product-server";
import { startRgw, stopRgw } from "../helpers/rgw";

/**
 * Several server processes, one site (ADR 0025, docs/deployment.md): three product processes on
 * one PostgreSQL 15 and one S3 store (Ceph RGW) behind nginx with the repository's
 * deploy/nginx.conf. First what a visitor notices (a session, a download and an import seen by
 * every process at once), then the fault test: steady mixed load while one process gets SIGTERM
 * and later another kill -9, then the object store stopped and started again. No browser: what a
 * visitor sees is the HTML the processes answer (the system tier, ADR 0090).
 */
const run = promisify(execFile);
const AUTH_SECRET = "cluster-secret-cluster-secret-cluster-secret-0123";
const PASSWORD = "cluster-pass-1";
const LOAD_WORKERS = 6;
/** Requests before the SIGTERM, between it and the kill -9, and after it. */
const REQUESTS_PER_PHASE = 60;

interface Sample {
  op: string;
  method: string;
  status: number;
  error?: string;
  /** 0 before the SIGTERM, 1 after it, 2 after the kill -9 (when the sample ended). */
  phase?: number;
}

/**
 * A free port below Linux's ephemeral range (32768–60999), so no outgoing connection of another
 * program can take it in the minutes between choosing it and binding it.
 */
async function stablePort(): Promise<number> {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    const free = await new Promise<boolean>((resolve) => {
      const probe = net.createServer();
      probe.once("error", () => resolve(false));
      probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
}

function log(line: string) {
  process.stdout.write(`[cluster] ${line}\n`);
}

function form(values: Record<string, string>) {
  return new URLSearchParams(values).toString();
}

function cookieOf(response: Response) {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

describe("several server processes behind nginx", () => {
  let postgres: Postgres15;
  let databaseUrl: string;
  let rgwDir: string;
  let rgwPort: number;
  let s3Env: Record<string, string>;
  let storageUrl: string;
  let smtp: SmtpSink;
  let servers: ProductServer[] = [];
  let nginx: Nginx;
  let site: string;
  let database: pg.Client;
  const dataDirs: string[] = [];

  async function startServer(port?: number) {
    const dataDir = makeDataDir("ipangel-cluster-");
    dataDirs.push(dataDir);
    return startProductServer({
      port,
      dataDir,
      timeoutMs: 90_000,
      env: {
        ...s3Env,
        DATABASE_URL: databaseUrl,
        STORAGE_URL: storageUrl,
        AUTH_SECRET,
        PUBLIC_URL: site,
        TRUST_PROXY: "1",
        SMTP_URL: `smtp://127.0.0.1:${smtp.smtpPort}`,
        RATE_LIMIT_FACTOR: "1000",
        JOB_RETRY_DELAY_S: "1",
        JOB_TIMEOUT_S: "5",
        LOG_LEVEL: "warn",
        NODE_NO_WARNINGS: "1",
      },
    });
  }

  async function mediaFile() {
    const { rows } = await database.query<{ id: string; file_size: number }>(
      "select id, file_size::int as file_size from media_items where file_path is not null and file_type = 'image' order by title limit 1",
    );
    return rows[0];
  }

  async function confirmedAccount(email: string, through: string) {
    const response = await fetch(`${through}/auth`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: through },
      body: form({
        intent: "signup",
        username: "cluster",
        email,
        password: PASSWORD,
        customerType: "private",
        acceptTerms: "on",
        acceptPrivacy: "on",
      }),
    });
    expect(response.status).toBe(302);
    await database.query(`update users set email_verified = true where email = $1`, [email]);
  }

  async function signIn(through: string, email: string) {
    const response = await fetch(`${through}/auth`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: through },
      body: form({ intent: "login", email, password: PASSWORD }),
    });
    return { status: response.status, cookie: cookieOf(response) };
  }

  /** Console staff need a second factor (ADR 0044): TOTP set up as a person would, then a sign-in with its code. */
  async function signInWithSecondFactor(through: string, email: string) {
    const first = await signIn(through, email);
    const post = (pathname: string, cookie: string, values: Record<string, string>) =>
      fetch(`${through}${pathname}`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: through, cookie },
        body: form(values),
      });
    const started = await post("/profile/two-step", first.cookie, { intent: "startTotp", password: PASSWORD });
    expect(started.status).toBe(200);
    const secret = secretOnPage(await started.text());
    const confirmed = await post("/profile/two-step", first.cookie, { intent: "confirmTotp", code: await totpCode(secret) });
    expect([200, 302]).toContain(confirmed.status);
    const password = await post("/auth", "", { intent: "login", email, password: PASSWORD });
    expect(password.headers.get("location")).toMatch(/^\/auth\/two-step/);
    const code = await post("/auth/two-step", cookieOf(password), { intent: "code", code: await totpCode(secret) });
    expect(code.status).toBe(302);
    return { cookie: cookieOf(code) };
  }

  beforeAll(async () => {
    postgres = startPostgres15(await stablePort());
    const admin = new pg.Client({ connectionString: postgres.url });
    await admin.connect();
    await admin.query("create database ipangel");
    await admin.end();
    databaseUrl = postgres.url.replace(/\/postgres$/, "/ipangel");

    rgwDir = fs.mkdtempSync(path.join(os.tmpdir(), "ipangel-cluster-rgw-"));
    fs.rmSync(rgwDir, { recursive: true });
    rgwPort = await stablePort();
    const rgw = await startRgw(rgwDir, rgwPort);
    s3Env = { AWS_ACCESS_KEY_ID: rgw.AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY: rgw.AWS_SECRET_ACCESS_KEY, AWS_REGION: rgw.AWS_REGION };
    storageUrl = `s3://cluster?endpoint=${rgw.S3_ENDPOINT}&region=${rgw.AWS_REGION}`;
    smtp = await startSmtpSink();

    const ports = [await stablePort(), await stablePort(), await stablePort()];
    const nginxPort = await stablePort();
    site = `http://127.0.0.1:${nginxPort}`;
    // The first process loads the demo library into the empty database; then the others join.
    servers = [await startServer(ports[0])];
    servers.push(...(await Promise.all([startServer(ports[1]), startServer(ports[2])])));
    nginx = await startNginx(ports, nginxPort);
    database = new pg.Client({ connectionString: databaseUrl });
    await database.connect();
  }, 300_000);

  beforeEach(({ onTestFailed }) => {
    onTestFailed(() => {
      for (const [index, server] of servers.entries()) log(`process ${index + 1} output:\n${server.output().slice(-4000)}`);
    });
  });

  afterAll(async () => {
    const steps: Array<[string, () => Promise<unknown> | unknown]> = [
      ["database client", () => database?.end()],
      ["nginx", () => nginx?.stop()],
      ["servers", () => Promise.all(servers.map((server) => server.stop("SIGKILL")))],
      ["smtp sink", () => smtp?.close()],
      ["object store", () => rgwDir && stopRgw(rgwDir, true)],
      ["postgres", () => postgres?.stop()],
    ];
    for (const [name, step] of steps) {
      const at = Date.now();
      await Promise.resolve()
        .then(step)
        .catch((error: unknown) => log(`stopping ${name} failed: ${String(error)}`));
      log(`stopped ${name} in ${Date.now() - at} ms`);
    }
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  }, 180_000);

  it("a session, a download, an import and a console upload are the same on every process", async () => {
    const [a, b, c] = servers;
    const email = `both-${Date.now()}@example.com`;
    await confirmedAccount(email, a.url);
    const session = await signIn(a.url, email);
    expect(session.status).toBe(302);

    // Signed in through A, download through B, the file itself from C.
    const item = await mediaFile();
    const download = await fetch(`${b.url}/api/media/${item.id}/download`, {
      method: "POST",
      headers: { cookie: session.cookie, origin: b.url },
    });
    expect(download.status).toBe(200);
    const { url } = (await download.json()) as { url: string };
    const file = await fetch(`${c.url}${url}`);
    expect(file.status).toBe(200);
    expect((await file.arrayBuffer()).byteLength).toBe(item.file_size);
    // The member's data (`/profile` itself is one shell for every member, ADR 0031).
    expect(await (await fetch(`${c.url}/profile.data`, { headers: { cookie: session.cookie } })).text()).toContain(email);

    // Every process has the library's first page in its page cache ...
    for (const server of servers) {
      await fetch(`${server.url}/media`);
      expect((await fetch(`${server.url}/media`)).headers.get("x-page-cache")).toBe("hit");
    }
    // ... an operator imports into the shared database and bucket ...
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cluster-import-"));
    const token = `Cluster${Date.now().toString(36)}`;
    const { manifestPath } = await writeMediaFixtures(dir, { prefix: `${token} ` });
    const { stdout } = await run("npm", ["run", "-s", "media:import", "--", manifestPath], {
      env: {
        ...process.env,
        ...s3Env,
        DATA_DIR: dir,
        DATABASE_URL: databaseUrl,
        STORAGE_URL: storageUrl,
        LOG_LEVEL: "warn",
        NODE_NO_WARNINGS: "1",
      },
    });
    expect(stdout).toMatch(/rejected: 0/);
    log(stdout.trim().split("\n").slice(-1)[0]);
    // ... and every process shows it at once and has dropped its cached pages.
    for (const server of servers) {
      const page = await fetch(`${server.url}/media?q=${encodeURIComponent(token)}`);
      expect(await page.text()).toContain(`${token} Logo pack`);
      // The import announced "media" on the change bus (ADR 0025, ADR 0026): the library pages are dropped.
      await expect.poll(async () => (await fetch(`${server.url}/media`)).headers.get("x-page-cache"), { timeout: 15_000 }).toBe("miss");
    }

    // An editor uploads in the console of A: B lists the item at once and C serves its bytes.
    const editorEmail = `console-${Date.now()}@example.com`;
    await confirmedAccount(editorEmail, a.url);
    await run("npm", ["run", "-s", "admin", "--", "grant", editorEmail, "--role", "editor"], {
      env: { ...process.env, DATA_DIR: dir, DATABASE_URL: databaseUrl, LOG_LEVEL: "warn", NODE_NO_WARNINGS: "1" },
    });
    const editor = await signInWithSecondFactor(a.url, editorEmail);
    const png = await makePng(320, 200);
    const uploadTitle = `${token} console upload`;
    const uploaded = await fetch(`${a.url}/admin/media/upload`, {
      method: "POST",
      body: png,
      headers: {
        cookie: editor.cookie,
        origin: a.url,
        "content-type": "image/png",
        "x-file-name": encodeURIComponent(`${uploadTitle}.png`),
      },
    });
    expect(uploaded.status).toBe(200);
    const { id: uploadedId } = (await uploaded.json()) as { id: string };
    // An upload is a draft (ADR 0060): no process shows it until it is published, here through C.
    expect(await (await fetch(`${b.url}/media?q=${encodeURIComponent(token)}`)).text()).not.toContain(uploadTitle);
    await database.query(`update media_items set license = '{"name": "CC0 1.0"}' where id = $1`, [uploadedId]);
    const published = await fetch(`${c.url}/admin/media/${uploadedId}`, {
      method: "POST",
      body: new URLSearchParams({ intent: "publish" }),
      headers: { cookie: editor.cookie, origin: c.url, "content-type": "application/x-www-form-urlencoded" },
      redirect: "manual",
    });
    expect(published.status).toBeLessThan(400);
    // B hears of the publish through the change bus a moment after C's commit.
    await expect
      .poll(async () => (await fetch(`${b.url}/media?q=${encodeURIComponent(token)}`)).text(), { timeout: 10_000 })
      .toContain(uploadTitle);
    const uploadedLink = await fetch(`${b.url}/api/media/${uploadedId}/download`, {
      method: "POST",
      headers: { cookie: session.cookie, origin: b.url },
    });
    expect(uploadedLink.status).toBe(200);
    const uploadedFile = await fetch(`${c.url}${((await uploadedLink.json()) as { url: string }).url}`);
    expect(Buffer.from(await uploadedFile.arrayBuffer()).equals(png)).toBe(true);
    fs.rmSync(dir, { recursive: true, force: true });
  }, 120_000);

  it("fault test: SIGTERM one process, kill -9 another, under load; then the object store goes away", async () => {
    const signInEmail = `load-${Date.now()}@example.com`;
    await confirmedAccount(signInEmail, site);
    const { cookie } = await signIn(site, signInEmail);
    const item = await mediaFile();
    smtp.messages.length = 0;
    const firstJobId = Number((await database.query("select coalesce(max(id), 0) as id from mail_log")).rows[0].id);

    const samples: Sample[] = [];
    const signUps: Array<{ email: string; status: number }> = [];
    let stopLoad = false;
    let counter = 0;
    // Each operation names its method, so a request that throws (its connection cut) is still known as a GET or a POST.
    const ops: Array<{ op: string; method: "GET" | "POST"; run: () => Promise<Sample> }> = [
      { op: "page", method: "GET", run: async () => ({ op: "page", method: "GET", status: (await fetch(`${site}/about`)).status }) },
      { op: "page", method: "GET", run: async () => ({ op: "page", method: "GET", status: (await fetch(`${site}/media`)).status }) },
      {
        op: "search",
        method: "GET",
        run: async () => ({ op: "search", method: "GET", status: (await fetch(`${site}/media?q=logo`)).status }),
      },
      {
        op: "sign-in",
        method: "POST",
        run: async () => {
          const result = await signIn(site, signInEmail);
          return { op: "sign-in", method: "POST", status: result.status === 302 ? 200 : result.status };
        },
      },
      {
        op: "download-link",
        method: "POST",
        run: async () => {
          const answer = await fetch(`${site}/api/media/${item.id}/download`, { method: "POST", headers: { cookie, origin: site } });
          if (answer.status !== 200) return { op: "download-link", method: "POST", status: answer.status };
          const { url } = (await answer.json()) as { url: string };
          try {
            const body = await fetch(`${site}${url}`);
            const size = (await body.arrayBuffer()).byteLength;
            return { op: "download", method: "GET", status: body.status === 200 && size !== item.file_size ? 599 : body.status };
          } catch (error) {
            return { op: "download", method: "GET", status: 0, error: describeError(error) };
          }
        },
      },
      {
        op: "sign-up",
        method: "POST",
        run: async () => {
          const email = `signup-${Date.now()}-${counter++}@example.com`;
          const answer = await fetch(`${site}/auth`, {
            method: "POST",
            redirect: "manual",
            headers: { "content-type": "application/x-www-form-urlencoded", origin: site },
            body: form({
              intent: "signup",
              username: "loadtest",
              email,
              password: PASSWORD,
              customerType: "private",
              acceptTerms: "on",
              acceptPrivacy: "on",
            }),
          });
          signUps.push({ email, status: answer.status });
          return { op: "sign-up", method: "POST", status: answer.status === 302 ? 200 : answer.status };
        },
      },
    ];
    let phase = 0;
    const load = Array.from({ length: LOAD_WORKERS }, async (_, worker) => {
      for (let i = worker; !stopLoad; i++) {
        const { op, method, run } = ops[i % ops.length]!;
        let sample: Sample;
        try {
          sample = await run();
        } catch (error) {
          sample = { op, method, status: 0, error: describeError(error) };
        }
        samples.push({ ...sample, phase });
      }
    });
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const waitForRequests = async (count: number) => {
      const target = samples.length + count;
      // A count, not a time: the phase is the same on a fast machine and a busy one.
      await expect.poll(() => samples.length, { timeout: 150_000 }).toBeGreaterThanOrEqual(target);
    };

    await waitForRequests(REQUESTS_PER_PHASE);
    log(`SIGTERM to process 1 after ${samples.length} requests`);
    phase = 1;
    const terminated = servers[0].stop("SIGTERM");
    await waitForRequests(REQUESTS_PER_PHASE);
    expect(await terminated).toBe(0);
    log(`kill -9 of process 2 after ${samples.length} requests`);
    phase = 2;
    await servers[1].stop("SIGKILL");
    await waitForRequests(REQUESTS_PER_PHASE);
    stopLoad = true;
    await Promise.all(load);

    const failed = samples.filter((sample) => sample.status < 200 || sample.status >= 400);
    // A response the killed process was still sending is cut off mid-body: no proxy can resend what a
    // client has half received (the visitor's browser shows a failed download to start again). Only the
    // kill -9 does that, to at most the one request each load worker had in flight.
    const cutByKill = failed.filter((sample) => sample.method === "GET" && sample.status === 0 && sample.phase === 2);
    const failedRetryable = failed.filter((sample) => sample.method === "GET" && !cutByKill.includes(sample));
    const entries = nginx.accessLog();
    const retried = entries.filter((entry) => entry.upstreams.includes(","));
    log(
      `load: ${samples.length} requests (${JSON.stringify(countBy(samples, "op"))}), failed ${failed.length} (${JSON.stringify(failed.slice(0, 5))}), GET failed ${failedRetryable.length}, cut by the kill ${cutByKill.length}, retried by nginx ${retried.length}`,
    );
    expect(failedRetryable).toEqual([]);
    expect(cutByKill.length).toBeLessThanOrEqual(LOAD_WORKERS);
    expect(cutByKill.every((sample) => /terminated|other side closed/.test(sample.error ?? ""))).toBe(true);
    // Only a POST already handed to a stopping process may fail (nginx must not resend it): at each of the
    // two faults at most one per load worker, the one in flight or written onto a kept-alive connection
    // the process was closing (a stopping server closes its idle connections, which nginx may pick up).
    const failedPosts = failed.filter((sample) => sample.method === "POST");
    expect(failedPosts.length).toBeLessThanOrEqual(2 * LOAD_WORKERS);
    expect(failedPosts.every((sample) => sample.status === 502)).toBe(true);

    // No committed write lost: every confirmed sign-up is in the database ...
    const accepted = signUps.filter((signUp) => signUp.status === 302).map((signUp) => signUp.email);
    const { rows: users } = await database.query<{ email: string }>(`select email from users where email like 'signup-%'`);
    const stored = new Set(users.map((row) => row.email));
    expect(accepted.filter((email) => !stored.has(email))).toEqual([]);
    // Every mail queued during the load is sent exactly once, whoever sends it, once the jobs the
    // killed process was running have timed out and been retried by another (JOB_TIMEOUT_S).
    await expect
      .poll(async () => (await database.query("select count(*)::int as n from mail_log where status = 'pending'")).rows[0].n, {
        timeout: 60_000,
      })
      .toBe(0);
    const { rows: jobRows } = await database.query<{ status: string; n: number }>(
      "select status, count(*)::int as n from mail_log where id > $1 group by status",
      [firstJobId],
    );
    const jobs = Object.fromEntries(jobRows.map((row) => [row.status, row.n]));
    const signUpMails = smtp.messages.flatMap((message) => message.to.filter((to) => to.startsWith("signup-")));
    const mailsPerAddress = countBy(
      signUpMails.map((to) => ({ to })),
      "to",
    );
    const twice = Object.entries(mailsPerAddress).filter(([, count]) => count > 1);
    const never = [...stored].filter((email) => !mailsPerAddress[email]);
    const failedSignUps = new Set(signUps.filter((signUp) => signUp.status !== 302).map((signUp) => signUp.email));
    log(
      `sign-ups: ${signUps.length} sent, ${accepted.length} accepted, ${stored.size} stored; mails ${JSON.stringify(jobs)}; ` +
        `mails ${signUpMails.length} to ${Object.keys(mailsPerAddress).length} addresses, sent twice ${twice.length}, stored account without mail ${never.length} (${never.filter((email) => failedSignUps.has(email)).length} of them cut off by the kill -9)`,
    );
    expect(Object.keys(jobs)).toEqual(["sent"]);
    // Delivery is at-least-once (ADR 0025): a mail the killed process had sent but not yet marked sent is
    // sent again by the process that retries its job. So a mail may come twice only for a mail that was
    // tried more than once, at most one batch (5) of the killed process.
    const { rows: claimedAgain } = await database.query<{ n: number }>(
      "select count(*)::int as n from mail_log where id > $1 and attempts > 1",
      [firstJobId],
    );
    log(`mail jobs claimed more than once: ${claimedAgain[0].n}`);
    expect(signUpMails.length - jobs.sent).toBe(twice.reduce((sum, [, count]) => sum + count - 1, 0));
    expect(twice.every(([, count]) => count === 2)).toBe(true);
    expect(twice.length).toBeLessThanOrEqual(Math.min(claimedAgain[0].n, 5));
    // Every accepted sign-up got its mail. A sign-up cut off by the kill -9 after better-auth
    // committed the account but before the mail was queued has none yet ...
    expect(never.filter((email) => !failedSignUps.has(email))).toEqual([]);
    // ... until the confirmation sweep (ADR 0030) queues it: exactly one mail for every stored account.
    // Time passes (the sweep leaves accounts younger than two minutes to their own request) and a
    // sweep run is queued now, as docs/privacy.md shows operators; a surviving process runs it.
    await database.query(`update users set created_at = created_at - interval '10 minutes' where email like 'signup-%'`);
    const { rows: sweepRows } = await database.query<{ id: string }>(
      `insert into pgboss.job (name, data) values ('account.confirmation-sweep', '{}') returning id`,
    );
    await expect
      .poll(
        async () =>
          (await database.query("select state from pgboss.job where name = 'account.confirmation-sweep' and id = $1", [sweepRows[0].id]))
            .rows[0]?.state,
        { timeout: 150_000, interval: 1000 },
      )
      .toBe("completed");
    await expect
      .poll(async () => (await database.query("select count(*)::int as n from mail_log where status = 'pending'")).rows[0].n, {
        timeout: 60_000,
      })
      .toBe(0);
    const afterSweep = countBy(
      smtp.messages.flatMap((message) => message.to.filter((to) => to.startsWith("signup-"))).map((to) => ({ to })),
      "to",
    );
    log(
      `after the confirmation sweep: ${never.filter((email) => afterSweep[email]).length} of ${never.length} accounts without mail got it`,
    );
    // Every stored account has its mail now, and the sweep sent none again: an address has a second mail
    // only where the kill -9 made one come twice before the sweep (the at-least-once case above).
    const mailsBefore = new Map(Object.entries(mailsPerAddress));
    expect([...stored].filter((email) => afterSweep[email] !== (mailsBefore.get(email) ?? 1))).toEqual([]);

    // The object store goes away (a clean stop of the whole Ceph cluster) and comes back.
    const survivor = servers[2];
    const signed = await fetch(`${site}/api/media/${item.id}/download`, { method: "POST", headers: { cookie, origin: site } });
    const { url } = (await signed.json()) as { url: string };
    const downAt = Date.now();
    await stopRgw(rgwDir);
    log(`object store stopped in ${Date.now() - downAt} ms`);
    const during = await fetch(`${site}${url}`);
    expect(during.status).toBe(503);
    expect(await during.text()).toBe("The file store is unavailable right now. Please try again in a minute.");

    const avatarEmail = `avatar-${Date.now()}@example.com`;
    await confirmedAccount(avatarEmail, site);
    const avatarSession = await signIn(site, avatarEmail);
    const upload = new FormData();
    upload.set("intent", "avatar");
    upload.set("avatar", new Blob([await makePng(64, 64)], { type: "image/png" }), "me.png");
    const refused = await fetch(`${site}/profile`, {
      method: "POST",
      body: upload,
      headers: { cookie: avatarSession.cookie, origin: site },
    });
    expect(refused.status).toBe(503);
    // What the visitor sees on the profile page: the page rendered with the refusal under the picture's field
    // (the same answer a browser without JavaScript shows; the hydrated form's messages: accounts.spec.ts).
    const refusal = await refused.text();
    expect(refusal).toContain("profile.errors.storageUnavailable");
    expect(refusal).toContain(
      "File storage is unavailable right now. Your profile picture was not changed; please try again in a few minutes.",
    );
    expect((await fetch(`${site}/healthz`)).status).toBe(200);
    expect((await fetch(`${site}/about`)).status).toBe(200);

    // Hold the outage for the 30 s the issue names: nothing changes with time, the client fails fast.
    await pause(Math.max(0, 30_000 - (Date.now() - downAt)));
    await startRgw(rgwDir, rgwPort);
    const outageMs = Date.now() - downAt;
    const recoveredAt = Date.now();
    await expect.poll(async () => (await fetch(`${site}${url}`)).status, { timeout: 30_000 }).toBe(200);
    log(`object store back after ${outageMs} ms; downloads recovered ${Date.now() - recoveredAt} ms later without a restart`);
    const { rows: avatars } = await database.query(`select image from users where email = $1`, [avatarEmail]);
    expect(avatars[0].image).toBeNull();
    const s3 = new S3Client({
      endpoint: `http://127.0.0.1:${rgwPort}`,
      region: s3Env.AWS_REGION,
      forcePathStyle: true,
      credentials: { accessKeyId: s3Env.AWS_ACCESS_KEY_ID, secretAccessKey: s3Env.AWS_SECRET_ACCESS_KEY },
    });
    const listed = await s3.send(new ListObjectsV2Command({ Bucket: "cluster-avatars" }));
    expect(listed.Contents ?? []).toEqual([]);
    const retry = new FormData();
    retry.set("intent", "avatar");
    retry.set("avatar", new Blob([await makePng(64, 64)], { type: "image/png" }), "me.png");
    const accepted2 = await fetch(`${survivor.url}/profile`, {
      method: "POST",
      body: retry,
      headers: { cookie: avatarSession.cookie, origin: survivor.url },
    });
    expect(accepted2.status).toBe(200);
  }, 600_000);
});

/** A fetch error with its cause ("fetch failed: other side closed"), which says where the request broke. */
function describeError(error: unknown) {
  const cause = (error as { cause?: unknown }).cause;
  return cause ? `${String(error)}: ${String(cause)}` : String(error);
}

function countBy<T>(items: T[], key: keyof T) {
  const counts: Record<string, number> = {};
  for (const item of items) counts[String(item[key])] = (counts[String(item[key])] ?? 0) + 1;
  return counts;
}
