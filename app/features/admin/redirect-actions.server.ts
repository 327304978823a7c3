import { handleForm, runConsoleIntent, targetOf, type ConsoleHandler } from "./action.server";
import type { ConsoleActor } from "./guard.server";
import { addRedirect, deleteRedirect, type IsPagePath } from "./redirects.server";
import { redirectSchema, targetSchema } from "./schemas/console-schemas";

/** /admin/redirects: add (one form), delete (per row). */
export function redirectsAction(request: Request, actor: ConsoleActor, isPagePath: IsPagePath) {
  const add: ConsoleHandler = (context, who) => handleForm(context, redirectSchema, (value) => addRedirect(who, value, isPagePath));
  const remove: ConsoleHandler = (context, who) =>
    handleForm(context, targetSchema, ({ id }) => deleteRedirect(who, id), { target: targetOf(context.form) });
  return runConsoleIntent(request, actor, { add, delete: remove });
}
