import { redirect } from "react-router";
import { handleForm, runConsoleIntent, type ConsoleHandler } from "./action.server";
import type { ConsoleActor } from "./guard.server";
import { assignCategories, deleteMediaItems } from "./media-bulk.server";
import { createServiceItem, saveMediaItem } from "./media-item.server";
import { buttonSchema } from "./schemas/console-schemas";
import { bulkSchema, mediaItemSchema } from "./schemas/media-schema";

/** /admin/media, /admin/media/:id and /admin/media/new-service: one handler per form. */

/** The table's bulk form: add the chosen category to the selected items. */
const assign: ConsoleHandler = (context, actor) =>
  handleForm(context, bulkSchema, async ({ ids, categoryId }) => {
    const count = await assignCategories(actor, ids, [categoryId ?? ""]);
    return count ? { ok: true, message: "admin.media.assigned" } : { ok: false, status: 404, error: "admin.errors.notFound" };
  });

/** The table's bulk form: delete the selected items (rows, then files). */
const deleteSelected: ConsoleHandler = (context, actor) =>
  handleForm(context, bulkSchema, async ({ ids }) => {
    await deleteMediaItems(actor, ids);
    return { ok: true, message: "admin.media.deleted" };
  });

export function mediaTableAction(request: Request, actor: ConsoleActor) {
  return runConsoleIntent(request, actor, { assign, delete: deleteSelected });
}

function itemHandlers(id: string): Record<string, ConsoleHandler> {
  return {
    save: (context, actor) =>
      handleForm(context, mediaItemSchema, (input) => saveMediaItem(actor, id, input), { message: "admin.media.saved", keepValues: true }),
    delete: (context, actor) =>
      handleForm(context, buttonSchema, async () => {
        if (!(await deleteMediaItems(actor, [id]))) return { ok: false, status: 404, error: "admin.errors.notFound" };
        throw redirect("/admin/media");
      }),
  };
}

export function mediaItemAction(request: Request, actor: ConsoleActor, id: string) {
  return runConsoleIntent(request, actor, itemHandlers(id));
}

/** "New service": a services item from the edit form, no file; then its page. */
const createService: ConsoleHandler = (context, actor) =>
  handleForm(context, mediaItemSchema, async (input) => {
    const outcome = await createServiceItem(actor, input);
    if (!outcome.ok) return outcome;
    throw redirect(`/admin/media/${outcome.id}?created=1`);
  });

export function newServiceAction(request: Request, actor: ConsoleActor) {
  return runConsoleIntent(request, actor, { createService });
}
