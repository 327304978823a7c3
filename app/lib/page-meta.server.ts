import { getEnv } from "./env.server";
import { getFixedT, languageFromRequest } from "./i18n.server";
import { organizationJsonLd, type PageMeta } from "./seo";
import { getSiteFacts } from "./site-facts.server";

/**
 * The page's head data in the request's language: title and description from
 * `<key>.title/description`, the origin and path the canonical URL, hreflang alternates and Open
 * Graph/Twitter image are made of, and the organization's JSON-LD (see seo.ts for the URL scheme).
 * `noindex` for pages search engines should not list (not found).
 */
export async function loadPageMeta(request: Request, key: string, options: { noindex?: boolean } = {}): Promise<PageMeta> {
  const language = languageFromRequest(request);
  const t = await getFixedT(language);
  const origin = getEnv().PUBLIC_URL;
  // Client navigations fetch `<path>.data`; the page's own path is what search engines see.
  const path = new URL(request.url).pathname.replace(/\.data$/, "").replace(/^\/_root$/, "/") || "/";
  return {
    title: t(`${key}.title`),
    description: t(`${key}.description`),
    language,
    // The canonical URL, alternates, locales and image URL follow from these (metaFromLoader).
    origin,
    path,
    imageAlt: t("common.seo.imageAlt"),
    organization: organizationJsonLd(origin, await getSiteFacts()),
    noindex: options.noindex,
  };
}
