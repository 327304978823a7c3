import { describe, expect, it } from "vitest";
import { fieldGroups, parseReport } from "./dsn.server";

const RETURNED =
  "Message-ID: <newsletter.0b8c3c4e-1d2f-4a5b-8c7d-9e0f1a2b3c4d.6f1f7f2e-7f5e-4a53-9d43-2a4f3f7b9c10@example.com>\nSubject: News\n";

function report(recipients: string, type = "delivery-status") {
  return Buffer.from(`From: MAILER-DAEMON@mx.example.net
To: bounces@example.com
Subject: Delivery Status Notification
MIME-Version: 1.0
Content-Type: multipart/report; report-type=${type}; boundary="b"

--b
Content-Type: text/plain

Could not deliver.

--b
Content-Type: message/delivery-status

Reporting-MTA: dns; mx.example.net

${recipients}
--b
Content-Type: text/rfc822-headers

${RETURNED}
--b--
`);
}

describe("reading bounce reports (RFC 3464)", () => {
  it("reads folded fields in groups", () => {
    expect(fieldGroups("A: 1\nB: two\n  lines\n\nC: 3\n").map((group) => Object.fromEntries(group))).toEqual([
      { a: "1", b: "two lines" },
      { c: "3" },
    ]);
  });

  it("finds failed recipients with their status and the returned mail's Message-ID; delays are no bounces", async () => {
    const reports = await parseReport(
      report(`Final-Recipient: rfc822; a@example.org
Action: failed
Status: 5.1.1 (user unknown)
Diagnostic-Code: smtp; 550 5.1.1 no such user

Final-Recipient: rfc822; b@example.org
Action: delayed
Status: 4.4.1

Final-Recipient: rfc822; c@example.org
Action: failed
Status: 4.2.2
`),
    );
    expect(reports).toEqual([
      { kind: "hard", status: "5.1.1", detail: "550 5.1.1 no such user", messageId: expect.stringContaining("<newsletter.0b8c3c4e-") },
      { kind: "soft", status: "4.2.2", detail: undefined, messageId: expect.stringContaining("<newsletter.0b8c3c4e-") },
    ]);
  });

  it("finds nothing in a plain mail, another report type, a status that is no status, or bytes that are no mail", async () => {
    expect(await parseReport(Buffer.from("From: a@example.org\nSubject: Re: News\n\nThanks\n"))).toEqual([]);
    expect(
      await parseReport(report("Final-Recipient: rfc822; a@example.org\nAction: failed\nStatus: 5.1.1\n", "disposition-notification")),
    ).toEqual([]);
    expect(await parseReport(report("Final-Recipient: rfc822; a@example.org\nAction: failed\nStatus: bounced\n"))).toEqual([]);
    expect(await parseReport(Buffer.from([0, 255, 10, 13, 10, 0x2d, 0x2d]))).toEqual([]);
  });
});
