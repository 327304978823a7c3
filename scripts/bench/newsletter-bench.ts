/**
 * `npm run bench:newsletter`: an issue sent to BENCH_SUBSCRIBERS (10,000) confirmed subscribers in three
 * languages, at an unlimited rate (NEWSLETTER_RATE_PER_S=0), through a local SMTP server (issue 24 "Speed").
 *
 * 1. The production server on a throw-away DATA_DIR, its mail going to an SMTP server in this process.
 * 2. The subscribers written straight to its database; an issue with a version per language.
 * 3. `/` measured with autocannon before the send (the normal rate), then the send started and `/`
 *    measured again while it runs; the server's RSS sampled every second.
 * 4. Prints: time until the SMTP server has every mail, the server's memory growth, the rate of `/` during
 *    the send against before (targets: under 5 minutes, under 50 MB, at least 0.5×).
 * Needs a build (`npm run build`; built first when missing).
 */
import fs from "node:fs";
import os from "node:os";
import autocannon from "autocannon";
import { sql } from "drizzle-orm";
import { createIssue } from "~/features/admin/newsletter-issue-create.server";
import { saveVersion, scheduleSend } from "~/features/admin/newsletter-issues.server";
import { closeDatabase, db, openDatabase } from "~/lib/db.server";
import { parseEnv, setEnvForTesting } from "~/lib/env.server";
import { startSmtpSink } from "../../tests/fakes/smtp-sink";
import { insertSubscribers } from "../../tests/helpers/newsletter";
import { startServer } from "./product-server.mjs";

const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 10_000);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 4);
const LIMIT_MS = 15 * 60_000;

function rssOf(pid: number) {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
}

async function rate(url: string, seconds = DURATION_S) {
  const result = await autocannon({ url: `${url}/`, connections: CONNECTIONS, duration: seconds });
  return result.requests.average;
}

const body = (text: string) => JSON.stringify({ type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text }] }] });

async function main() {
  const sink = await startSmtpSink();
  const server = await startServer({
    SMTP_URL: `smtp://127.0.0.1:${sink.smtpPort}`,
    NEWSLETTER_RATE_PER_S: "0",
    MAIL_FROM: "IP Angel <news@example.com>",
    AUTH_SECRET: "bench-secret-bench-secret-bench-secret-0123456789",
  });
  try {
    setEnvForTesting(parseEnv({ NODE_ENV: "production", DATA_DIR: server.dataDir, PUBLIC_URL: server.url, LOG_LEVEL: "warn" }));
    await openDatabase({ poolSize: 2, migrate: false });
    await insertSubscribers(SUBSCRIBERS);
    await db().execute(
      sql`insert into users (id, name, email, email_verified, created_at, updated_at) values ('bench', 'Bench', 'bench@example.com', true, now(), now())`,
    );
    const actor = { id: "bench", email: "bench@example.com", name: "Bench", role: "admin" as const };
    const { id } = await createIssue(actor, "bench-issue");
    const text = "A paragraph of news about the library, long enough to look like an issue. ".repeat(12);
    for (const language of ["en", "de", "es"] as const) {
      await saveVersion(actor, id!, { language, subject: `Bench issue (${language})`, preheader: "What is new", body: body(text) });
    }

    await rate(server.url, 2);
    const normal = await rate(server.url);
    const rssBefore = rssOf(server.pid!);
    console.log(
      `${SUBSCRIBERS} subscribers; / before the send: ${normal.toFixed(0)} req/s, server RSS ${rssBefore.toFixed(0)} MB (load ${os.loadavg()[0]!.toFixed(1)})`,
    );

    const started = Date.now();
    const outcome = await scheduleSend(actor, id!, "");
    if (!outcome.ok) throw new Error(`the send was refused: ${JSON.stringify(outcome)}`);
    let peak = rssBefore;
    const sampler = setInterval(() => (peak = Math.max(peak, rssOf(server.pid!))), 1000);
    const during: number[] = [];
    try {
      while (sink.messages.length < SUBSCRIBERS && Date.now() - started < LIMIT_MS) {
        during.push(await rate(server.url, 5));
        console.log(
          `  ${sink.messages.length} mails after ${((Date.now() - started) / 1000).toFixed(0)} s; / ${during.at(-1)!.toFixed(0)} req/s`,
        );
      }
    } finally {
      clearInterval(sampler);
    }
    const seconds = (Date.now() - started) / 1000;
    const recipients = new Set(sink.messages.flatMap((message) => message.to));
    const average = during.reduce((sum, value) => sum + value, 0) / Math.max(1, during.length);
    console.log(
      `\nSent: ${sink.messages.length} mails to ${recipients.size} addresses in ${seconds.toFixed(0)} s (target: all, under 300 s)`,
    );
    console.log(
      `Server memory: ${rssBefore.toFixed(0)} → peak ${peak.toFixed(0)} MB, +${(peak - rssBefore).toFixed(0)} MB (target: under 50 MB)`,
    );
    console.log(
      `/ during the send: ${average.toFixed(0)} req/s, ${(average / normal).toFixed(2)}× the normal rate (target: at least 0.5×)`,
    );
    console.log(
      `Load average at the end: ${os
        .loadavg()
        .map((value) => value.toFixed(1))
        .join(", ")}`,
    );
  } finally {
    await closeDatabase();
    await server.stop();
    await sink.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
