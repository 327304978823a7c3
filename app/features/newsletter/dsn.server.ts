import { simpleParser, type ParsedMail } from "mailparser";
import type { NewsletterBounceKind } from "~/db/schema";

/**
 * Reading one message of the bounce mailbox (ADR 0073): a delivery status notification (RFC 3464,
 * `multipart/report; report-type=delivery-status`) or a complaint in the Abuse Reporting Format
 * (RFC 5965, `report-type=feedback-report`). MIME is parsed by mailparser with tight limits; the
 * report's own fields (header-like groups separated by blank lines) by `fieldGroups` below. Anything
 * else is not a report and changes nothing.
 */
export interface Report {
  kind: NewsletterBounceKind;
  /** The returned mail's Message-ID, from its headers inside the report. */
  messageId?: string;
  status?: string;
  detail?: string;
}

const PARSER_OPTIONS = {
  keepDeliveryStatus: true,
  // The returned message stays an attachment: only its headers are read, by a second bounded parse.
  ignoreEmbedded: true,
  skipHtmlToText: true,
  skipTextToHtml: true,
  skipImageLinks: true,
  skipTextLinks: true,
  maxHtmlLengthToParse: 0,
  checksumAlgo: false,
  maxHeadSize: 64 * 1024,
  maxChildNodes: 50,
} as const;

/** RFC 3464 § 2.1: groups of `Name: value` fields, folded lines joined, separated by blank lines. */
export function fieldGroups(text: string): Array<Map<string, string>> {
  const groups: Array<Map<string, string>> = [];
  let current = new Map<string, string>();
  let last: string | undefined;
  for (const line of text.split(/\r?\n/)) {
    if (line.trim() === "") {
      if (current.size) groups.push(current);
      current = new Map();
      last = undefined;
    } else if (/^[ \t]/.test(line) && last) {
      current.set(last, `${current.get(last)} ${line.trim()}`);
    } else {
      const colon = line.indexOf(":");
      if (colon <= 0) continue;
      last = line.slice(0, colon).trim().toLowerCase();
      current.set(last, line.slice(colon + 1).trim());
    }
  }
  if (current.size) groups.push(current);
  return groups;
}

function reportType(mail: ParsedMail) {
  const type = mail.headers.get("content-type") as { value?: string; params?: Record<string, string> } | undefined;
  if (type?.value?.toLowerCase() !== "multipart/report") return undefined;
  return type.params?.["report-type"]?.toLowerCase();
}

async function returnedMessageId(mail: ParsedMail) {
  const part = mail.attachments.find((attachment) =>
    ["message/rfc822", "text/rfc822-headers", "message/global", "message/global-headers"].includes(attachment.contentType),
  );
  if (!part) return undefined;
  const headers = part.content.subarray(0, 64 * 1024);
  // A headers-only part is a message without a body: the parser reads the header block only.
  const returned = await simpleParser(Buffer.concat([headers, Buffer.from("\r\n\r\n")]), PARSER_OPTIONS);
  return returned.messageId;
}

/** A Status of 5.x.x is permanent (hard), 4.x.x transient (soft) (RFC 3463). */
function kindOf(status: string): NewsletterBounceKind | undefined {
  if (/^5\.\d{1,3}\.\d{1,3}$/.test(status)) return "hard";
  if (/^4\.\d{1,3}\.\d{1,3}$/.test(status)) return "soft";
  return undefined;
}

/**
 * The bounces a report holds, each with the returned mail's Message-ID (which names the recipient:
 * one Message-ID per issue and recipient). A DSN's "delayed" or "delivered" recipients are not
 * bounces (the final report follows).
 */
export async function parseReport(raw: Buffer): Promise<Report[]> {
  const mail = await simpleParser(raw, PARSER_OPTIONS);
  const type = reportType(mail);
  if (type === "delivery-status") {
    const part = mail.attachments.find((attachment) =>
      ["message/delivery-status", "message/global-delivery-status"].includes(attachment.contentType),
    );
    if (!part) return [];
    const messageId = await returnedMessageId(mail);
    const [, ...recipients] = fieldGroups(part.content.toString("utf8"));
    return recipients.flatMap((fields): Report[] => {
      if (fields.get("action")?.toLowerCase() !== "failed") return [];
      const status = /^\d\.\d{1,3}\.\d{1,3}/.exec(fields.get("status") ?? "")?.[0] ?? "";
      const kind = kindOf(status);
      if (!kind) return [];
      return [{ kind, messageId, status, detail: fields.get("diagnostic-code")?.replace(/^[^;]*;\s*/, "") }];
    });
  }
  if (type === "feedback-report") {
    const part = mail.attachments.find((attachment) => attachment.contentType === "message/feedback-report");
    if (!part) return [];
    const [fields] = fieldGroups(part.content.toString("utf8"));
    const feedback = fields?.get("feedback-type")?.toLowerCase() ?? "";
    if (feedback !== "abuse") return [];
    return [{ kind: "complaint", messageId: await returnedMessageId(mail), detail: feedback }];
  }
  return [];
}
