import { siteConfig, type SiteConfig } from "~/config/site";
import type { Language } from "./i18n";

/**
 * Search-engine and link-preview tags (issue 3). `loadPageMeta` (server) builds a PageMeta for
 * the request's language; the route's `meta = metaFromLoader` turns it into <head> tags.
 *
 * URL scheme: English at the bare path, German and Spanish at `path?lang=de|es` (the server
 * renders that language and remembers it in the cookie). x-default is the English URL.
 */
export interface PageMeta {
  title: string;
  description: string;
  language?: Language;
  /** The language of the page's content when it is not `language` (unpublished there, ADR 0058). */
  contentLanguage?: Language;
  /** Absolute canonical URL of this page in this language. */
  canonical?: string;
  /** Absolute URL per language (hreflang), plus x-default. */
  alternates?: Array<{ hrefLang: string; href: string }>;
  /** Open Graph locale of this page (en_US) and of the other languages. */
  ogLocale?: string;
  ogLocaleAlternates?: string[];
  /** Absolute URL of the 1200x630 preview image. */
  image?: string;
  imageAlt?: string;
  /** The organization as JSON-LD (schema.org). */
  organization?: Record<string, unknown>;
  /** Open Graph type: "website" unless the page is one article (a news post). */
  ogType?: "website" | "article";
  /** `image` is not the site's 1200x630 PNG (a news post's cover): its size and type are not announced. */
  ownImage?: boolean;
  /** More JSON-LD of the page (a news post's Article). */
  jsonLd?: Array<Record<string, unknown>>;
  noindex?: boolean;
}

export const OG_IMAGE_PATH = "/og-image.png";
export const OG_IMAGE_SIZE = { width: 1200, height: 630 } as const;

/** The URL of `path` in `language` under `origin` (the one scheme used everywhere). */
export function localizedUrl(origin: string, path: string, language: Language) {
  return `${origin}${path}${language === "en" ? "" : `?lang=${language}`}`;
}

/**
 * The organization (schema.org) from the site's facts (console settings over the file); unset facts are left out.
 * `brand`: the site-relative URLs of the operator's logo and share image (ADR 0076), when chosen.
 */
export function organizationJsonLd(origin: string, facts: SiteConfig = siteConfig, brand: { logo?: string; image?: string } = {}) {
  const siteConfig = facts;
  // Unset facts are left out here, not only by JSON: the page's data would send each one's key (ADR 0036).
  const set = <T extends object>(value: T) => Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as T;
  return set({
    "@context": "https://schema.org",
    "@type": "Organization",
    name: siteConfig.name,
    legalName: siteConfig.legalName || undefined,
    url: `${origin}/`,
    logo: `${origin}${brand.logo ?? "/favicon.svg"}`,
    image: `${origin}${brand.image ?? OG_IMAGE_PATH}`,
    email: siteConfig.email || undefined,
    telephone: siteConfig.phone || undefined,
    address: set({
      "@type": "PostalAddress",
      streetAddress: siteConfig.address.street || undefined,
      postalCode: siteConfig.address.postalCode || undefined,
      addressLocality: siteConfig.address.city || undefined,
      addressCountry: siteConfig.address.country || undefined,
    }),
    sameAs: siteConfig.social.map((social) => social.url),
  });
}

/** The `meta` export of a route whose loader returns `{ meta: PageMeta }`. */
export function metaFromLoader({ data }: { data?: { meta?: PageMeta } | null }) {
  const meta = data?.meta;
  if (!meta) return [];
  const tags: Array<Record<string, unknown>> = [{ title: meta.title }, { name: "description", content: meta.description }];
  if (meta.noindex) {
    tags.push({ name: "robots", content: "noindex" });
    return tags;
  }
  if (meta.canonical) {
    tags.push({ tagName: "link", rel: "canonical", href: meta.canonical });
    tags.push({ property: "og:url", content: meta.canonical });
  }
  for (const alternate of meta.alternates ?? []) {
    tags.push({ tagName: "link", rel: "alternate", hrefLang: alternate.hrefLang, href: alternate.href });
  }
  tags.push(
    { property: "og:type", content: meta.ogType ?? "website" },
    { property: "og:site_name", content: siteConfig.name },
    { property: "og:title", content: meta.title },
    { property: "og:description", content: meta.description },
  );
  if (meta.ogLocale) tags.push({ property: "og:locale", content: meta.ogLocale });
  for (const locale of meta.ogLocaleAlternates ?? []) tags.push({ property: "og:locale:alternate", content: locale });
  if (meta.image) {
    tags.push({ property: "og:image", content: meta.image });
    if (!meta.ownImage) {
      tags.push(
        { property: "og:image:width", content: String(OG_IMAGE_SIZE.width) },
        { property: "og:image:height", content: String(OG_IMAGE_SIZE.height) },
        { property: "og:image:type", content: "image/png" },
      );
    }
    if (meta.imageAlt) tags.push({ property: "og:image:alt", content: meta.imageAlt });
  }
  tags.push(
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: meta.title },
    { name: "twitter:description", content: meta.description },
  );
  if (meta.image) tags.push({ name: "twitter:image", content: meta.image });
  if (meta.imageAlt) tags.push({ name: "twitter:image:alt", content: meta.imageAlt });
  if (meta.organization) tags.push({ "script:ld+json": meta.organization });
  for (const data of meta.jsonLd ?? []) tags.push({ "script:ld+json": data });
  return tags;
}
