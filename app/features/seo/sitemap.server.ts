import { CONTENT_NAMESPACES, CONTENT_PAGES } from "~/lib/content-pages";
import { getEnv } from "~/lib/env.server";
import { LANGUAGES, type Language } from "~/lib/i18n";
import { liveLanguagesOf } from "~/lib/page-content.server";
import { localizedUrl } from "~/lib/seo";

const escapeXml = (value: string) => value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/**
 * Every page whose route declares `sitemap: true` (`paths`), in every language it is live in, each with
 * its hreflang alternates (xhtml:link). A content page unpublished in a language (ADR 0058) is neither
 * listed nor announced in it.
 */
export async function renderSitemap(
  paths: readonly string[],
  origin = getEnv().PUBLIC_URL,
  /** Pages with an address of their own per language (a news post: its slug in each language it is published in). */
  localized: ReadonlyArray<Partial<Record<Language, string>>> = [],
) {
  const entries: string[] = [];
  for (const group of localized) {
    const languages = LANGUAGES.filter((language) => group[language]);
    if (languages.length === 0) continue;
    const url = (language: Language) => localizedUrl(origin, group[language]!, language);
    const fallback = languages.includes("en") ? "en" : languages[0]!;
    const alternates = [...languages.map((language) => [language, url(language)] as const), ["x-default", url(fallback)] as const]
      .map(([hrefLang, href]) => `    <xhtml:link rel="alternate" hreflang="${hrefLang}" href="${escapeXml(href)}"/>`)
      .join("\n");
    for (const language of languages) entries.push(`  <url>\n    <loc>${escapeXml(url(language))}</loc>\n${alternates}\n  </url>`);
  }
  for (const path of paths) {
    const namespace = CONTENT_NAMESPACES.find((name) => CONTENT_PAGES[name].path === path);
    const languages = namespace ? await liveLanguagesOf(namespace, LANGUAGES) : LANGUAGES;
    const alternates = [
      ...languages.map((language) => [language, localizedUrl(origin, path, language)] as const),
      ["x-default", localizedUrl(origin, path, "en")] as const,
    ]
      .map(([hrefLang, href]) => `    <xhtml:link rel="alternate" hreflang="${hrefLang}" href="${escapeXml(href)}"/>`)
      .join("\n");
    for (const language of languages) {
      entries.push(`  <url>\n    <loc>${escapeXml(localizedUrl(origin, path, language))}</loc>\n${alternates}\n  </url>`);
    }
  }
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n` +
    `${entries.join("\n")}\n</urlset>\n`
  );
}

/**
 * Crawl everything public; keep crawlers out of accounts (the routes that declare `noCrawl`), the
 * APIs and stored files (served outside React Router's routes).
 */
export function renderRobots(noCrawlPaths: readonly string[], origin = getEnv().PUBLIC_URL) {
  return [
    "User-agent: *",
    "Allow: /",
    ...noCrawlPaths.map((path) => `Disallow: ${path}`),
    "Disallow: /api/",
    "Disallow: /files/",
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
}
