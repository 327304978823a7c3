import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { auditLog, categories, mediaItems } from "~/db/schema";
import { findMedia, parseFilters } from "~/features/media/media.server";
import { db } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { answerOf, formPost, garbagePost, redirectOf } from "../../../tests/helpers/console-actions";
import { resetDatabase } from "../../../tests/helpers/database";
import { createCategory } from "./categories.server";
import { newServiceAction } from "./media-actions.server";
import { loadMediaItem } from "./media-item.server";

/** "New service" (issue 11): a services item has no file; it is made from the edit form, posted to /admin/media/new-service. */
const editor = { id: "editor-1", email: "editor@ipangel.test", name: "Editor", role: "editor" as const };
const storedItems = () => {
  const dir = path.join(getEnv().DATA_DIR, "storage", "media-files", "items");
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};

describe("console: new service", () => {
  beforeEach(async () => {
    await resetDatabase();
    fs.rmSync(path.join(getEnv().DATA_DIR, "storage"), { recursive: true, force: true });
  });

  it("a new service: every field, no file, on /media at once, audited; refused input keeps what was typed", async () => {
    await createCategory(editor, "APIs");
    const [apis] = await db().select().from(categories);
    const service = {
      title: "Rights check API",
      description: "Checks the licence of a media file.",
      fileType: "services",
      language: "en",
      version: "1.2",
      serviceKind: "REST API",
      endpoint: "https://api.ipangel.test/rights",
      licenseName: "Proprietary",
      creatorName: "IP Angel",
      attributionText: "IP Angel GmbH",
      linkLabel0: "Documentation",
      linkUrl0: "https://docs.ipangel.test/rights",
      aiGenerated: "on",
      categories: apis!.id,
    };
    const location = await redirectOf(newServiceAction(formPost("/admin/media/new-service", "createService", service), editor));
    const id = /^\/admin\/media\/([0-9a-f-]{36})\?created=1$/.exec(location)?.[1];
    expect(id).toBeTruthy();
    const { item } = (await loadMediaItem(id!))!;
    expect(item).toMatchObject({
      title: "Rights check API",
      fileType: "services",
      hasFile: false,
      fileSize: null,
      serviceKind: "REST API",
      endpoint: "https://api.ipangel.test/rights",
      version: "1.2",
      aiGenerated: true,
      externalLinks: { Documentation: "https://docs.ipangel.test/rights" },
      license: { name: "Proprietary" },
      creator: { name: "IP Angel" },
      attribution: { text: "IP Angel GmbH" },
      categories: [apis!.id],
    });
    // Visitors' library lists it at once (services filter), with nothing stored on disk.
    const library = await findMedia(parseFilters(new URL("http://localhost/media?type=services")));
    expect(library.items.map((entry) => entry.title)).toEqual(["Rights check API"]);
    expect(storedItems()).toEqual([]);
    const [entry] = await db().select().from(auditLog).where(eq(auditLog.action, "library.create"));
    expect(entry).toMatchObject({ actorEmail: editor.email, entityId: id, summary: "Rights check API" });
    expect(entry!.changes.endpoint).toEqual({ before: null, after: "https://api.ipangel.test/rights" });

    // A service needs its kind and endpoint; the form's type cannot be forged into a file type.
    const missing = answerOf(
      await newServiceAction(
        formPost("/admin/media/new-service", "createService", { ...service, serviceKind: "", endpoint: "ftp://x" }),
        editor,
      ),
    );
    expect(missing.status).toBe(400);
    expect(missing.body.result.error).toEqual({ serviceKind: ["admin.media.errors.serviceKind"], endpoint: ["admin.media.errors.url"] });
    expect(missing.body.result.initialValue).toMatchObject({ title: "Rights check API", endpoint: "ftp://x" });
    const forged = answerOf(
      await newServiceAction(formPost("/admin/media/new-service", "createService", { ...service, fileType: "video" }), editor),
    );
    expect(forged.body.result.error).toEqual({ fileType: ["admin.media.errors.needsFile"] });
    // Garbage and unknown intents are a 400 answer, never a server error; nothing more was stored.
    for (const request of [garbagePost("/admin/media/new-service"), formPost("/admin/media/new-service", "save", service)]) {
      expect(answerOf(await newServiceAction(request, editor)).status).toBe(400);
    }
    const oversized = answerOf(
      await newServiceAction(formPost("/admin/media/new-service", "createService", { ...service, title: "x".repeat(301) }), editor),
    );
    expect(oversized.body.result.error).toEqual({ title: ["admin.media.errors.tooLong"] });
    expect(await db().select().from(mediaItems)).toHaveLength(1);
  });
});
