import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/lib/db.server";
import { checkSignature } from "~/lib/storage.server";
import { resetDatabase } from "../../../tests/helpers/database";
import { writeMediaFixtures } from "../../../tests/helpers/media-fixtures";
import { importManifest } from "./import.server";
import { createDownload, createPreview, decodeCursor, findMedia, findMediaItem, listCategories, parseFilters } from "./media.server";
import type { MediaFilters } from "./media-types";

const all: MediaFilters = { q: "", type: "all", category: "" };
const titles = async (filters: Partial<MediaFilters>) => (await findMedia({ ...all, ...filters })).items.map((item) => item.title);
const user = { id: "user-1", email: "ada@example.com", name: "Ada" };

function signedParams(url: string) {
  const parsed = new URL(url, "http://localhost");
  const [, , bucket, ...key] = parsed.pathname.split("/");
  return {
    bucket,
    key: key.map(decodeURIComponent).join("/"),
    params: { expires: parsed.searchParams.get("expires"), sig: parsed.searchParams.get("sig"), name: parsed.searchParams.get("name") },
    expires: Number(parsed.searchParams.get("expires")),
  };
}

describe("media search and downloads", () => {
  beforeAll(async () => {
    await resetDatabase();
    const { manifestPath } = await writeMediaFixtures(fs.mkdtempSync(path.join(os.tmpdir(), "media-search-")));
    await importManifest(manifestPath);
  });

  it("lists newest first", async () => {
    expect(await titles({})).toEqual([
      "Translation API",
      "Release notes",
      "Price list",
      "Häuser der Zukunft",
      "Meditation tone",
      "Logo pack",
    ]);
  });

  it("searches with language stemming: German 'Häuser' finds 'Haus', English plurals find singulars", async () => {
    await db().execute(sql`insert into media_items (title, description, file_type, language, created_at)
      values ('Das Haus am See', 'Ein Foto', 'services', 'de', '2024-01-01'), ('Casas modernas', 'Arquitectura', 'services', 'es', '2024-01-02')`);
    try {
      expect(await titles({ q: "Häuser" })).toEqual(["Häuser der Zukunft", "Das Haus am See"]);
      expect(await titles({ q: "logos" })).toEqual(["Logo pack"]);
      expect(await titles({ q: "casa" })).toEqual(["Casas modernas"]);
      // searchable_text is searched too, and websearch syntax works
      expect(await titles({ q: "inventory" })).toEqual(["Price list"]);
      expect(await titles({ q: '"sine tone" -banner' })).toEqual(["Meditation tone"]);
      expect(await titles({ q: "nothing-like-this" })).toEqual([]);
      expect(await titles({ q: "(((" })).toEqual([]);
    } finally {
      await db().execute(sql`delete from media_items where title in ('Das Haus am See', 'Casas modernas')`);
    }
  });

  it("filters by type; document covers pdf, sheet and document", async () => {
    expect(await titles({ type: "document" })).toEqual(["Release notes", "Price list", "Häuser der Zukunft"]);
    expect(await titles({ type: "image" })).toEqual(["Logo pack"]);
    expect(await titles({ type: "audio" })).toEqual(["Meditation tone"]);
    expect(await titles({ type: "services" })).toEqual(["Translation API"]);
    expect(await titles({ type: "video" })).toEqual([]);
  });

  it("filters by category, combined with search and type; categories are ordered by name", async () => {
    const categories = await listCategories();
    expect(categories.map((category) => category.name)).toEqual(["Brand", "Tutorials"]);
    const brand = categories[0].id;
    expect(await titles({ category: brand })).toEqual(["Price list", "Logo pack"]);
    expect(await titles({ category: brand, type: "document" })).toEqual(["Price list"]);
    expect(await titles({ category: brand, type: "document", q: "prices" })).toEqual(["Price list"]);
    expect(await titles({ category: categories[1].id, q: "logo" })).toEqual([]);
  });

  it("pages with a keyset cursor without gaps or repeats", async () => {
    const first = await findMedia(all, { limit: 4 });
    expect(first.items).toHaveLength(4);
    expect(first.nextCursor).not.toBeNull();
    const second = await findMedia(all, { limit: 4, cursor: first.nextCursor });
    expect(second.nextCursor).toBeNull();
    expect([...first.items, ...second.items].map((item) => item.title)).toEqual(await titles({}));
    expect(decodeCursor("garbage")).toBeUndefined();
    // Shaped like a cursor but no moment PostgreSQL knows: the first page, not a failed query.
    const id = "0b9f4a52-5d4e-4a36-9d51-6a0f4d1c2b3a";
    for (const time of [
      "2026-99-99 10:00:00+00",
      "2026-02-30 10:00:00+00",
      "2026-01-01 24:00:00+00",
      "2026-01-01 10:00:00+99",
      "0000-01-01 10:00:00+00",
    ]) {
      const cursor = Buffer.from(`${time}|${id}`).toString("base64url");
      expect(decodeCursor(cursor), time).toBeUndefined();
      expect((await findMedia(all, { limit: 4, cursor })).items.length, time).toBeGreaterThan(0);
    }
    expect(decodeCursor(Buffer.from(`2026-02-28 23:59:59.123456+05:30|${id}`).toString("base64url"))).toEqual({
      createdAt: "2026-02-28 23:59:59.123456+05:30",
      id,
    });
  });

  it("reads filters from the URL and ignores unknown values", () => {
    expect(parseFilters(new URL("http://x/media?q=%20tone%20&type=audio&category=nope"))).toEqual({
      q: "tone",
      type: "audio",
      category: "",
    });
    expect(parseFilters(new URL("http://x/media?type=hologram")).type).toBe("all");
  });

  it("gives cards a 3600 s signed thumbnail for images, never the full file", async () => {
    const [logo] = (await findMedia({ ...all, type: "image" })).items;
    const signed = signedParams(logo.previewUrl!);
    expect(signed.key).toMatch(/thumbnail\.webp$/);
    expect(signed.expires - Math.floor(Date.now() / 1000)).toBeGreaterThan(3590);
    expect(checkSignature("media-files", signed.key, signed.params)).toBe("valid");
    expect(JSON.stringify(logo)).not.toContain("logo.png");
  });

  it("download: a visitor is refused, a signed-in user gets a 60 s URL named after the title and the count goes up by one", async () => {
    const [item] = (await findMedia({ ...all, type: "audio" })).items;
    expect(await createDownload(null, item.id)).toEqual({ ok: false, status: 401, reason: "unauthenticated" });
    expect((await findMediaItem(item.id))!.downloadCount).toBe(0);

    const result = await createDownload(user, item.id);
    if (!result.ok) throw new Error("expected a download");
    expect(result.fileName).toBe("Meditation tone.wav");
    expect(result.downloadCount).toBe(1);
    const signed = signedParams(result.url);
    expect(signed.params.name).toBe("Meditation tone.wav");
    expect(signed.expires - Math.floor(Date.now() / 1000)).toBeLessThanOrEqual(60);
    expect(checkSignature("media-files", signed.key, signed.params)).toBe("valid");
    await Promise.all([createDownload(user, item.id), createDownload(user, item.id)]);
    expect((await findMediaItem(item.id))!.downloadCount).toBe(3);

    expect(await createDownload(user, "not-a-uuid")).toMatchObject({ ok: false, status: 404 });
    const [service] = (await findMedia({ ...all, type: "services" })).items;
    expect(await createDownload(user, service.id)).toMatchObject({ ok: false, status: 404 });
  });

  it("download: counted once per account and item per hour, however often it is clicked; the file is sent every time", async () => {
    const [item] = (await findMedia({ ...all, type: "image" })).items;
    await db().execute(
      sql`insert into users (id, name, email) values ('ada', 'Ada', 'ada-dl@example.com'), ('bea', 'Bea', 'bea-dl@example.com')`,
    );
    const ada = { id: "ada", email: "ada-dl@example.com", name: "Ada" };
    const bea = { id: "bea", email: "bea-dl@example.com", name: "Bea" };
    const before = (await findMediaItem(item.id))!.downloadCount;
    const clicks = await Promise.all(Array.from({ length: 20 }, () => createDownload(ada, item.id)));
    expect(clicks.every((click) => click.ok && click.url.includes("/files/media-files/"))).toBe(true);
    expect((await findMediaItem(item.id))!.downloadCount).toBe(before + 1);
    const rows = async (userId: string) =>
      (await db().execute(sql`select count(*)::int as n from media_downloads where user_id = ${userId}`)).rows[0]!.n;
    expect(await rows("ada")).toBe(1);
    // Another account counts on its own.
    expect(await createDownload(bea, item.id)).toMatchObject({ ok: true, downloadCount: before + 2 });
    // An hour later the same account counts again.
    await db().execute(sql`update media_downloads set created_at = now() - interval '61 minutes' where user_id = 'ada'`);
    expect(await createDownload(ada, item.id)).toMatchObject({ ok: true, downloadCount: before + 3 });
    expect(await rows("ada")).toBe(2);
  });

  it("preview: anyone gets a 60 s inline URL", async () => {
    const [pdf] = (await findMedia({ ...all, q: "Zukunft" })).items;
    const result = await createPreview(pdf.id);
    if (!result.ok) throw new Error("expected a preview");
    const signed = signedParams(result.url);
    expect(signed.params.name).toBeNull();
    expect(signed.expires - Math.floor(Date.now() / 1000)).toBeLessThanOrEqual(60);
  });
});
