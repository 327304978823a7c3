import { getFixedT, languageFromRequest } from "./i18n.server";
import type { PageMeta } from "./seo";

/** The page's title and description in the request's language, from `<key>.title/description`. */
export async function loadPageMeta(request: Request, key: string): Promise<PageMeta> {
  const t = await getFixedT(languageFromRequest(request));
  return {
    title: t(`${key}.title`),
    description: t(`${key}.description`),
  };
}
