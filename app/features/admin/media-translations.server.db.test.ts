import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { mediaItemTranslations } from "~/db/schema";
import { db } from "~/lib/db.server";
import { resetDatabase } from "../../../tests/helpers/database";
import { serviceForm as form, testEditor } from "../../../tests/helpers/media-services";
import { createServiceItem, saveMediaItem } from "./media-item.server";
import { mediaTranslationStatus } from "./media-translations.server";

/**
 * Media items on the translation status page (ADR 0062, migration 0043): per item and language other
 * than its own, missing (no text there), outdated (its own text changed after the translation) or up
 * to date, through the console's own item form.
 */
const editor = testEditor;

async function stateOf(id: string, language: "de" | "es") {
  for (const state of ["missing", "outdated"] as const) {
    const { items } = await mediaTranslationStatus({ language, state });
    if (items.some((item) => item.id === id)) return state;
  }
  return "upToDate";
}

describe("media items' translation status", () => {
  beforeEach(async () => {
    await resetDatabase();
  });

  it("missing without a text, up to date once translated, outdated when the original changes, up to date again", async () => {
    const created = await createServiceItem(editor, form({ title: "Weather service" }));
    if (!created.ok) throw new Error("not created");
    const id = created.id;
    expect(await stateOf(id, "de")).toBe("missing");
    expect(await stateOf(id, "es")).toBe("missing");

    await saveMediaItem(editor, id, form({ title: "Weather service", deTitle: "Wetterdienst" }));
    expect(await stateOf(id, "de")).toBe("upToDate");
    expect(await stateOf(id, "es")).toBe("missing");
    const [saved] = await db().select().from(mediaItemTranslations).where(eq(mediaItemTranslations.mediaItemId, id));

    // Saving the form again without a change keeps the translation's date and the state.
    await saveMediaItem(editor, id, form({ title: "Weather service", deTitle: "Wetterdienst" }));
    const [kept] = await db().select().from(mediaItemTranslations).where(eq(mediaItemTranslations.mediaItemId, id));
    expect(kept!.updatedAt.toISOString()).toBe(saved!.updatedAt.toISOString());

    // The original's title changes: German is now outdated.
    await saveMediaItem(editor, id, form({ title: "Weather forecast service", deTitle: "Wetterdienst" }));
    expect(await stateOf(id, "de")).toBe("outdated");
    const status = await mediaTranslationStatus({ language: "de" });
    expect(status.state).toBe("outdated");
    expect(status.counts.de).toEqual({ missing: 0, outdated: 1, upToDate: 0 });
    expect(status.counts.es).toEqual({ missing: 1, outdated: 0, upToDate: 0 });
    expect(status.counts.en).toEqual({ missing: 0, outdated: 0, upToDate: 0 });
    expect(status.items).toEqual([{ id, title: "Weather forecast service", sourceLanguage: "en", draft: false, translationDraft: false }]);

    // The German text is updated: up to date again.
    await saveMediaItem(editor, id, form({ title: "Weather forecast service", deTitle: "Wettervorhersagedienst" }));
    expect(await stateOf(id, "de")).toBe("upToDate");
    // Both changed in one save: the translation was made with the new original in view.
    await saveMediaItem(editor, id, form({ title: "Forecast API", deTitle: "Vorhersage-API" }));
    expect(await stateOf(id, "de")).toBe("upToDate");
  });

  it("an item in German is translated into English and Spanish", async () => {
    const created = await createServiceItem(editor, form({ title: "Wetterdienst", language: "de", enTitle: "Weather service" }));
    if (!created.ok) throw new Error("not created");
    const status = await mediaTranslationStatus();
    expect(status.counts.en).toEqual({ missing: 0, outdated: 0, upToDate: 1 });
    expect(status.counts.de).toEqual({ missing: 0, outdated: 0, upToDate: 0 });
    expect(status).toMatchObject({ language: "es", state: "missing", items: [{ id: created.id, sourceLanguage: "de" }] });
  });
});
