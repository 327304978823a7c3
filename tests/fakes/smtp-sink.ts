import http from "node:http";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/**
 * A real SMTP server for tests: it accepts every message, keeps it in memory, and lists
 * them over a small HTTP API (`GET /messages`, `DELETE /messages`) so end-to-end tests in
 * other processes can read the mails the product sent. `failNext(n)` makes the next n
 * deliveries fail with a temporary error (451), to test that an outage loses nothing.
 */
export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  receivedAt: string;
}

export interface SmtpSink {
  smtpPort: number;
  httpPort: number;
  messages: ReceivedMail[];
  /** Addresses refused at RCPT TO with a permanent 550 (a mailbox that does not exist). */
  rejected: Set<string>;
  close(): Promise<void>;
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const messages: ReceivedMail[] = [];
  let failures = 0;
  const rejected = new Set<string>();
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (!rejected.has(address.address.toLowerCase())) return callback();
      const error = new Error("No such user") as Error & { responseCode: number };
      error.responseCode = 550;
      callback(error);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        if (failures > 0) {
          failures -= 1;
          const error = new Error("Temporary failure, try again") as Error & { responseCode: number };
          error.responseCode = 451;
          return callback(error);
        }
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString("utf8"),
          receivedAt: new Date().toISOString(),
        });
        callback();
      });
    },
  });
  // A client killed mid-conversation (the crash tests) resets its connection: nothing to report.
  smtp.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code !== "ECONNRESET") throw error;
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const api = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    if (url.pathname === "/messages" && req.method === "GET") {
      const to = url.searchParams.get("to");
      const list = to ? messages.filter((message) => message.to.includes(to.toLowerCase()) || message.to.includes(to)) : messages;
      res.setHeader("Content-Type", "application/json");
      return res.end(JSON.stringify(list));
    }
    if (url.pathname === "/messages" && req.method === "DELETE") {
      messages.length = 0;
      return res.end("{}");
    }
    if (url.pathname === "/fail-next" && req.method === "POST") {
      failures = Number(url.searchParams.get("count") ?? "1");
      return res.end("{}");
    }
    res.statusCode = 404;
    res.end();
  });
  await new Promise<void>((resolve) => api.listen(0, "127.0.0.1", resolve));
  return {
    smtpPort: (smtp.server.address() as AddressInfo).port,
    httpPort: (api.address() as AddressInfo).port,
    messages,
    rejected,
    close: () =>
      Promise.all([
        new Promise<void>((resolve) => smtp.close(() => resolve())),
        new Promise<void>((resolve) => api.close(() => resolve())),
      ]).then(() => undefined),
  };
}
