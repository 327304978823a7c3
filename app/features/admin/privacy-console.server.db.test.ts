import { eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { auditLog, launchNotifications, newsletterConsents, profiles, siteSettings, user } from "~/db/schema";
import { getRetentionPolicy, runRetention } from "~/features/privacy/retention.server";
import { db } from "~/lib/db.server";
import { parseForm } from "~/lib/form-submission";
import { onPublicContentChanged } from "~/lib/public-content.server";
import { resetDatabase } from "../../../tests/helpers/database";
import { exportLaunchSignups, loadLaunchesConsole, parseLaunchFilters, removeLaunchSignup } from "./launches-admin.server";
import { exportNewsletterSubscribers, loadNewsletterConsole, parseNewsletterFilters } from "./newsletter-admin.server";
import { retentionSchema } from "./schemas/privacy-schemas";
import { loadRetentionConsole, saveRetention } from "./retention-admin.server";

const actor = { id: "admin-1", email: "admin@ipangel.test", name: "Admin", role: "admin" as const };

function daysAgo(days: number) {
  return new Date(Date.now() - days * 24 * 60 * 60 * 1000);
}

function form(values: Record<string, string>) {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) data.set(key, value);
  return data;
}

async function addUser(id: string, email: string) {
  await db().insert(user).values({ id, email, name: id, emailVerified: true });
}

describe("console: retention periods", () => {
  beforeEach(resetDatabase);
  afterAll(resetDatabase);

  it("shows each period's default, stores a change, audits it, and the job and the policy use it at once", async () => {
    const before = await loadRetentionConsole();
    expect(before.defaults).toMatchObject({
      unconfirmedAccountDays: 7,
      contactMessageMonths: 12,
      pendingLaunchDays: 30,
      launchSignupMonths: 24,
    });
    expect(before.overrides).toEqual({});
    let dropped = 0;
    const stop = onPublicContentChanged(() => (dropped += 1));
    await saveRetention(actor, { contactMessageMonths: 6, launchSignupMonths: 12 });
    stop();
    expect(dropped).toBe(1);
    expect((await loadRetentionConsole()).overrides).toEqual({ contactMessageMonths: 6, launchSignupMonths: 12 });
    const policy = await getRetentionPolicy();
    expect(policy).toMatchObject({ contactMessageMonths: 6, launchSignupMonths: 12, unconfirmedAccountDays: 7 });
    const [entry] = await db().select().from(auditLog).where(eq(auditLog.entity, "retention"));
    expect(entry).toMatchObject({ action: "retention.update", actorEmail: actor.email });
    expect(entry!.changes).toEqual({ contactMessageMonths: { before: null, after: 6 }, launchSignupMonths: { before: null, after: 12 } });

    // An empty form returns every period to its default, and says what it was.
    await saveRetention(actor, {});
    expect(await getRetentionPolicy()).toMatchObject({ contactMessageMonths: 12, launchSignupMonths: 24 });
    const entries = await db().select().from(auditLog).orderBy(auditLog.id);
    expect(entries[1]!.changes).toEqual({
      contactMessageMonths: { before: 6, after: null },
      launchSignupMonths: { before: 12, after: null },
    });
  });

  it("refuses periods outside their bounds, fractions and words, field by field; a hand-edited bad row is ignored", async () => {
    const refused = parseForm(
      form({
        unconfirmedAccountDays: "0",
        contactMessageMonths: "1.5",
        sentMailDays: "soon",
        pendingNewsletterDays: "3",
        rateLimitHours: "99999999",
      }),
      retentionSchema,
    );
    expect(refused.status).toBe("error");
    expect(refused.status === "error" && refused.error).toEqual({
      unconfirmedAccountDays: ["admin.retention.errors.range"],
      contactMessageMonths: ["admin.retention.errors.whole"],
      sentMailDays: ["admin.retention.errors.whole"],
      pendingNewsletterDays: ["admin.retention.errors.range"],
      rateLimitHours: ["admin.retention.errors.range"],
    });
    const accepted = parseForm(form({ unconfirmedAccountDays: " 14 ", verificationHours: "0", contactMessageMonths: "" }), retentionSchema);
    expect(accepted.status).toBe("success");
    expect(accepted.status === "success" && accepted.value).toMatchObject({ unconfirmedAccountDays: 14, verificationHours: 0 });
    await expect(saveRetention(actor, { unconfirmedAccountDays: 100_000 })).rejects.toThrow(/invalid retention period/);

    await db()
      .insert(siteSettings)
      .values({ key: "retention", value: { contactMessageMonths: -5, sentMailDays: "x", rateLimitHours: 48 } });
    expect(await getRetentionPolicy()).toMatchObject({ contactMessageMonths: 12, sentMailDays: 30, rateLimitHours: 48 });
  });
});

describe("console: launch lists", () => {
  beforeEach(resetDatabase);
  afterAll(resetDatabase);

  async function seed() {
    return db()
      .insert(launchNotifications)
      .values([
        { email: "ada@example.com", topic: "academy", language: "de", tokenHash: "h1", confirmedAt: daysAgo(1) },
        { email: "=cmd@example.com", topic: "academy", language: "en", tokenHash: "h2", confirmedAt: daysAgo(2) },
        { email: "pending@example.com", topic: "academy", language: "es", tokenHash: "h3" },
        { email: "tan@example.com", topic: "tandem", language: "en", tokenHash: "h4", confirmedAt: daysAgo(3) },
      ])
      .returning({ id: launchNotifications.id, email: launchNotifications.email });
  }

  it("counts, lists and searches per launch; the CSV holds confirmed addresses only, formulas neutralised; audited", async () => {
    await seed();
    const academy = await loadLaunchesConsole(parseLaunchFilters(new URL("http://x/admin/launches?topic=academy")));
    expect(academy.counts).toEqual({
      academy: { confirmed: 2, pending: 1 },
      tandem: { confirmed: 1, pending: 0 },
      shop: { confirmed: 0, pending: 0 },
    });
    expect(academy.signups.map((row) => row.email).sort()).toEqual(["=cmd@example.com", "ada@example.com", "pending@example.com"]);
    const searched = await loadLaunchesConsole(parseLaunchFilters(new URL("http://x/admin/launches?topic=academy&q=ADA")));
    expect(searched.signups.map((row) => row.email)).toEqual(["ada@example.com"]);
    // An unknown topic is the first launch, never an error.
    expect(parseLaunchFilters(new URL("http://x/admin/launches?topic=<script>")).topic).toBe("academy");

    const { csv, count } = await exportLaunchSignups(actor, "academy");
    expect(count).toBe(2);
    const lines = csv.trim().split("\r\n");
    expect(lines[0]).toBe("email,language,signed_up_at,confirmed_at");
    expect(csv).toContain(`"'=cmd@example.com"`);
    expect(csv).not.toContain("pending@example.com");
    expect(csv).not.toContain("tan@example.com");
    const [entry] = await db().select().from(auditLog).where(eq(auditLog.action, "launch.export"));
    expect(entry!.summary).toBe("academy: 2 addresses");
  });

  it("deletes one entry with an audit entry that keeps no address; a second delete finds nothing", async () => {
    const rows = await seed();
    const ada = rows.find((row) => row.email === "ada@example.com")!;
    expect(await removeLaunchSignup(actor, ada.id)).toBe(true);
    expect(await removeLaunchSignup(actor, ada.id)).toBe(false);
    expect(await removeLaunchSignup(actor, "not-a-uuid")).toBe(false);
    const left = await db().select({ email: launchNotifications.email }).from(launchNotifications);
    expect(left.map((row) => row.email)).not.toContain("ada@example.com");
    expect(left).toHaveLength(3);
    const entries = await db().select().from(auditLog);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: "launch.delete", entityId: ada.id, summary: "academy" });
    expect(JSON.stringify(entries)).not.toContain("ada@example.com");
  });

  it("retention removes never-confirmed sign-ups and confirmed ones past their period, and keeps the rest", async () => {
    await db()
      .insert(launchNotifications)
      .values([
        { email: "old-pending@example.com", topic: "academy", tokenHash: "p1", createdAt: daysAgo(31) },
        { email: "new-pending@example.com", topic: "academy", tokenHash: "p2", createdAt: daysAgo(29) },
        { email: "old-confirmed@example.com", topic: "tandem", tokenHash: "c1", createdAt: daysAgo(800), confirmedAt: daysAgo(740) },
        { email: "confirmed@example.com", topic: "tandem", tokenHash: "c2", createdAt: daysAgo(400), confirmedAt: daysAgo(400) },
      ]);
    const report = await runRetention();
    expect(report.launchSignups).toBe(2);
    const left = await db().select({ email: launchNotifications.email }).from(launchNotifications);
    expect(left.map((row) => row.email).sort()).toEqual(["confirmed@example.com", "new-pending@example.com"]);
    // A shorter period set in the console applies to the next run.
    await saveRetention(actor, { launchSignupMonths: 12 });
    expect((await runRetention()).launchSignups).toBe(1);
  });
});

describe("console: newsletter consent records", () => {
  beforeEach(resetDatabase);
  afterAll(resetDatabase);

  it("lists every record with its proof, filters by status and address; the CSV holds active subscribers with their proof", async () => {
    await addUser("u1", "active@example.com");
    // A username a spreadsheet would run as a formula.
    await db().insert(profiles).values({ id: "u1", username: "=cmd|calc" });
    await addUser("u2", "gone@example.com");
    await addUser("u3", "+waiting@example.com");
    const proof = { source: "signup", wording: "Subscribe to our newsletter", wordingVersion: "2026-11-22", language: "en" };
    await db()
      .insert(newsletterConsents)
      .values([
        { ...proof, userId: "u1", email: "active@example.com", status: "confirmed", confirmedAt: daysAgo(1), requestedAt: daysAgo(2) },
        {
          ...proof,
          userId: "u2",
          email: "gone@example.com",
          status: "withdrawn",
          confirmedAt: daysAgo(5),
          withdrawnAt: daysAgo(1),
          withdrawnVia: "one-click",
          requestedAt: daysAgo(6),
        },
        { ...proof, userId: "u3", email: "+waiting@example.com", status: "pending", language: "de", wording: "Newsletter abonnieren" },
      ]);
    const all = await loadNewsletterConsole(parseNewsletterFilters(new URL("http://x/admin/newsletter")));
    expect(all.counts).toEqual({ confirmed: 1, pending: 1, withdrawn: 1, cancelled: 0 });
    expect(all.records).toHaveLength(3);
    const gone = all.records.find((record) => record.email === "gone@example.com")!;
    expect(gone).toMatchObject({ status: "withdrawn", withdrawnVia: "one-click", source: "signup", wordingVersion: "2026-11-22" });
    expect(gone).not.toHaveProperty("userId");
    const withdrawn = await loadNewsletterConsole(parseNewsletterFilters(new URL("http://x/admin/newsletter?status=withdrawn")));
    expect(withdrawn.records.map((record) => record.email)).toEqual(["gone@example.com"]);
    const searched = await loadNewsletterConsole(parseNewsletterFilters(new URL("http://x/admin/newsletter?q=%25")));
    expect(searched.records).toEqual([]);
    expect(parseNewsletterFilters(new URL("http://x/admin/newsletter?status=drop+table&page=-4"))).toMatchObject({ status: "", page: 1 });

    const { csv, count } = await exportNewsletterSubscribers(actor);
    expect(count).toBe(1);
    const [header, row] = csv.trim().split("\r\n");
    expect(header).toBe(
      "email,username,language,consent_id,asked_at,confirmed_at,form,wording_version,wording_language,wording,unsubscribe_url",
    );
    expect(row).toMatch(/^"active@example.com","'=cmd\|calc","en",/);
    expect(row).toContain('"Subscribe to our newsletter"');
    expect(row).toMatch(/\/newsletter\/unsubscribe\?c=[0-9a-f-]{36}&s=/);
    expect(csv).not.toContain("waiting@example.com");
    expect(csv).not.toContain("gone@example.com");
    const [entry] = await db().select().from(auditLog).where(eq(auditLog.action, "consent.export"));
    expect(entry!.summary).toBe("1 subscribers");
  });
});
