import { type Readable } from "node:stream";
import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { auditLog, contactMessages, contactReplies, privacyRequests, user } from "~/db/schema";
import { addressHash, findAddressData } from "~/features/privacy/data-requests.server";
import { db } from "~/lib/db.server";
import { answerOf, formPost, garbagePost } from "../../../tests/helpers/console-actions";
import { resetDatabase, rowsMentioning } from "../../../tests/helpers/database";
import { insertOperator } from "../../../tests/helpers/newsletter";
import { readZip } from "../../../tests/helpers/zip";
import { recordAudit } from "./audit.server";
import { eraseAddress, exportAddress, loadDataRequests } from "./data-requests-admin.server";
import { dataRequestAction } from "./privacy-actions.server";

const VISITOR = "Visitor@Example.org";
const visitor = VISITOR.toLowerCase();
const OTHER = "other@example.org";

/** A visitor who never made an account: a contact message with a reply, the launch list, mails, a bounce, an audit mention. */
async function visitorData(operator: { id: string; email: string }) {
  const [message] = await db()
    .insert(contactMessages)
    .values({ name: "Vera", email: VISITOR, subject: "What do you hold about me?", message: "Please tell me everything." })
    .returning();
  await db()
    .insert(contactReplies)
    .values({ messageId: message!.id, authorId: operator.id, authorEmail: operator.email, body: "We will." });
  await db().insert(contactMessages).values({ name: "Otto", email: OTHER, subject: "Unrelated", message: "Keep me." });
  await db().execute(sql`
    insert into launch_notifications (email, topic, token_hash, confirmed_at) values (${visitor}, 'tandem', 'tok-1', now()), (${OTHER}, 'tandem', 'tok-2', null)`);
  await db().execute(sql`
    insert into mail_log (recipient, subject, status) values (${VISITOR}, 'Your question', 'sent'), (${OTHER}, 'Hello', 'sent')`);
  await db().execute(sql`
    with issue as (insert into newsletter_issues (slug) values ('spring') returning id)
    insert into newsletter_deliveries (issue_id, consent_id, email, language, consent_language, state)
    select id, gen_random_uuid(), ${visitor}, 'en', 'en', 'sent' from issue`);
  await db().execute(sql`insert into newsletter_bounces (email, kind, source) values (${visitor}, 'hard', 'mailbox')`);
  await db().execute(sql`insert into newsletter_suppressions (email, reason, source) values (${visitor}, 'hard_bounce', 'mailbox')`);
  await recordAudit(operator, {
    action: "launch-signup.delete",
    entity: "launch-signup",
    entityId: "x",
    summary: `${VISITOR} (tandem)`,
    before: { email: VISITOR },
    after: null,
  });
}

async function bytesOf(stream: Readable) {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe("data requests for any address (ADR 0084)", () => {
  beforeEach(resetDatabase);

  it("finds, exports and erases a visitor's data without an account; keeps a record without the address", async () => {
    const operator = await insertOperator();
    await visitorData(operator);

    const found = await findAddressData(VISITOR);
    expect(found).toMatchObject({
      email: visitor,
      account: null,
      newsletterDeliveries: 1,
      newsletterBounces: 1,
      suppressed: true,
      auditMentions: 1,
      handled: [],
    });
    expect(found.contactMessages.map((message) => [message.subject, message.replies])).toEqual([["What do you hold about me?", 1]]);
    expect(found.launchSignups).toMatchObject([{ topic: "tandem", confirmed: true }]);
    expect(found.mails.map((mail) => mail.subject)).toEqual(["Your question"]);

    const zip = await readZip(await bytesOf(await exportAddress(operator, VISITOR)));
    expect([...zip.keys()]).toEqual(["address-data.json"]);
    const exported = JSON.parse(zip.get("address-data.json")!.toString("utf8"));
    expect(exported.contactMessages[0]).toMatchObject({ message: "Please tell me everything.", replies: [{ body: "We will." }] });
    expect(exported.launchNotifications).toMatchObject([{ topic: "tandem" }]);
    expect(exported.newsletterDeliveries).toMatchObject([{ state: "sent" }]);
    expect(exported.auditLogMentions).toHaveLength(1);
    expect(JSON.stringify(exported)).not.toContain(OTHER);

    expect(await eraseAddress(operator, VISITOR)).toMatchObject({ ok: true, message: "admin.dataRequests.erased" });
    const left = Object.entries(await rowsMentioning([visitor])).filter(([, count]) => count > 0);
    expect(left).toEqual([]);
    // Someone else's data stays; the newsletter keeps its count of sent mails, the audit log what happened.
    expect(await rowsMentioning([OTHER])).toMatchObject({ contact_messages: 1, launch_notifications: 1, mail_log: 1 });
    const { rows } = await db().execute<{ n: number }>(sql`select count(*)::int as n from newsletter_deliveries where state = 'sent'`);
    expect(rows[0]!.n).toBe(1);
    const [mention] = await db().select().from(auditLog).where(eq(auditLog.action, "launch-signup.delete"));
    expect(mention!.summary).toBe("[erased] (tandem)");
    expect(mention!.changes).toEqual({ email: { before: "[erased]", after: null } });

    const requests = await db().select().from(privacyRequests).orderBy(privacyRequests.handledAt);
    expect(requests.map((request) => request.kind)).toEqual(["export", "erasure"]);
    expect(requests[1]).toMatchObject({
      emailHash: addressHash(visitor),
      handledByEmail: operator.email,
      counts: { account: 0, contactMessages: 1, launchSignups: 1, mails: 1, suppressions: 1, auditMentions: 1 },
    });
    const audit = await db().select().from(auditLog).where(eq(auditLog.entity, "privacy-request"));
    expect(audit.map((entry) => entry.action).sort()).toEqual(["privacy.erasure", "privacy.export"]);

    // Looked up again: nothing held, and the page says when it was handled.
    const again = await findAddressData(visitor.toUpperCase());
    expect(again.contactMessages).toEqual([]);
    expect(again.handled.map((request) => request.kind)).toEqual(["erasure", "export"]);
  });

  it("erases a member's account with the address's data, even when the account never confirmed it", async () => {
    const operator = await insertOperator();
    await db().execute(sql`
      insert into users (id, name, email, email_verified, created_at, updated_at) values ('m1', 'Mia', ${VISITOR}, false, now(), now())`);
    await db().insert(contactMessages).values({ name: "Mia", email: visitor, subject: "Delete me", message: "Please erase everything." });
    const found = await findAddressData(visitor);
    expect(found.account).toMatchObject({ id: "m1", name: "Mia", verified: false, role: null });

    const zip = await readZip(await bytesOf(await exportAddress(operator, visitor)));
    expect([...zip.keys()].sort()).toEqual(["address-data.json", "my-data.json"]);
    expect(JSON.parse(zip.get("my-data.json")!.toString("utf8")).account).toMatchObject({ id: "m1", name: "Mia" });

    expect(await eraseAddress(operator, visitor)).toMatchObject({ ok: true });
    expect(await db().select().from(user).where(eq(user.id, "m1"))).toEqual([]);
    expect(Object.entries(await rowsMentioning([visitor, "m1"])).filter(([table, count]) => count > 0 && table !== "audit_log")).toEqual(
      [],
    );
  });

  it("the console's doors: own address refused, bad addresses named at the field, garbage a 400", async () => {
    const operator = await insertOperator();
    const mine = answerOf(
      await dataRequestAction(formPost("/admin/data-requests", "erase", { email: operator.email.toUpperCase() }), operator),
    );
    expect(mine).toMatchObject({ status: 409, body: { ok: false } });
    expect(JSON.stringify(mine.body)).toContain("admin.dataRequests.errors.yourself");
    const bad = answerOf(await dataRequestAction(formPost("/admin/data-requests", "erase", { email: "not an address" }), operator));
    expect(bad.status).toBe(400);
    expect(bad.body.result.error).toEqual({ email: ["admin.dataRequests.errors.email"] });
    expect(answerOf(await dataRequestAction(garbagePost("/admin/data-requests"), operator)).status).toBe(400);
    expect(answerOf(await dataRequestAction(formPost("/admin/data-requests", "erase", { email: "x".repeat(5000) }), operator)).status).toBe(
      400,
    );
    expect(await db().select().from(privacyRequests)).toEqual([]);

    const page = await loadDataRequests(new URL("http://site/admin/data-requests?email=nope"));
    expect(page).toMatchObject({ problem: "admin.dataRequests.errors.email", findings: null, requests: [] });
    const empty = await loadDataRequests(new URL("http://site/admin/data-requests"));
    expect(empty).toMatchObject({ problem: null, findings: null });
  });
});
