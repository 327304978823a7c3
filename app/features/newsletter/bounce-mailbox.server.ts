import { ImapFlow } from "imapflow";
import { getEnv } from "~/lib/env.server";
import { registerPeriodicTask } from "~/lib/jobs.server";
import { logger } from "~/lib/logger.server";
import { forgetOldBounces, recordBounce } from "./bounces.server";
import { parseReport } from "./dsn.server";

/**
 * The bounce mailbox (ADR 0073): newsletter mail goes out with BOUNCE_ADDRESS as its envelope sender,
 * so receiving servers return their delivery status notifications there. A periodic task (one run at
 * a time across processes, never on a request) reads that mailbox over IMAP (BOUNCE_IMAP_URL): each
 * unread message up to BOUNCE_MAX_MESSAGE_KB is parsed; a report about one of our mails is recorded
 * and then deleted (it holds a recipient's address and part of their mail); anything else is marked
 * read and left for a person. The mail in it is untrusted: every size, time and count is bounded.
 */
export const BOUNCE_TASK = "newsletter.bounces";

/** Messages read per run; the rest wait for the next run. */
const MESSAGES_PER_RUN = 500;
const TIMEOUT_MS = 30_000;

function mailboxOf(url: URL) {
  const path = decodeURIComponent(url.pathname.replace(/^\/+/, ""));
  return path || "INBOX";
}

function clientFor(url: URL, maxBytes: number) {
  const secure = url.protocol === "imaps:";
  return new ImapFlow({
    host: url.hostname,
    port: Number(url.port) || (secure ? 993 : 143),
    secure,
    auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) },
    logger: false,
    connectionTimeout: TIMEOUT_MS,
    greetingTimeout: TIMEOUT_MS,
    socketTimeout: TIMEOUT_MS,
    // A server that sends more than a message's worth at once ends the connection.
    maxLiteralSize: maxBytes,
    maxResponseSize: maxBytes + 64 * 1024,
    maxLineLength: 1024 * 1024,
  });
}

export interface MailboxRun {
  read: number;
  reports: number;
  suppressed: number;
  skipped: number;
}

/** One pass over the bounce mailbox; without BOUNCE_IMAP_URL it does nothing. */
export async function pollBounceMailbox(): Promise<MailboxRun | undefined> {
  const env = getEnv();
  if (!env.BOUNCE_IMAP_URL) return undefined;
  const url = new URL(env.BOUNCE_IMAP_URL);
  const maxBytes = env.BOUNCE_MAX_MESSAGE_KB * 1024;
  const run: MailboxRun = { read: 0, reports: 0, suppressed: 0, skipped: 0 };
  const client = clientFor(url, maxBytes);
  // An error after connecting (the server hung up) is reported by the awaited command; this keeps it from being unhandled.
  client.on("error", (error: Error) => logger.warn(`Bounce mailbox: ${error.message}`));
  await client.connect();
  try {
    const lock = await client.getMailboxLock(mailboxOf(url));
    try {
      const unread = (await client.fetchAll({ seen: false }, { uid: true, size: true }, { uid: true })).slice(0, MESSAGES_PER_RUN);
      const done: number[] = [];
      const left: number[] = [];
      for (const message of unread) {
        if ((message.size ?? 0) > maxBytes) {
          logger.warn(
            `Bounce mailbox: message ${message.uid} (${message.size} bytes) is over BOUNCE_MAX_MESSAGE_KB: marked read and left there`,
          );
          run.skipped += 1;
          left.push(message.uid);
          continue;
        }
        const fetched = await client.fetchOne(String(message.uid), { uid: true, source: true }, { uid: true });
        run.read += 1;
        const reports = fetched && fetched.source ? await parseReport(fetched.source).catch(() => []) : [];
        let ours = false;
        for (const report of reports) {
          const outcome = await recordBounce({ ...report, source: "mailbox" });
          if (outcome === "suppressed") run.suppressed += 1;
          if (outcome !== "unmatched") ours = true;
        }
        if (ours) run.reports += 1;
        // A report about no mail of ours (or a forged one), or no report at all: for a person to read.
        (ours ? done : left).push(message.uid);
      }
      // Recorded first, deleted after: a run that dies in between reads the report again, which counts once.
      if (done.length) await client.messageDelete(done.join(","), { uid: true });
      if (left.length) await client.messageFlagsAdd(left.join(","), ["\\Seen"], { uid: true });
    } finally {
      lock.release();
    }
  } finally {
    await client.logout().catch(() => client.close());
  }
  await forgetOldBounces();
  return run;
}

registerPeriodicTask({
  name: BOUNCE_TASK,
  cron: () => `*/${getEnv().BOUNCE_POLL_MINUTES} * * * *`,
  run: async () => {
    const run = await pollBounceMailbox();
    if (!run) return "no BOUNCE_IMAP_URL";
    return `${run.read} read, ${run.reports} reports, ${run.suppressed} suppressed, ${run.skipped} too large`;
  },
});
