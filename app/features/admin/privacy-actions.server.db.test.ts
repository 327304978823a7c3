import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { auditLog, launchNotifications, siteSettings } from "~/db/schema";
import { db } from "~/lib/db.server";
import { answerOf, formPost, garbagePost } from "../../../tests/helpers/console-actions";
import { resetDatabase } from "../../../tests/helpers/database";
import { launchesAction, retentionAction } from "./privacy-actions.server";

const actor = { id: "admin-1", email: "admin@ipangel.test", name: "Admin", role: "admin" as const };

describe("console privacy actions (form kit intent tables)", () => {
  beforeEach(resetDatabase);

  it("retention: five bad fields answered at once, nothing stored; a good save is stored and says so", async () => {
    const refused = answerOf(
      await retentionAction(
        formPost("/admin/retention", "save", {
          unconfirmedAccountDays: "0",
          contactMessageMonths: "twelve",
          sentMailDays: "2.5",
          pendingNewsletterDays: "1",
          launchSignupMonths: "1000",
        }),
        actor,
      ),
    );
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.result.error ?? {}).sort()).toEqual([
      "contactMessageMonths",
      "launchSignupMonths",
      "pendingNewsletterDays",
      "sentMailDays",
      "unconfirmedAccountDays",
    ]);
    expect(await db().select().from(siteSettings)).toEqual([]);

    const saved = answerOf(await retentionAction(formPost("/admin/retention", "save", { contactMessageMonths: "6" }), actor));
    expect(saved).toMatchObject({ status: 200, body: { ok: true, message: "admin.retention.saved" } });
    const [row] = await db().select().from(siteSettings).where(eq(siteSettings.key, "retention"));
    expect(row!.value).toEqual({ contactMessageMonths: 6 });
    expect(row!.updatedBy).toBe(actor.id);
  });

  it("retention: garbage and unknown intents are a 400, never a 5xx", async () => {
    expect(answerOf(await retentionAction(garbagePost("/admin/retention"), actor)).status).toBe(400);
    expect(answerOf(await retentionAction(formPost("/admin/retention", "drop"), actor)).status).toBe(400);
    const huge = answerOf(await retentionAction(formPost("/admin/retention", "save", { sentMailDays: "9".repeat(5000) }), actor));
    expect(huge.status).toBe(400);
  });

  it("launch list: delete answers its row (toast on success), a made-up or missing id is refused, garbage is a 400", async () => {
    const [entry] = await db()
      .insert(launchNotifications)
      .values({ email: "row@example.com", topic: "tandem", tokenHash: "t1" })
      .returning({ id: launchNotifications.id });
    const deleted = answerOf(await launchesAction(formPost("/admin/launches", "delete", { id: entry!.id }), actor));
    expect(deleted).toMatchObject({
      status: 200,
      body: { ok: true, target: entry!.id, toast: { tone: "success", title: "admin.launches.deleted" } },
    });
    expect(await db().select().from(launchNotifications)).toEqual([]);
    expect(await db().select().from(auditLog)).toHaveLength(1);

    const again = answerOf(await launchesAction(formPost("/admin/launches", "delete", { id: entry!.id }), actor));
    expect(again).toMatchObject({ status: 404, body: { ok: false, error: "admin.errors.notFound", target: entry!.id } });
    expect(answerOf(await launchesAction(formPost("/admin/launches", "delete", { id: "<script>" }), actor)).status).toBe(404);
    expect(answerOf(await launchesAction(formPost("/admin/launches", "delete"), actor)).status).toBe(400);
    expect(answerOf(await launchesAction(garbagePost("/admin/launches"), actor)).status).toBe(400);
    expect(await db().select().from(auditLog)).toHaveLength(1);
  });
});
