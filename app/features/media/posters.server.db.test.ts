import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeEach, describe, expect, it } from "vitest";
import { mediaItems } from "~/db/schema";
import { storeUpload } from "~/features/admin/upload.server";
import { db } from "~/lib/db.server";
import { resolveFile } from "~/lib/storage.server";
import { loader as pageImageLoader } from "~/routes/page-images.$id";
import { uploadRequest } from "../../../tests/helpers/console-actions";
import { resetDatabase } from "../../../tests/helpers/database";
import { makePng, makeWav, withCover } from "../../../tests/helpers/media-fixtures";
import { importManifest } from "./import.server";
import { selectItems, toView } from "./media.server";

/** Pictures for video and audio items (ADR 0093): a manifest's poster, an embedded cover, a frame the console drew. */

const recording = () => fs.readFileSync(path.resolve(import.meta.dirname, "../../../tests/fixtures/browser-recording.webm"));
const editor = { id: "editor-1", email: "editor@ipangel.test", name: "Editor", role: "editor" as const };

/** Writes `files` beside a manifest of `items` and imports it. */
async function importItems(items: Array<Record<string, unknown>>, files: Record<string, Buffer | string>) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "media-posters-"));
  fs.mkdirSync(path.join(dir, "files"));
  for (const [name, data] of Object.entries(files)) fs.writeFileSync(path.join(dir, "files", name), data);
  fs.writeFileSync(path.join(dir, "manifest.json"), JSON.stringify({ items }));
  return importManifest(path.join(dir, "manifest.json"));
}

async function itemTitled(title: string) {
  const [row] = await db().select().from(mediaItems).where(eq(mediaItems.title, title));
  return row!;
}

/** The item as the library's card sees it. */
async function cardOf(id: string) {
  const [row] = await selectItems("en").where(eq(mediaItems.id, id));
  return toView(row!, "en");
}

const pictureOf = (key: string) => sharp(resolveFile("media-files", key)).stats();
const get = (id: string, query = "") =>
  pageImageLoader({
    request: new Request(`http://localhost/page-images/${id}${query}`),
    params: { id },
    context: {},
  } as never) as Promise<Response>;

describe("pictures for video and audio items", () => {
  beforeEach(resetDatabase);

  it("a manifest's poster is a video's picture in every size, and its card shows it, never the video", async () => {
    const result = await importItems([{ title: "Clip", file_type: "video", file: "files/clip.webm", poster: "files/clip-frame.png" }], {
      "clip.webm": recording(),
      "clip-frame.png": await makePng(1280, 720, { r: 250, g: 20, b: 20 }),
    });
    expect(result.rejected).toEqual([]);
    const clip = await itemTitled("Clip");
    // The video's own measurements stay; the picture is the poster's.
    expect(clip).toMatchObject({ fileType: "video", widthPx: 320, heightPx: 240, renditionWidths: [480, 960, 1440] });
    expect(await sharp(resolveFile("media-files", clip.thumbnailPath!)).metadata()).toMatchObject({
      format: "webp",
      width: 480,
      height: 270,
    });
    expect((await pictureOf(clip.thumbnailPath!)).channels[0]!.mean).toBeGreaterThan(200);

    const card = await cardOf(clip.id);
    expect(card.picture).toEqual({ v: expect.any(String), w: [480, 960, 1440] });
    // Served like an image's renditions (the card's <picture>), in AVIF and WebP.
    const avif = await get(clip.id, `?v=${card.picture!.v}&w=960&f=avif`);
    expect(avif.status).toBe(200);
    expect(avif.headers.get("content-type")).toBe("image/avif");
    expect((await get(clip.id)).headers.get("content-type")).toBe("image/webp");
  });

  it("an audio file's embedded cover is its picture; a manifest's poster comes before it", async () => {
    const cover = await makePng(600, 600, { r: 20, g: 200, b: 20 });
    const result = await importItems(
      [
        { title: "Song", file_type: "audio", file: "files/song.wav" },
        { title: "Song with poster", file_type: "audio", file: "files/song.wav", poster: "files/waveform.png" },
        { title: "Plain tone", file_type: "audio", file: "files/tone.wav" },
      ],
      { "song.wav": withCover(makeWav(1500), cover), "waveform.png": await makePng(1440, 810), "tone.wav": makeWav(1500) },
    );
    expect(result.rejected).toEqual([]);
    const song = await itemTitled("Song");
    expect(song.durationMs).toBe(1500);
    expect(await sharp(resolveFile("media-files", song.thumbnailPath!)).metadata()).toMatchObject({ width: 480, height: 480 });
    expect((await pictureOf(song.thumbnailPath!)).channels[1]!.mean).toBeGreaterThan(150);
    // A cover's size is not stored: the card lists the widths drawn (480 and the 600 px as "960").
    expect((await cardOf(song.id)).picture?.w).toEqual([480, 960]);

    const posterFirst = await itemTitled("Song with poster");
    expect(await sharp(resolveFile("media-files", posterFirst.thumbnailPath!)).metadata()).toMatchObject({ width: 480, height: 270 });
    // Without a cover or a poster: no picture, the card shows the type's icon.
    const plain = await itemTitled("Plain tone");
    expect(plain.thumbnailPath).toBeNull();
    expect((await cardOf(plain.id)).picture).toBeNull();
  });

  it("a poster that is no raster picture is refused with its item, and only video and audio items take one", async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360"><rect width="640" height="360"/></svg>';
    const result = await importItems(
      [
        { title: "Text poster", file_type: "video", file: "files/clip.webm", poster: "files/notes.txt" },
        { title: "Vector poster", file_type: "video", file: "files/clip.webm", poster: "files/frame.svg" },
        { title: "Missing poster", file_type: "audio", file: "files/tone.wav", poster: "files/nowhere.png" },
        { title: "Image with poster", file_type: "image", file: "files/frame.png", poster: "files/frame.png" },
      ],
      {
        "clip.webm": recording(),
        "notes.txt": "not a picture",
        "frame.svg": svg,
        "tone.wav": makeWav(500),
        "frame.png": await makePng(64, 36),
      },
    );
    expect(result.created).toEqual([]);
    expect(result.rejected.map(({ title, reason, poster }) => ({ title, reason, poster }))).toEqual([
      { title: "Text poster", reason: expect.stringContaining("could not read files/notes.txt as picture"), poster: true },
      { title: "Vector poster", reason: expect.stringContaining("not a raster image: svg"), poster: true },
      { title: "Missing poster", reason: "file not found: files/nowhere.png", poster: undefined },
      { title: "Image with poster", reason: expect.stringContaining("poster is for video and audio items"), poster: undefined },
    ]);
  });

  it("a console upload keeps the frame its browser drew in front of the file, and refuses one that is no picture", async () => {
    const frame = await makePng(320, 240, { r: 20, g: 20, b: 250 });
    const body = Buffer.concat([frame, recording()]);
    const headers = { "X-Poster-Length": String(frame.length) };
    const stored = await storeUpload(editor, uploadRequest(body, { headers }), {
      fileName: "Recording.webm",
      language: "en",
      maxBytes: 10_000_000,
    });
    const [row] = await db().select().from(mediaItems).where(eq(mediaItems.id, stored.id));
    // The file is the recording alone, measured as before; the frame is its picture.
    expect(row).toMatchObject({ fileType: "video", fileSize: recording().length, widthPx: 320, heightPx: 240 });
    expect(await sharp(resolveFile("media-files", row!.thumbnailPath!)).metadata()).toMatchObject({ width: 320, height: 240 });
    expect((await pictureOf(row!.thumbnailPath!)).channels[2]!.mean).toBeGreaterThan(200);

    // No picture: stored as before, without one.
    const plain = await storeUpload(editor, uploadRequest(recording()), { fileName: "Plain.webm", language: "en", maxBytes: 10_000_000 });
    expect((await db().select().from(mediaItems).where(eq(mediaItems.id, plain.id)))[0]!.thumbnailPath).toBeNull();

    const text = Buffer.from("<html>not a picture</html>");
    for (const [poster, length] of [
      [text, String(text.length)],
      [frame, "12abc"],
      [frame, String(20 * 1024 * 1024)],
    ] as const) {
      await expect(
        storeUpload(editor, uploadRequest(Buffer.concat([poster, recording()]), { headers: { "X-Poster-Length": length } }), {
          fileName: "Forged.webm",
          language: "en",
          maxBytes: 10_000_000,
        }),
      ).rejects.toMatchObject({ key: "admin.media.errors.poster" });
    }
    expect(await db().select({ id: mediaItems.id }).from(mediaItems).where(eq(mediaItems.title, "Forged"))).toEqual([]);
  });
});
