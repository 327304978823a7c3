import { handleForm, runConsoleIntent, targetOf, type ConsoleHandler, type Outcome } from "./action.server";
import { createCategory, deleteCategory, mergeCategory, renameCategory, type CategoryOutcome } from "./categories.server";
import type { ConsoleActor } from "./guard.server";
import { createCategorySchema, mergeCategorySchema, renameCategorySchema, targetSchema } from "./schemas/console-schemas";

/** /admin/categories: one handler per form (create, and per row rename, merge, delete). */

/** A name that is taken is a problem of the name field, shown under it. */
function nameProblem(outcome: CategoryOutcome): Outcome {
  return !outcome.ok && outcome.error === "admin.categories.errors.exists"
    ? { ok: false, status: outcome.status, fields: { name: outcome.error } }
    : outcome;
}
const create: ConsoleHandler = (context, actor) =>
  handleForm(context, createCategorySchema, async (input) => nameProblem(await createCategory(actor, input.name, input)));

const rename: ConsoleHandler = (context, actor) =>
  handleForm(context, renameCategorySchema, async (input) => nameProblem(await renameCategory(actor, input.id, input.name, input)), {
    target: targetOf(context.form),
  });

const merge: ConsoleHandler = (context, actor) =>
  handleForm(context, mergeCategorySchema, ({ id, into }) => mergeCategory(actor, id, into), { target: targetOf(context.form) });

const remove: ConsoleHandler = (context, actor) =>
  handleForm(context, targetSchema, ({ id }) => deleteCategory(actor, id), { target: targetOf(context.form) });

export function categoriesAction(request: Request, actor: ConsoleActor) {
  return runConsoleIntent(request, actor, { create, rename, merge, delete: remove });
}
