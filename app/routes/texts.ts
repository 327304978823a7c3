import type { LoaderFunctionArgs } from "react-router";
import { isContentNamespace } from "~/lib/content-pages";
import { isLanguage } from "~/lib/i18n";
import { serverTexts } from "~/lib/i18n.server";
import { PREVIEW_PARAM, previewTexts } from "~/lib/page-preview.server";

/**
 * `/texts/<language>/<namespace>.json`: a content page's texts as the server renders them, the
 * published fields over the file's defaults (ADR 0054), for the browser's translator when React
 * renders such a page (app/lib/i18n.ts). Memory only, no query. Revalidated on every use: a publish
 * changes it, and it is small. With the `preview` token of a preview link of exactly this page and
 * language (ADR 0059), the draft's texts instead, never stored; any other token gets the published ones.
 */
export async function loader({ params, request }: LoaderFunctionArgs) {
  const namespace = params.file?.endsWith(".json") ? params.file.slice(0, -".json".length) : undefined;
  if (!isLanguage(params.language) || !isContentNamespace(namespace)) throw new Response(null, { status: 404 });
  const token = new URL(request.url).searchParams.get(PREVIEW_PARAM);
  const draft = token === null ? undefined : await previewTexts(token, params.language, namespace);
  const texts = draft ?? (await serverTexts(params.language, namespace));
  return new Response(JSON.stringify(texts ?? {}), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      ...(draft ? { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" } : { "Cache-Control": "no-cache" }),
    },
  });
}
