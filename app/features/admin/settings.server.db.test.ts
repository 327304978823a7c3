import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { auditLog, siteSettings } from "~/db/schema";
import { db } from "~/lib/db.server";
import { getEnv, setEnvForTesting } from "~/lib/env.server";
import { onPublicContentChanged } from "~/lib/public-content.server";
import { getSiteFacts, invalidateSiteFacts } from "~/lib/site-facts.server";
import { answerOf, formPost } from "../../../tests/helpers/console-actions";
import { resetDatabase } from "../../../tests/helpers/database";
import { settingsAction } from "./settings-actions.server";
import { missingImprintFacts } from "./settings.server";

const actor = { id: "admin-1", email: "admin@ipangel.test", name: "Admin", role: "admin" as const };
const baseEnv = getEnv();

/** The settings form posted to /admin/settings (intent "save") by the admin. */
async function save(values: Record<string, string>) {
  return answerOf(await settingsAction(formPost("/admin/settings", "save", values), actor));
}

describe("site settings", () => {
  beforeEach(async () => {
    await resetDatabase();
    setEnvForTesting({ ...baseEnv, ACADEMY_URL: "https://academy.ipangel.test", MARKET_URL: undefined, COMMUNITY_URL: undefined });
    invalidateSiteFacts();
  });

  it("a save is live at once, is audited with before/after, and drops cached pages", async () => {
    expect((await getSiteFacts()).externalUrls.academy).toBe("https://academy.ipangel.test");
    let dropped = 0;
    const stop = onPublicContentChanged(() => (dropped += 1));
    const result = await save({ street: "Mainzer Landstraße 1", phone: "+49 69 1234567", academyUrl: "https://learn.ipangel.test" });
    stop();
    expect(result).toMatchObject({ status: 200, body: { ok: true, message: "admin.settings.saved" } });
    expect(dropped).toBe(1);
    const facts = await getSiteFacts();
    expect(facts.address.street).toBe("Mainzer Landstraße 1");
    expect(facts.phone).toBe("+49 69 1234567");
    // The console's value wins over ACADEMY_URL.
    expect(facts.externalUrls.academy).toBe("https://learn.ipangel.test");
    expect(await missingImprintFacts()).toEqual(["legalName", "responsiblePerson", "email"]);

    const [entry] = await db().select().from(auditLog).where(eq(auditLog.entity, "settings"));
    expect(entry).toMatchObject({ actorEmail: actor.email, action: "settings.update" });
    expect(entry!.changes).toEqual({
      street: { before: null, after: "Mainzer Landstraße 1" },
      phone: { before: null, after: "+49 69 1234567" },
      academyUrl: { before: null, after: "https://learn.ipangel.test" },
    });

    // Emptying a field goes back to the fallback (here ACADEMY_URL) and records the old value.
    await save({ street: "Mainzer Landstraße 1", phone: "+49 69 1234567", academyUrl: "" });
    expect((await getSiteFacts()).externalUrls.academy).toBe("https://academy.ipangel.test");
    const entries = await db().select().from(auditLog).orderBy(auditLog.id);
    expect(entries[1]!.changes).toEqual({ academyUrl: { before: "https://learn.ipangel.test", after: null } });
  });

  it("refuses bad values with a message per field, keeps what was typed and stores nothing", async () => {
    const typed = {
      email: "not-an-address",
      academyUrl: "javascript:alert(1)",
      street: "PLACEHOLDER Street 1",
      claimActiveMembers: "lots",
      legalName: "x".repeat(301),
      city: "Frankfurt",
    };
    const result = await save(typed);
    expect(result.status).toBe(400);
    expect(result.body.ok).toBe(false);
    expect(result.body.result.error).toEqual({
      email: ["admin.settings.errors.email"],
      academyUrl: ["admin.settings.errors.url"],
      street: ["admin.settings.errors.placeholder"],
      claimActiveMembers: ["admin.settings.errors.number"],
      legalName: ["admin.settings.errors.tooLong"],
    });
    // The form shows what was typed again (also without JavaScript).
    expect(result.body.result.initialValue).toMatchObject({ city: "Frankfurt", email: "not-an-address" });
    expect(await db().select().from(siteSettings)).toEqual([]);
    expect(await db().select().from(auditLog)).toEqual([]);
  });
});
