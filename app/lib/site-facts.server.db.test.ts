import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { settingsSchema } from "~/features/admin/schemas/console-schemas";
import { saveSettings } from "~/features/admin/settings.server";
import { resetDatabase } from "../../tests/helpers/database";
import { nextChange } from "../../tests/helpers/change-bus";
import { startChangeListener, stopChangeListener } from "./change-bus.server";
import { createSiteFactsCache, SETTINGS_TOPIC } from "./site-facts.server";

/**
 * Site settings in several server processes (issue 11): each process keeps its own copy of the
 * facts; a save in one is seen by every other at once, through the change bus (LISTEN/NOTIFY on
 * the test PostgreSQL). Two caches stand for two processes: neither is told directly.
 */
const actor = { id: "admin-1", email: "admin@ipangel.test", name: "Admin", role: "admin" as const };

function settings(values: Record<string, string>) {
  const parsed = settingsSchema.safeParse(values);
  if (!parsed.success) throw new Error("invalid test settings");
  return parsed.data;
}

describe("site facts in several processes", () => {
  beforeAll(async () => {
    await startChangeListener();
  });
  afterAll(async () => {
    await stopChangeListener();
  });
  beforeEach(async () => {
    await resetDatabase();
  });

  it("a saved setting is seen by every process at once, not after a timeout", async () => {
    const first = createSiteFactsCache();
    const second = createSiteFactsCache();
    try {
      await saveSettings(actor, settings({ phone: "+49 69 1111111" }));
      expect((await first.facts()).phone).toBe("+49 69 1111111");
      expect((await second.facts()).phone).toBe("+49 69 1111111");

      // Subscribed after both caches: when it hears the change, both caches have heard it too.
      const delivered = nextChange(SETTINGS_TOPIC);
      await saveSettings(actor, settings({ phone: "+49 69 2222222", city: "Offenbach" }));
      await delivered;
      for (const process of [first, second]) {
        const facts = await process.facts();
        expect(facts.phone).toBe("+49 69 2222222");
        expect(facts.address.city).toBe("Offenbach");
      }
    } finally {
      first.stop();
      second.stop();
    }
  });

  it("a read that was under way when the change arrived is not kept", async () => {
    const cache = createSiteFactsCache();
    try {
      await saveSettings(actor, settings({ phone: "+49 69 3333333" }));
      const delivered = nextChange(SETTINGS_TOPIC);
      const reading = cache.facts();
      await saveSettings(actor, settings({ phone: "+49 69 4444444" }));
      await Promise.all([reading, delivered]);
      expect((await cache.facts()).phone).toBe("+49 69 4444444");
    } finally {
      cache.stop();
    }
  });
});
