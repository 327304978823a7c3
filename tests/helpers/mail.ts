/**
 * Reading mails the product sent, from the SMTP sink's HTTP API (tests/fakes/smtp-sink.ts).
 * Decodes quoted-printable and base64 bodies enough to find text and links.
 */
export interface SentMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  raw: string;
}

function decodeQuotedPrintable(input: string) {
  const bytes = input.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}

function decodeHeader(value: string) {
  return value.replace(/=\?utf-8\?([BQ])\?([^?]*)\?=/gi, (_, encoding: string, text: string) =>
    encoding.toUpperCase() === "B" ? Buffer.from(text, "base64").toString("utf8") : decodeQuotedPrintable(text.replace(/_/g, " ")),
  );
}

function parts(raw: string) {
  const result: { type: string; body: string }[] = [];
  const boundary = raw.match(/boundary="?([^";\r\n]+)"?/i)?.[1];
  const sections = boundary ? raw.split(`--${boundary}`) : [raw];
  for (const section of sections) {
    const split = section.search(/\r?\n\r?\n/);
    if (split < 0) continue;
    const headers = section.slice(0, split);
    let body = section.slice(split).replace(/^\r?\n\r?\n/, "");
    const type = headers.match(/content-type:\s*([^;\r\n]+)/i)?.[1]?.toLowerCase() ?? "";
    const encoding = headers.match(/content-transfer-encoding:\s*(\S+)/i)?.[1]?.toLowerCase();
    if (encoding === "quoted-printable") body = decodeQuotedPrintable(body);
    else if (encoding === "base64") body = Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
    if (type.startsWith("text/")) result.push({ type, body });
  }
  return result;
}

export function parseMail(raw: string, to: string[]): SentMail {
  const headerEnd = raw.search(/\r?\n\r?\n/);
  const headers = raw.slice(0, headerEnd).replace(/\r?\n[ \t]+/g, " ");
  const subject = decodeHeader(headers.match(/^subject:\s*(.*)$/im)?.[1] ?? "");
  const bodies = parts(raw);
  return {
    to,
    subject,
    text: bodies.find((part) => part.type === "text/plain")?.body ?? "",
    html: bodies.find((part) => part.type === "text/html")?.body ?? "",
    raw,
  };
}

export function linksIn(text: string) {
  return [...text.matchAll(/https?:\/\/[^\s<>"')]+/g)].map((match) => match[0].replace(/&amp;/g, "&"));
}

/** How long a test waits for a queued mail before it fails. */
export const MAIL_WAIT_MS = 45_000;

export async function fetchMails(sinkHttpUrl: string, to?: string): Promise<SentMail[]> {
  const url = new URL("/messages", sinkHttpUrl);
  if (to) url.searchParams.set("to", to);
  const response = await fetch(url);
  const list = (await response.json()) as { to: string[]; raw: string }[];
  return list.map((message) => parseMail(message.raw, message.to));
}

/**
 * Polls until a mail to `to` whose subject matches arrives (background jobs deliver asynchronously).
 * The deadline is generous: with the whole suite on two cores the job queue can lag well behind the page.
 */
export async function waitForMail(sinkHttpUrl: string, to: string, subject: RegExp = /.*/, timeoutMs = MAIL_WAIT_MS): Promise<SentMail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const match = (await fetchMails(sinkHttpUrl, to)).reverse().find((mail) => subject.test(mail.subject));
    if (match) return match;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No mail to ${to} matching ${subject} within ${timeoutMs} ms`);
}
