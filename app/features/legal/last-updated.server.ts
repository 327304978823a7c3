import type { ContentNamespace } from "~/lib/content-pages";
import { LANGUAGE_LOCALES } from "~/lib/i18n";
import { languageFromRequest } from "~/lib/i18n.server";
import { lastPublished } from "~/lib/page-content.server";

/**
 * The date of a legal page's last publish in the request's language, written out in that language
 * (UTC, so the server and a hydrating browser agree), or undefined while it was never published.
 * From memory: the page stays a cached document (ADR 0054).
 */
export async function lastUpdatedOf(request: Request, namespace: ContentNamespace): Promise<string | undefined> {
  const language = languageFromRequest(request);
  const at = await lastPublished(language, namespace);
  return at ? new Intl.DateTimeFormat(LANGUAGE_LOCALES[language], { dateStyle: "long", timeZone: "UTC" }).format(new Date(at)) : undefined;
}
