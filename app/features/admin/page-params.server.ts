import { isContentNamespace } from "~/lib/content-pages";
import { DEFAULT_LANGUAGE, isLanguage } from "~/lib/i18n";
import { consoleNotFound } from "./guard.server";

/**
 * The page (a content namespace, from the route's `:page`) and the language worked on (`?language=`;
 * `?lang=` is the console's own) of /admin/pages/:page and its history. An unknown page is the
 * console's 404; an unknown language is the default one.
 */
export function contentPageParams(request: Request, param: string | undefined) {
  if (!isContentNamespace(param)) consoleNotFound(request);
  const asked = new URL(request.url).searchParams.get("language");
  return { namespace: param, language: isLanguage(asked) ? asked : DEFAULT_LANGUAGE };
}
