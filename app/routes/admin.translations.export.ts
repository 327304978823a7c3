import type { LoaderFunctionArgs } from "react-router";
import { consoleNotFound, requireConsole } from "~/features/admin/guard.server";
import { EXPORT_MEDIA, EXPORT_TEXTS, exportTranslation, TRANSLATION_FORMATS } from "~/features/admin/translation-files.server";
import { isTargetLanguage } from "~/features/admin/translations";
import { isContentNamespace } from "~/lib/content-pages";
import type { Page } from "~/lib/page";

export const page = { console: "pages" } satisfies Page;

const oneOf = <T extends string>(choices: readonly T[], value: string | null): value is T => choices.includes(value as T);

/**
 * GET /admin/translations/export?language=es&page=all|none|<page>&media=work|none&text=published|draft&format=xliff|json:
 * a language's texts for a translator, English (a media item: its own language) as the source; `media=work`
 * adds the newest media items that need work (default none). A choice the form does not offer is an unknown path.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireConsole(request, "pages");
  const query = new URL(request.url).searchParams;
  const [language, page, text, format] = ["language", "page", "text", "format"].map((name) => query.get(name));
  const media = query.get("media") ?? "none";
  if (!isTargetLanguage(language) || !(page === "all" || page === "none" || isContentNamespace(page))) consoleNotFound(request);
  if (!oneOf(EXPORT_TEXTS, text) || !oneOf(TRANSLATION_FORMATS, format) || !oneOf(EXPORT_MEDIA, media)) consoleNotFound(request);
  const file = await exportTranslation({ language, page, media, text, format });
  return new Response(file.body, {
    headers: { "Content-Type": file.contentType, "Content-Disposition": `attachment; filename="${file.fileName}"` },
  });
}
