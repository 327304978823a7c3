import { getEnv } from "~/lib/env.server";
import { LANGUAGES } from "~/lib/i18n";
import { localizedUrl, PUBLIC_PAGES } from "~/lib/seo";

const escapeXml = (value: string) => value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** Every public page in every language, each with its hreflang alternates (xhtml:link). */
export function renderSitemap(origin = getEnv().PUBLIC_URL) {
  const entries: string[] = [];
  for (const { path } of PUBLIC_PAGES) {
    const alternates = [
      ...LANGUAGES.map((language) => [language, localizedUrl(origin, path, language)] as const),
      ["x-default", localizedUrl(origin, path, "en")] as const,
    ]
      .map(([hrefLang, href]) => `    <xhtml:link rel="alternate" hreflang="${hrefLang}" href="${escapeXml(href)}"/>`)
      .join("\n");
    for (const language of LANGUAGES) {
      entries.push(`  <url>\n    <loc>${escapeXml(localizedUrl(origin, path, language))}</loc>\n${alternates}\n  </url>`);
    }
  }
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n` +
    `${entries.join("\n")}\n</urlset>\n`
  );
}

/** Crawl everything public; keep crawlers out of accounts, APIs and stored files. */
export function renderRobots(origin = getEnv().PUBLIC_URL) {
  return [
    "User-agent: *",
    "Allow: /",
    "Disallow: /profile",
    "Disallow: /api/",
    "Disallow: /files/",
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
}
