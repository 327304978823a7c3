import fs from "node:fs";
import { sql } from "drizzle-orm";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { findMedia } from "~/features/media/media.server";
import { importManifest } from "~/features/media/import.server";
import { db } from "~/lib/db.server";
import { checkSignature, resolveFile } from "~/lib/storage.server";
import { resetDatabase } from "../../tests/helpers/database";
import { writeMediaFixtures } from "../../tests/helpers/media-fixtures";

// The accounts feature supplies the session; here a test decides who is signed in.
const session = vi.hoisted(() => ({ user: null as null | { id: string; email: string; name: string } }));
vi.mock("~/features/account/session.server", () => ({
  getOptionalUser: async () => session.user,
}));

const { loader } = await import("./api.media.preview");

async function preview(id: string) {
  const request = new Request(`http://localhost/api/media/${id}/preview?format=json`);
  return (await loader({ request, params: { id }, context: {} } as never)) as Response;
}

/** The bytes a signed URL serves (after checking its signature, as the file route does). */
async function bytesOf(url: string) {
  const parsed = new URL(url, "http://localhost");
  const [, , bucket, ...key] = parsed.pathname.split("/");
  const storageKey = key.map(decodeURIComponent).join("/");
  const params = Object.fromEntries(parsed.searchParams);
  expect(checkSignature(bucket as "media-files", storageKey, params)).toBe("valid");
  return fs.promises.readFile(resolveFile(bucket as "media-files", storageKey));
}

describe("GET /api/media/:id/preview", () => {
  let dir: string;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    await resetDatabase();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "preview-route-"));
    const { manifestPath } = await writeMediaFixtures(dir);
    await importManifest(manifestPath);
    for (const type of ["image", "audio"] as const) ids[type] = (await findMedia({ q: "", type, category: "" })).items[0]!.id;
    ids.pdf = (await findMedia({ q: "Zukunft", type: "document", category: "" })).items[0]!.id;
  });
  beforeEach(() => {
    session.user = null;
  });

  it("shows a visitor a re-encoded rendition of an image, at most 1600 px, never the original bytes", async () => {
    const original = fs.readFileSync(path.join(dir, "files/logo.png"));
    const response = await preview(ids.image!);
    expect(response.status).toBe(200);
    const { url } = (await response.json()) as { url: string };
    const served = await bytesOf(url);
    expect(served.equals(original)).toBe(false);
    const { width, height, format } = await sharp(served).metadata();
    expect(format).toBe("webp");
    expect(Math.max(width!, height!)).toBeLessThanOrEqual(1600);
    // A member opens the original.
    session.user = { id: "u1", email: "ada@example.com", name: "Ada" };
    const member = (await (await preview(ids.image!)).json()) as { url: string };
    expect((await bytesOf(member.url)).equals(original)).toBe(true);
  });

  it("streams audio to a visitor as before, shows a PDF's first page, and never an image without a rendition", async () => {
    const audio = (await (await preview(ids.audio!)).json()) as { url: string };
    expect((await bytesOf(audio.url)).equals(fs.readFileSync(path.join(dir, "files/tone.wav")))).toBe(true);
    const pdf = (await (await preview(ids.pdf!)).json()) as { url: string };
    expect((await sharp(await bytesOf(pdf.url)).metadata()).format).toBe("webp");
    await db().execute(sql`update media_items set thumbnail_path = null where id = ${ids.image!}`);
    const bare = await preview(ids.image!);
    expect(bare.status).toBe(401);
    expect(await bare.json()).toEqual({ error: "Please sign in to open this file" });
    expect((await preview("not-an-id")).status).toBe(404);
    expect((await preview("00000000-0000-4000-8000-000000000000")).status).toBe(404);
  });
});
