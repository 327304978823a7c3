import { beforeEach, describe, expect, it } from "vitest";
import { resetDatabase } from "../../tests/helpers/database";
import { publishPage, saveDraft } from "~/features/admin/pages.server";
import { loader as textsLoader } from "~/routes/texts";
import { getServerTranslator } from "./i18n.server";
import { publishedContentChanged } from "./page-content.server";
import { pagePreviewOf, PREVIEW_LIFETIME_MS, previewLink, readPreviewToken, requestTranslator, signPreview } from "./page-preview.server";

/** Preview links of a draft (ADR 0059): the token's one parser, and what a page request renders with it. */
const admin = { id: "admin-1", email: "admin@ipangel.test", name: "Admin", role: "admin" as const };

/** A character of the token's signature (or payload) changed to another valid one. */
function changedAt(token: string, index: number) {
  const at = index < 0 ? token.length + index : index;
  return `${token.slice(0, at)}${token[at] === "A" ? "B" : "A"}${token.slice(at + 1)}`;
}

const pageUrl = (path: string, token: string, lang = "de") =>
  new URL(`http://site.test${path}?lang=${lang}&preview=${encodeURIComponent(token)}`);

describe("preview tokens", () => {
  it("name the page, the language and the expiry, and hold for 24 hours", () => {
    const now = Date.UTC(2026, 10, 26, 12);
    const token = signPreview("about", "de", now);
    expect(readPreviewToken(token, now)).toEqual({ ok: true, namespace: "about", language: "de", expiresAt: now + PREVIEW_LIFETIME_MS });
    expect(readPreviewToken(token, now + PREVIEW_LIFETIME_MS - 1000)).toMatchObject({ ok: true });
    expect(readPreviewToken(token, now + PREVIEW_LIFETIME_MS)).toEqual({ ok: false, reason: "expired" });
  });

  it("refuse a changed signature, page, language or expiry as invalid (never as expired)", () => {
    const now = Date.now();
    const token = signPreview("about", "de", now);
    const [, , expires, signature] = token.split(".");
    for (const forged of [
      changedAt(token, -1),
      `home.de.${expires}.${signature}`,
      `about.es.${expires}.${signature}`,
      `about.de.${Number(expires) + 3600}.${signature}`,
      `about.de.${Number(expires) - 2 * 86_400}.${signature}`,
      "",
      "about.de",
      `${token}.x`,
      `${token}${"A".repeat(200)}`,
      `__proto__.de.${expires}.${signature}`,
    ]) {
      expect(readPreviewToken(forged, now), forged).toEqual({ ok: false, reason: "invalid" });
    }
    expect(readPreviewToken(null, now)).toEqual({ ok: false, reason: "invalid" });
  });

  it("of a page request: only on the token's own page, in its language, once", () => {
    const token = signPreview("about", "de");
    expect(pagePreviewOf(pageUrl("/about", token))).toMatchObject({ ok: true, namespace: "about" });
    // React Router's data request of the same page.
    expect(pagePreviewOf(pageUrl("/about.data", token))).toMatchObject({ ok: true });
    expect(pagePreviewOf(pageUrl("/privacy", token))).toEqual({ ok: false, reason: "invalid" });
    expect(pagePreviewOf(pageUrl("/about", token, "en"))).toEqual({ ok: false, reason: "invalid" });
    expect(pagePreviewOf(new URL(`http://site.test/about?preview=${token}`))).toEqual({ ok: false, reason: "invalid" });
    expect(pagePreviewOf(new URL(`http://site.test/about?lang=de&preview=${token}&preview=${token}`))).toEqual({
      ok: false,
      reason: "invalid",
    });
    expect(pagePreviewOf(pageUrl("/", signPreview("home", "de")))).toMatchObject({ ok: true, namespace: "home" });
    expect(pagePreviewOf(pageUrl("/_root.data", signPreview("home", "de")))).toMatchObject({ ok: true, namespace: "home" });
    // Not a content page, or no preview asked: the parameter means nothing.
    expect(pagePreviewOf(pageUrl("/media", token))).toBeUndefined();
    expect(pagePreviewOf(new URL("http://site.test/about?lang=de"))).toBeUndefined();
  });

  it("make the editor's link: the public page in the language, with the token", () => {
    const { url, expiresAt } = previewLink("privacy", "es", Date.UTC(2026, 0, 1));
    const parsed = new URL(url);
    expect(parsed.pathname).toBe("/privacy");
    expect(parsed.searchParams.get("lang")).toBe("es");
    expect(readPreviewToken(parsed.searchParams.get("preview"), Date.UTC(2026, 0, 1))).toMatchObject({
      ok: true,
      namespace: "privacy",
      language: "es",
    });
    expect(expiresAt).toBe("2026-01-02T00:00:00.000Z");
  });
});

describe("a page opened through a preview link", () => {
  beforeEach(async () => {
    await resetDatabase();
    await publishedContentChanged();
  });

  const title = async (request: Request) => (await requestTranslator(request)).t("about.hero.title");

  it("shows the draft as it is at each request; anyone else sees the published page", async () => {
    await publishPage(admin, "about", "de", { "hero.title": "Veröffentlicht" });
    await saveDraft(admin, "about", "de", { "hero.title": "Erster Entwurf" });
    const link = pageUrl("/about", signPreview("about", "de"));
    const preview = new Request(link);
    expect(await title(preview)).toBe("Erster Entwurf");
    await saveDraft(admin, "about", "de", { "hero.title": "Zweiter Entwurf" });
    expect(await title(new Request(link))).toBe("Zweiter Entwurf");
    // One request reads the draft once: its loader, page head and pictures agree.
    expect(await title(preview)).toBe("Erster Entwurf");

    expect(await title(new Request("http://site.test/about?lang=de"))).toBe("Veröffentlicht");
    expect((await getServerTranslator("de")).t("about.hero.title")).toBe("Veröffentlicht");
    // A token that does not hold renders the published page (the door answers it before that).
    expect(await title(new Request(pageUrl("/about", changedAt(signPreview("about", "de"), -1))))).toBe("Veröffentlicht");
    const expired = signPreview("about", "de", Date.now() - PREVIEW_LIFETIME_MS - 1000);
    expect(await title(new Request(pageUrl("/about", expired)))).toBe("Veröffentlicht");
  });

  it("of the footer, shows its draft on the content page its link opens, and nowhere without the token", async () => {
    await saveDraft(admin, "common", "de", { "footer.tagline": "Entwurf der Fußzeile" });
    const link = new URL(previewLink("common", "de").url);
    expect(link.pathname).toBe("/");
    const tagline = async (request: Request) => (await requestTranslator(request)).t("common.footer.tagline");
    expect(await tagline(new Request(pageUrl("/", link.searchParams.get("preview")!)))).toBe("Entwurf der Fußzeile");
    expect(await tagline(new Request(pageUrl("/about", signPreview("common", "de"))))).toBe("Entwurf der Fußzeile");
    expect(await tagline(new Request("http://site.test/about?lang=de"))).not.toBe("Entwurf der Fußzeile");
    // The footer's token previews the footer, not the page it opens on.
    expect(pagePreviewOf(pageUrl("/about", signPreview("common", "de")))).toMatchObject({ ok: true, namespace: "common" });
  });

  it("shows the published page once the draft is published or gone", async () => {
    await saveDraft(admin, "about", "de", { "hero.title": "Entwurf" });
    const preview = new Request(pageUrl("/about", signPreview("about", "de")));
    await publishPage(admin, "about", "de", { "hero.title": "Jetzt live" });
    expect(await title(preview)).toBe("Jetzt live");
  });

  it("gives the browser the draft's texts for that token only, never stored", async () => {
    await saveDraft(admin, "contact", "de", { "heading.titleStart": "Schreiben Sie uns (Entwurf)" });
    const texts = async (file: string, token: string) => {
      const response = await textsLoader({
        params: { language: "de", file },
        request: new Request(`http://site.test/texts/de/${file}?preview=${encodeURIComponent(token)}`),
        context: {},
      } as never);
      return { body: (await response.json()) as { heading: { titleStart: string } }, cacheControl: response.headers.get("cache-control") };
    };
    const draft = await texts("contact.json", signPreview("contact", "de"));
    expect(draft.body.heading.titleStart).toBe("Schreiben Sie uns (Entwurf)");
    expect(draft.cacheControl).toBe("private, no-store");
    for (const token of [signPreview("contact", "es"), signPreview("about", "de"), changedAt(signPreview("contact", "de"), -2)]) {
      const published = await texts("contact.json", token);
      expect(published.body.heading.titleStart).not.toBe("Schreiben Sie uns (Entwurf)");
      expect(published.cacheControl).toBe("no-cache");
    }
  });
});
