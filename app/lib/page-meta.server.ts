import { getEnv } from "./env.server";
import { isContentNamespace } from "./content-pages";
import { DEFAULT_LANGUAGE, LANGUAGE_LOCALES, LANGUAGES } from "./i18n";
import { languageFromRequest } from "./i18n.server";
import { pagePreviewOf, requestTranslator } from "./page-preview.server";
import { localizedUrl, OG_IMAGE_PATH, organizationJsonLd, type PageMeta } from "./seo";
import { liveLanguagesOf } from "./page-content.server";
import { getSiteFacts } from "./site-facts.server";
import { getBrand } from "./brand.server";

const ogLocale = (tag: string) => tag.replace("-", "_");

/**
 * The page's head data in the request's language: title and description from
 * `<key>.title/description` (a preview link's draft, ADR 0059), canonical URL, hreflang alternates, Open Graph/Twitter image and the
 * organization's JSON-LD (see seo.ts for the URL scheme). `noindex` for pages search engines
 * should not list (not found).
 */
export async function loadPageMeta(request: Request, key: string, options: { noindex?: boolean } = {}): Promise<PageMeta> {
  const language = languageFromRequest(request);
  // A preview link (ADR 0059) shows the draft's title and description, and is never indexed.
  const { t } = await requestTranslator(request);
  const preview = pagePreviewOf(new URL(request.url))?.ok === true;
  const origin = getEnv().PUBLIC_URL;
  // Client navigations fetch `<path>.data`; the page's own path is what search engines see.
  const path = new URL(request.url).pathname.replace(/\.data$/, "").replace(/^\/_root$/, "/") || "/";
  // A content page unpublished in a language is not announced in it; there it is the default
  // language's page, whose address is its canonical one (ADR 0058).
  const namespace = key.split(".")[0];
  const live = isContentNamespace(namespace) ? await liveLanguagesOf(namespace, LANGUAGES) : LANGUAGES;
  const shown = live.includes(language) ? language : DEFAULT_LANGUAGE;
  const [facts, brand] = await Promise.all([getSiteFacts(), getBrand()]);
  // The operator's share image (ADR 0076) replaces the product's 1200x630 PNG; its size is not announced.
  const image = brand.shareImage
    ? { image: `${origin}${brand.shareImage.url}`, imageAlt: facts.name, ownImage: true }
    : { image: `${origin}${OG_IMAGE_PATH}`, imageAlt: t("common.seo.imageAlt") };
  return {
    title: t(`${key}.title`),
    description: t(`${key}.description`),
    language,
    ...(shown === language ? {} : { contentLanguage: shown }),
    canonical: localizedUrl(origin, path, shown),
    alternates: [
      ...live.map((other) => ({ hrefLang: other, href: localizedUrl(origin, path, other) })),
      { hrefLang: "x-default", href: localizedUrl(origin, path, "en") },
    ],
    ogLocale: ogLocale(LANGUAGE_LOCALES[shown]),
    ogLocaleAlternates: live.filter((other) => other !== shown).map((other) => ogLocale(LANGUAGE_LOCALES[other])),
    ...image,
    organization: organizationJsonLd(origin, facts, { logo: brand.logo?.url, image: brand.shareImage?.url }),
    noindex: options.noindex || preview || undefined,
  };
}
