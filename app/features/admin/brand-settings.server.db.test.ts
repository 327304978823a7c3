import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { auditLog, mediaItems, siteSettings } from "~/db/schema";
import { renderIssue } from "~/features/newsletter/render.server";
import { DEFAULT_MAIL_BRAND, NO_BRAND } from "~/lib/brand";
import { THEME_COLOURS } from "~/lib/contrast";
import { forgetBrand, getBrand } from "~/lib/brand.server";
import { db } from "~/lib/db.server";
import { onPublicContentChanged } from "~/lib/public-content.server";
import { saveFile } from "~/lib/storage.server";
import { loader as brandFileLoader } from "~/routes/brand.$image";
import { action as settingsRouteAction } from "~/routes/admin.settings";
import { answerOf, formPost, garbagePost } from "../../../tests/helpers/console-actions";
import { resetDatabase } from "../../../tests/helpers/database";
import { settingsAction } from "./settings-actions.server";

const actor = { id: "admin-1", email: "admin@ipangel.test", name: "Admin", role: "admin" as const };
const PNG = Buffer.from("89504e470d0a1a0a0000000d4948445200000001000000010806000000", "hex");

async function picture(title: string, mimeType: string, extra: Partial<typeof mediaItems.$inferInsert> = {}) {
  const key = `brand-test/${title.toLowerCase().replace(/\W+/g, "-")}`;
  await saveFile("media-files", key, PNG);
  const [row] = await db()
    .insert(mediaItems)
    .values({ title, fileType: "image", filePath: key, mimeType, fileSize: PNG.length, widthPx: 400, heightPx: 100, ...extra })
    .returning();
  return row!.id;
}

async function saveBrand(values: Record<string, string>) {
  return answerOf(await settingsAction(formPost("/admin/settings", "brand", values), actor));
}

async function fetchBrandFile(path: string) {
  const url = new URL(path, "http://localhost");
  const response = (await brandFileLoader({
    params: { image: url.pathname.split("/")[2] },
    request: new Request(url),
    context: {},
  } as never)) as Response;
  return {
    status: response.status,
    cache: response.headers.get("Cache-Control"),
    type: response.headers.get("Content-Type"),
    body: Buffer.from(await response.arrayBuffer()),
  };
}

describe("brand settings", () => {
  beforeEach(async () => {
    await resetDatabase();
    forgetBrand();
  });

  it("a saved logo, favicon, share image and colour are live at once, served from the site, audited, and drop cached pages", async () => {
    const logo = await picture("Logo", "image/webp");
    const favicon = await picture("Icon", "image/png");
    const share = await picture("Share", "image/jpeg");
    let dropped = 0;
    const stop = onPublicContentChanged(() => (dropped += 1));
    const result = await saveBrand({ logo, favicon, shareImage: share, accent: " #FFB000 " });
    stop();
    expect(result).toMatchObject({ status: 200, body: { ok: true, message: "admin.settings.brand.saved" } });
    expect(dropped).toBe(1);

    const brand = await getBrand();
    expect(brand.accent).toBe("#ffb000");
    expect(brand.logo).toMatchObject({
      url: expect.stringMatching(/^\/brand\/logo\?v=[\w-]{12}$/),
      type: "image/webp",
      width: 400,
      height: 100,
    });
    expect(brand.favicon?.url).toMatch(/^\/brand\/favicon\?v=/);
    expect(brand.shareImage?.url).toMatch(/^\/brand\/share-image\?v=/);

    // The versioned URL is cached for a year; any other revalidates, so a new choice shows at once.
    expect(await fetchBrandFile(brand.logo!.url)).toEqual({
      status: 200,
      cache: "public, max-age=31536000, immutable",
      type: "image/webp",
      body: PNG,
    });
    expect((await fetchBrandFile("/brand/logo?v=old")).cache).toBe("public, max-age=0, must-revalidate");
    expect((await fetchBrandFile("/brand/nothing")).status).toBe(404);

    const [entry] = await db().select().from(auditLog).where(eq(auditLog.entityId, "brand"));
    expect(entry).toMatchObject({ actorEmail: actor.email, action: "settings.update", summary: "brand" });
    expect(entry!.changes).toMatchObject({ logo: { before: null, after: logo }, accent: { before: null, after: "#ffb000" } });

    // Emptied: the product's own logo, icon, image and colour again, and nothing served.
    expect((await saveBrand({ logo: "", favicon: "", shareImage: "", accent: "" })).status).toBe(200);
    expect(await getBrand()).toEqual(NO_BRAND);
    expect((await fetchBrandFile("/brand/logo")).status).toBe(404);
  });

  it("refuses an SVG, a wrong type, a file over 5 MB, an unknown item and a colour below AA, and stores nothing", async () => {
    const svg = await picture("Vector", "image/svg+xml");
    const jpeg = await picture("Photo", "image/jpeg");
    const huge = await picture("Huge", "image/png", { fileSize: 6 * 1024 * 1024 });
    const pdf = await picture("Guide", "application/pdf", { fileType: "pdf" });
    const byServer = await saveBrand({ logo: svg, favicon: jpeg, shareImage: huge });
    expect(byServer.status).toBe(400);
    expect(byServer.body.result.error).toEqual({
      logo: ["admin.settings.brand.errors.type"],
      favicon: ["admin.settings.brand.errors.type"],
      shareImage: ["admin.settings.brand.errors.tooLarge"],
    });
    const unknown = await saveBrand({ logo: "00000000-0000-4000-8000-000000000000", favicon: "../../etc/passwd", shareImage: pdf });
    expect(unknown.body.result.error).toMatchObject({ favicon: ["admin.settings.brand.errors.notFound"] });
    const bySchema = await saveBrand({ accent: "#1d4ed8" });
    expect(bySchema.body.result.error).toEqual({ accent: ["admin.settings.brand.errors.background"] });
    expect((await saveBrand({ accent: "#8b9dff;}body{display:none" })).body.result.error).toEqual({
      accent: ["admin.settings.brand.errors.format"],
    });
    const afterSchema = await saveBrand({ logo: "00000000-0000-4000-8000-000000000000", shareImage: pdf });
    expect(afterSchema.body.result.error).toEqual({
      logo: ["admin.settings.brand.errors.notFound"],
      shareImage: ["admin.settings.brand.errors.type"],
    });
    expect(answerOf(await settingsAction(garbagePost("/admin/settings"), actor)).status).toBe(400);
    expect(await db().select().from(siteSettings)).toEqual([]);
    expect(await db().select().from(auditLog)).toEqual([]);
  });

  it("a newsletter issue carries the brand colour: the company's name on a band of it, in the theme's dark text", async () => {
    const plain = await renderIssue("de", { subject: "Neu", preheader: "", body: { type: "doc", content: [] } });
    expect(plain.html).toContain(`background:${DEFAULT_MAIL_BRAND.accent}`);
    expect((await saveBrand({ accent: "#ffb000" })).status).toBe(200);
    const branded = await renderIssue("de", { subject: "Neu", preheader: "", body: { type: "doc", content: [] } });
    expect(branded.html).toContain("background:#ffb000");
    expect(branded.html).toMatch(new RegExp(`color:${THEME_COLOURS.buttonText}[^>]*>\\s*IP Angel`));
  });

  it("signed out, the form's door is the console's 404", async () => {
    const request = formPost("/admin/settings", "brand", { accent: "#ffb000" });
    const thrown = await settingsRouteAction({ request, params: {}, context: {} } as never).catch((error: unknown) => error);
    // The console's not-found page (consoleNotFound throws React Router's `data(…, 404)`).
    expect(thrown).toMatchObject({ init: { status: 404 } });
    expect(await db().select().from(siteSettings)).toEqual([]);
  });

  it("ignores a stored value that no longer passes the rules (a hand-edited row, a deleted item)", async () => {
    const logo = await picture("Logo", "image/png");
    await db()
      .insert(siteSettings)
      .values({
        key: "brand",
        value: { logo, favicon: "not-an-id", shareImage: "00000000-0000-4000-8000-000000000000", accent: "#000000" },
      });
    forgetBrand();
    expect(await getBrand()).toMatchObject({ favicon: null, shareImage: null, accent: null, logo: { type: "image/png" } });
    await db().delete(mediaItems).where(eq(mediaItems.id, logo));
    forgetBrand();
    expect(await getBrand()).toEqual(NO_BRAND);
  });
});
