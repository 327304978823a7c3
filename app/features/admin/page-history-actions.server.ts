import type { ContentNamespace } from "~/lib/content-pages";
import type { Language } from "~/lib/i18n";
import { handleForm, runConsoleIntent, targetOf, type ConsoleHandler } from "./action.server";
import type { ConsoleActor } from "./guard.server";
import { republishLanguage, restoreVersion, unpublishLanguage } from "./page-history.server";
import { buttonSchema, targetSchema } from "./schemas/console-schemas";

/**
 * /admin/pages/:page/history: restore a version as the draft (its id in the hidden `id`, checked to be
 * a version of this page and language), unpublish or republish the language. The page and language
 * come from the address, the actor from the session; the role rules are the server functions'.
 */
export function pageHistoryAction(request: Request, actor: ConsoleActor, namespace: ContentNamespace, language: Language) {
  const target = `${namespace}-${language}`;
  const restore: ConsoleHandler = (context) =>
    handleForm(context, targetSchema, ({ id }) => restoreVersion(actor, namespace, language, id), { target: targetOf(context.form) });
  const unpublish: ConsoleHandler = (context) =>
    handleForm(context, buttonSchema, () => unpublishLanguage(actor, namespace, language), { target });
  const republish: ConsoleHandler = (context) =>
    handleForm(context, buttonSchema, () => republishLanguage(actor, namespace, language), { target });
  return runConsoleIntent(request, actor, { restore, unpublish, republish });
}
