import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/lib/db.server";
import { fileExists, resolveFile } from "~/lib/storage.server";
import { resetDatabase } from "../../../tests/helpers/database";
import { writeMediaFixtures } from "../../../tests/helpers/media-fixtures";
import { detectSheetType, importManifest, InterruptedImport, ManifestError, safeFileName } from "./import.server";

function tempDir() {
  return fs.mkdtempSync(path.join(os.tmpdir(), "media-import-"));
}

async function itemByTitle(title: string) {
  const { rows } = await db().execute<Record<string, unknown>>(sql`select * from media_items where title = ${title}`);
  return rows;
}

async function countItems() {
  const { rows } = await db().execute<{ n: number }>(sql`select count(*)::int as n from media_items`);
  return rows[0].n;
}

describe("media import", () => {
  beforeEach(resetDatabase);

  it("imports every kind of file and measures what the file tells", async () => {
    const { manifestPath } = await writeMediaFixtures(tempDir());
    const result = await importManifest(manifestPath);
    expect(result.rejected).toEqual([]);
    expect(result.created).toHaveLength(6);

    const [image] = await itemByTitle("Logo pack");
    expect(image).toMatchObject({ file_type: "image", width_px: 1200, height_px: 630, mime_type: "image/png", ai_generated: true });
    expect(image.file_size).toBe(fs.statSync(path.join(path.dirname(manifestPath), "files/logo.png")).size);
    expect(image.file_path).toMatch(/^items\/[0-9a-f-]{36}\/logo\.png$/);
    // The card shows a ~480 px WebP thumbnail, never the full file.
    expect(image.thumbnail_path).toMatch(/thumbnail\.webp$/);
    const thumbnail = await sharp(resolveFile("media-files", image.thumbnail_path as string)).metadata();
    expect(thumbnail).toMatchObject({ format: "webp", width: 480 });
    expect(image.license).toMatchObject({ spdx_id: "CC-BY-4.0" });
    expect(image.external_links).toEqual({ Project_Page: "https://example.org/logo" });

    const [audio] = await itemByTitle("Meditation tone");
    expect(audio.duration_ms).toBe(2500);
    const [pdf] = await itemByTitle("Häuser der Zukunft");
    expect(pdf.pages).toBe(3);
    const [sheet] = await itemByTitle("Price list");
    expect(sheet.sheet_type).toBe("csv");
    const [service] = await itemByTitle("Translation API");
    expect(service).toMatchObject({ file_path: null, service_kind: "REST API", endpoint: "https://api.example.org/translate" });
    expect(await fileExists("media-files", image.file_path as string)).toBe(true);
  });

  it("links categories, including ones named only on an item", async () => {
    const dir = tempDir();
    const { manifestPath, manifest } = await writeMediaFixtures(dir);
    (manifest.items[4] as { categories?: string[] }).categories = ["Notes"];
    fs.writeFileSync(manifestPath, JSON.stringify(manifest));
    await importManifest(manifestPath);
    const { rows } = await db().execute<{ name: string; n: number }>(sql`
      select c.name, count(mc.media_item_id)::int as n from categories c
      left join media_categories mc on mc.category_id = c.id group by c.name order by c.name`);
    expect(rows).toEqual([
      { name: "Brand", n: 2 },
      { name: "Notes", n: 1 },
      { name: "Tutorials", n: 2 },
    ]);
  });

  it("rejects bad items with their index and reason and still imports the others", async () => {
    const dir = tempDir();
    const { manifestPath, manifest } = await writeMediaFixtures(dir);
    manifest.items.push(
      { title: "Unknown type", file_type: "hologram", file: "files/logo.png" } as never,
      { title: "Missing file", file_type: "image", file: "files/nope.png" } as never,
      { description: "no title", file_type: "image", file: "files/logo.png" } as never,
      { title: "No file", file_type: "pdf" } as never,
      { title: "Broken image", file_type: "image", file: "files/notes.txt" } as never,
    );
    fs.writeFileSync(manifestPath, JSON.stringify(manifest));
    const result = await importManifest(manifestPath);
    expect(result.created).toHaveLength(6);
    expect(result.rejected.map((rejected) => rejected.index)).toEqual([6, 7, 8, 9, 10]);
    expect(result.rejected[0].reason).toMatch(/file_type must be one of image, video, audio, pdf, sheet, document, services/);
    expect(result.rejected[1].reason).toBe("file not found: files/nope.png");
    expect(result.rejected[2].reason).toMatch(/title is required/);
    expect(result.rejected[3].reason).toBe("file is required for file_type pdf");
    expect(result.rejected[4].reason).toMatch(/could not read files\/notes.txt as image/);
    expect(await countItems()).toBe(6);
  });

  it("stores an item's translations and the categories' German and Spanish names, and refuses a translation into the item's own language", async () => {
    const dir = tempDir();
    const manifest = {
      categories: ["Brand"],
      category_names: { Brand: { de: "Marke", es: "Marca" } },
      items: [
        {
          title: "Brand consulting",
          file_type: "services",
          language: "en",
          categories: ["Brand"],
          translations: { de: { title: "Markenberatung" }, es: { title: "Asesoría de marca", description: "Para su equipo." } },
        },
        { title: "Own language twice", file_type: "services", language: "de", translations: { de: { title: "Doppelt" } } },
      ],
    };
    fs.writeFileSync(path.join(dir, "manifest.json"), JSON.stringify(manifest));
    const result = await importManifest(path.join(dir, "manifest.json"));
    expect(result.rejected).toEqual([
      expect.objectContaining({ index: 1, reason: expect.stringMatching(/^translations\.de: the item's own language/) }),
    ]);
    const { rows } = await db().execute<{ language: string; title: string; description: string | null }>(
      sql`select language, title, description from media_item_translations order by language`,
    );
    expect(rows).toEqual([
      { language: "de", title: "Markenberatung", description: null },
      { language: "es", title: "Asesoría de marca", description: "Para su equipo." },
    ]);
    const { rows: named } = await db().execute<{ names: unknown }>(sql`select names from categories where name = 'Brand'`);
    expect(named[0].names).toEqual({ de: "Marke", es: "Marca" });
  });

  it("refuses a manifest that is not JSON or has no items", async () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, "bad.json"), "{ not json");
    await expect(importManifest(path.join(dir, "bad.json"))).rejects.toThrow(ManifestError);
    fs.writeFileSync(path.join(dir, "empty.json"), "{}");
    await expect(importManifest(path.join(dir, "empty.json"))).rejects.toThrow(/items/);
  });

  it("is idempotent: a rerun updates in place, by id or by title", async () => {
    const dir = tempDir();
    const { manifestPath, manifest } = await writeMediaFixtures(dir);
    const id = "0b1d3f6e-4a8c-4e2f-9b7a-1c2d3e4f5a6b";
    (manifest.items[0] as { id?: string }).id = id;
    fs.writeFileSync(manifestPath, JSON.stringify(manifest));
    await importManifest(manifestPath);
    await db().execute(sql`update media_items set download_count = 7 where id = ${id}`);

    manifest.items[0].title = "Logo pack (renamed)";
    manifest.items[1].description = "Changed description";
    fs.writeFileSync(manifestPath, JSON.stringify(manifest));
    const second = await importManifest(manifestPath);
    expect(second.created).toHaveLength(0);
    expect(second.updated).toHaveLength(6);
    expect(await countItems()).toBe(6);
    const [renamed] = await itemByTitle("Logo pack (renamed)");
    expect(renamed).toMatchObject({ id, download_count: 7 });
    expect((await itemByTitle("Meditation tone"))[0].description).toBe("Changed description");
    const { rows } = await db().execute<{ n: number }>(sql`select count(*)::int as n from media_categories`);
    expect(rows[0].n).toBe(4);
  });

  it("a killed import leaves no half item, and a rerun completes it", async () => {
    const { manifestPath } = await writeMediaFixtures(tempDir());
    await expect(
      importManifest(manifestPath, {
        beforeCommit: (index) => {
          if (index === 2) throw new InterruptedImport("killed");
        },
      }),
    ).rejects.toThrow(InterruptedImport);
    // Items 0 and 1 were committed; item 2's row and links were rolled back although its file was copied.
    expect(await countItems()).toBe(2);
    expect(await itemByTitle("Häuser der Zukunft")).toHaveLength(0);

    const rerun = await importManifest(manifestPath);
    expect(rerun.rejected).toEqual([]);
    expect(rerun.created.map((item) => item.index)).toEqual([2, 3, 4, 5]);
    expect(rerun.updated.map((item) => item.index)).toEqual([0, 1]);
    expect(await countItems()).toBe(6);
    const [pdf] = await itemByTitle("Häuser der Zukunft");
    expect(await fileExists("media-files", pdf.file_path as string)).toBe(true);
  });

  it("tells sheet formats apart by their bytes", () => {
    expect(detectSheetType(Buffer.from("a,b\n1,2\n"), "x.csv")).toBe("csv");
    expect(detectSheetType(Buffer.from([0x50, 0x4b, 0x03, 0x04, ...Buffer.from("[Content_Types].xml xl/workbook.xml")]), "x.bin")).toBe(
      "xlsx",
    );
    expect(
      detectSheetType(
        Buffer.from([0x50, 0x4b, 0x03, 0x04, ...Buffer.from("mimetypeapplication/vnd.oasis.opendocument.spreadsheet")]),
        "x.zip",
      ),
    ).toBe("ods");
    expect(detectSheetType(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0, 0]), "x.xls")).toBe("xls");
  });

  it("makes storage-safe file names", () => {
    expect(safeFileName("Mein Häuschen (final).PNG")).toBe("Mein-Hauschen-final.png");
    expect(safeFileName("../../etc/passwd")).toBe("passwd");
    expect(safeFileName(".hidden")).toBe("hidden");
  });
});
