import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { mediaItems } from "~/db/schema";
import { db } from "~/lib/db.server";
import { resetDatabase } from "../../tests/helpers/database";
import { insertPicture } from "../../tests/helpers/page-pictures";
import { missingImages, pageImage } from "./page-images.server";

describe("image fields of content pages (ADR 0082)", () => {
  beforeEach(resetDatabase);

  it("accepts a published image and refuses a draft, a document and an unknown id", async () => {
    const photo = await insertPicture("photo");
    const draft = await insertPicture("draft", { publishedAt: null });
    const pdf = await insertPicture("pdf", { fileType: "pdf" });
    const unknown = "00000000-0000-4000-8000-000000000000";
    expect([...(await missingImages([photo, draft, pdf, unknown]))].sort()).toEqual([draft, pdf, unknown].sort());
  });

  it("refuses an id that is no UUID instead of failing the query", async () => {
    const photo = await insertPicture("photo");
    expect([...(await missingImages([photo, "hero.jpg", "1' OR '1'='1"]))].sort()).toEqual(["1' OR '1'='1", "hero.jpg"]);
    expect([...(await missingImages(["hero.jpg"]))]).toEqual(["hero.jpg"]);
  });

  it("shows the rendition's size and the item's alt text, and nothing once the item is unpublished or deleted", async () => {
    const photo = await insertPicture("photo");
    expect(await pageImage(photo, "", "en")).toMatchObject({ width: 480, height: 320, alt: "A desk" });
    expect((await pageImage(photo, "Die Gründerin", "de"))?.alt).toBe("Die Gründerin");
    await db().update(mediaItems).set({ publishedAt: null }).where(eq(mediaItems.id, photo));
    expect(await pageImage(photo, "", "en")).toBeNull();
    await db().delete(mediaItems).where(eq(mediaItems.id, photo));
    expect(await pageImage(photo, "", "en")).toBeNull();
  });
});
