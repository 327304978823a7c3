import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publishPage, saveDraft } from "~/features/admin/pages.server";
import { publishedContentChanged } from "~/lib/page-content.server";
import { pagePreviewOf, PREVIEW_LIFETIME_MS, requestTranslator, signPreview } from "~/lib/page-preview.server";
import { resetDatabase } from "../tests/helpers/database";
import { sourcePageTable } from "../tests/helpers/page-table";
import { createPageCache } from "./page-cache";
import { createPreviewDoor } from "./preview-door";
import { applyPrivacyHeaders } from "./react-router-adapter";

/**
 * The preview door over HTTP (ADR 0059), in front of the real page cache, as server/app.ts mounts it;
 * the page is rendered with the translator React Router's entry uses (the built app is not needed).
 */
const admin = { id: "admin-1", email: "admin@ipangel.test", name: "Admin", role: "admin" as const };
let server: ReturnType<express.Express["listen"]>;
let base = "";
let cache: ReturnType<typeof createPageCache>;

async function renderPage(request: Request) {
  const { t } = await requestTranslator(request);
  const preview = pagePreviewOf(new URL(request.url))?.ok ? "<p>preview</p>" : "";
  return new Response(`<html><body>${preview}<h1>${t("about.hero.title")}</h1></body></html>`, {
    headers: { "Content-Type": "text/html; charset=utf-8" },
  });
}

beforeAll(async () => {
  await resetDatabase();
  await publishedContentChanged();
  await publishPage(admin, "about", "de", { "hero.title": "Veröffentlicht" });
  await saveDraft(admin, "about", "de", { "hero.title": "Nur im Entwurf" });
  const pages = await sourcePageTable();
  cache = createPageCache({ pages: () => pages, getLoadContext: () => ({}), handler: (request) => renderPage(request) });
  const app = express();
  app.use((_req, res, next) => {
    res.locals.cspNonce = randomBytes(16).toString("base64");
    next();
  });
  app.use(createPreviewDoor());
  app.use(cache);
  // What the React Router adapter does for everything the cache passes on.
  app.use(async (req, res) => {
    const response = await renderPage(new Request(`http://localhost${req.originalUrl}`, { headers: { cookie: req.headers.cookie ?? "" } }));
    const headers = new Headers(response.headers);
    applyPrivacyHeaders(req, headers, res.locals.preview === true);
    res.status(response.status);
    for (const [name, value] of headers) res.setHeader(name, value);
    res.send(await response.text());
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  cache.close();
  await new Promise((resolve) => server.close(resolve));
});

async function get(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${base}${path}`, { headers: { accept: "text/html", ...headers } });
  return {
    status: response.status,
    body: await response.text(),
    cacheControl: response.headers.get("cache-control"),
    robots: response.headers.get("x-robots-tag"),
    pageCache: response.headers.get("x-page-cache"),
  };
}

const link = (token: string, lang = "de", path = "/about") => `${path}?lang=${lang}&preview=${encodeURIComponent(token)}`;

describe("the preview door", () => {
  it("shows the draft to someone signed out, private and never indexed, and never puts it in the page cache", async () => {
    const preview = await get(link(signPreview("about", "de")));
    expect(preview.status).toBe(200);
    expect(preview.body).toContain("Nur im Entwurf");
    expect(preview.cacheControl).toBe("private, no-store");
    expect(preview.robots).toBe("noindex");
    expect(preview.pageCache).toBeNull();

    const visitor = await get("/about?lang=de");
    expect(visitor.pageCache).toBe("miss");
    expect(visitor.body).toContain("Veröffentlicht");
    expect(visitor.body).not.toContain("Nur im Entwurf");
    // Nor is the cached page handed to the next preview.
    expect((await get(link(signPreview("about", "de")))).body).toContain("Nur im Entwurf");
  });

  it("answers a changed, misplaced or expired link with a translated page, never the draft", async () => {
    const token = signPreview("about", "de");
    const changed = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    for (const path of [
      link(changed),
      link(token, "en"),
      link(token, "de", "/privacy"),
      link(signPreview("about", "es")),
      `/about?lang=de&preview=${"x".repeat(5000)}`,
      `/about?lang=de&preview=${token}&preview=${token}`,
    ]) {
      const answer = await get(path);
      expect(answer.status, path).toBe(403);
      expect(answer.body, path).not.toContain("Nur im Entwurf");
      expect(answer.cacheControl, path).toBe("no-store");
      expect(answer.robots, path).toBe("noindex");
    }
    expect((await get(link(changed))).body).toContain("Dieser Vorschaulink ist ungültig.");
    expect((await get(link(changed, "en"))).body).toContain("This preview link is not valid.");

    const expired = await get(link(signPreview("about", "es", Date.now() - PREVIEW_LIFETIME_MS - 60_000), "es"));
    expect(expired.status).toBe(410);
    expect(expired.body).toContain("Este enlace de vista previa ha caducado");
    expect(expired.body).not.toContain("Nur im Entwurf");
  });

  it("leaves a page that is no content page alone, and answers HEAD of a preview as privately as GET", async () => {
    const media = await fetch(`${base}/media?preview=whatever`, { headers: { accept: "text/html" } });
    expect(media.status).toBe(200);
    const head = await fetch(`${base}${link(signPreview("about", "de"))}`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("cache-control")).toBe("private, no-store");
    // The parameter's name percent-encoded is the same parameter: the same door.
    const encoded = await get(`/about?lang=de&%70review=${encodeURIComponent(signPreview("about", "de"))}`);
    expect(encoded.body).toContain("Nur im Entwurf");
    expect(encoded.cacheControl).toBe("private, no-store");
    expect((await get(`/about?lang=de&%70review=forged`)).status).toBe(403);
  });

  it("lets a news post's preview link through privately, and refuses it on a page or another language (ADR 0066)", async () => {
    const post = "0b6f8a52-3c1e-4e0a-9b7d-2f4c6a8e1d30";
    const token = signPreview(`post-${post}`, "de");
    const good = await get(`/news/entwurf?lang=de&preview=${token}`);
    expect(good.status).toBe(200);
    expect(good.cacheControl).toBe("private, no-store");
    expect(good.robots).toBe("noindex");
    expect(good.pageCache).toBeNull();
    for (const path of [
      `/news/entwurf?lang=en&preview=${token}`,
      link(token),
      `/news/entwurf?lang=de&preview=${signPreview("about", "de")}`,
    ]) {
      expect((await get(path)).status, path).toBe(403);
    }
    const expired = signPreview(`post-${post}`, "de", Date.now() - PREVIEW_LIFETIME_MS - 60_000);
    expect((await get(`/news/entwurf?lang=de&preview=${expired}`)).status).toBe(410);
  });
});
