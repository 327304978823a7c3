import { handleForm, runConsoleIntent, targetOf, type ConsoleHandler } from "./action.server";
import { createCategory, deleteCategory, mergeCategory, renameCategory } from "./categories.server";
import type { ConsoleActor } from "./guard.server";
import { createCategorySchema, mergeCategorySchema, renameCategorySchema, targetSchema } from "./schemas/console-schemas";

/** /admin/categories: one handler per form (create, and per row rename, merge, delete). */
const create: ConsoleHandler = (context, actor) => handleForm(context, createCategorySchema, ({ name }) => createCategory(actor, name));

const rename: ConsoleHandler = (context, actor) =>
  handleForm(context, renameCategorySchema, ({ id, name }) => renameCategory(actor, id, name), { target: targetOf(context.form) });

const merge: ConsoleHandler = (context, actor) =>
  handleForm(context, mergeCategorySchema, ({ id, into }) => mergeCategory(actor, id, into), { target: targetOf(context.form) });

const remove: ConsoleHandler = (context, actor) =>
  handleForm(context, targetSchema, ({ id }) => deleteCategory(actor, id), { target: targetOf(context.form) });

export function categoriesAction(request: Request, actor: ConsoleActor) {
  return runConsoleIntent(request, actor, { create, rename, merge, delete: remove });
}
