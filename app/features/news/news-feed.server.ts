import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { RichTextBlocks } from "~/components/content/rich-text";
import { siteConfig } from "~/config/site";
import { getEnv } from "~/lib/env.server";
import { isLanguage, type Language } from "~/lib/i18n";
import { getServerTranslator } from "~/lib/i18n.server";
import { localizedUrl } from "~/lib/seo";
import { parseRichTextJson } from "~/lib/rich-text";
import { publishedPosts } from "./news-public.server";

/**
 * The Atom 1.0 feed of one language's published posts (ADR 0066, RFC 4287): `/news/feed.xml?lang=de`,
 * English without `lang`. Its id is the language's feed address; each entry's id a tag URI (RFC 4151)
 * of the post and language, so it stays when a slug changes. `content` is the body as HTML, rendered by
 * the same allow-listed component as the page (ADR 0061) and escaped into the XML.
 */
export const FEED_ENTRIES = 20;

const escapeXml = (value: string) =>
  value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    // Characters XML 1.0 cannot hold (a row written around the console): dropped.
    // eslint-disable-next-line no-control-regex -- these are exactly what the expression is for
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, "");

/** The language a feed request asks for: `?lang=`, English when absent; undefined for anything else. */
export function feedLanguageOf(url: URL): Language | undefined {
  const asked = url.searchParams.getAll("lang");
  if (asked.length === 0) return "en";
  return asked.length === 1 && isLanguage(asked[0]) ? asked[0] : undefined;
}

function bodyHtml(json: string) {
  if (!json) return "";
  const parsed = parseRichTextJson(json);
  return parsed.ok ? renderToStaticMarkup(createElement(RichTextBlocks, { doc: parsed.doc })) : "";
}

/** The feed as the request asks for it; `self` is its address as asked (with `lang` when given). */
export async function renderNewsFeed(language: Language, self: string) {
  const origin = getEnv().PUBLIC_URL;
  const host = new URL(origin).hostname;
  const { t } = await getServerTranslator(language);
  const { posts } = await publishedPosts(language, 1, FEED_ENTRIES);
  // An empty feed was last changed when nothing was in it: the Unix epoch is stable where "now" is not.
  const updated = posts.reduce((latest, post) => (post.updatedAt > latest ? post.updatedAt : latest), new Date(0).toISOString());
  const entries = posts.map((post) => {
    const link = localizedUrl(origin, `/news/${post.fields.slug}`, language);
    return [
      "  <entry>",
      `    <id>tag:${escapeXml(host)},${post.publishedAt.slice(0, 10)}:news:${post.postId}:${language}</id>`,
      `    <title type="text">${escapeXml(post.fields.title)}</title>`,
      `    <link rel="alternate" type="text/html" href="${escapeXml(link)}"/>`,
      `    <published>${post.publishedAt}</published>`,
      `    <updated>${post.updatedAt}</updated>`,
      post.fields.summary ? `    <summary type="text">${escapeXml(post.fields.summary)}</summary>` : "",
      `    <content type="html">${escapeXml(bodyHtml(post.fields.body))}</content>`,
      ...post.fields.tags.map((tag) => `    <category term="${escapeXml(tag)}"/>`),
      "  </entry>",
    ]
      .filter(Boolean)
      .join("\n");
  });
  return [
    `<?xml version="1.0" encoding="utf-8"?>`,
    `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${language}">`,
    `  <id>${escapeXml(localizedUrl(origin, "/news/feed.xml", language))}</id>`,
    `  <title type="text">${escapeXml(t("news.feed.title"))}</title>`,
    `  <updated>${updated}</updated>`,
    `  <link rel="self" type="application/atom+xml" href="${escapeXml(self)}"/>`,
    `  <link rel="alternate" type="text/html" href="${escapeXml(localizedUrl(origin, "/news", language))}"/>`,
    `  <author><name>${escapeXml(siteConfig.name)}</name></author>`,
    ...entries,
    "</feed>",
    "",
  ].join("\n");
}
