import { redirect } from "react-router";
import { handleForm, runConsoleIntent, type ConsoleHandler } from "./action.server";
import type { ConsoleActor } from "./guard.server";
import { assignCategories, deleteMediaItems, setPublished } from "./media-bulk.server";
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

/** The table's bulk form: publish the selected items (those without title, language and licence stay drafts). */
const publishSelected: ConsoleHandler = (context, actor) =>
  handleForm(context, bulkSchema, async ({ ids }) => {
    const { found, refused } = await setPublished(actor, ids, true);
    if (!found) return { ok: false, status: 404, error: "admin.errors.notFound" };
    if (refused === found) return { ok: false, status: 400, error: "admin.media.publishing.needsDetails" };
    return { ok: true, message: refused ? "admin.media.publishing.someRefused" : "admin.media.publishing.bulkPublished" };
  });

/** The table's bulk form: take the selected items back to drafts (their download counts stay). */
const unpublishSelected: ConsoleHandler = (context, actor) =>
  handleForm(context, bulkSchema, async ({ ids }) => {
    const { found } = await setPublished(actor, ids, false);
    return found
      ? { ok: true, message: "admin.media.publishing.bulkUnpublished" }
      : { ok: false, status: 404, error: "admin.errors.notFound" };
  });

export function mediaTableAction(request: Request, actor: ConsoleActor) {
  return runConsoleIntent(request, actor, { assign, delete: deleteSelected, publish: publishSelected, unpublish: unpublishSelected });
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
    publish: (context, actor) =>
      handleForm(context, buttonSchema, async () => {
        const { found, refused } = await setPublished(actor, [id], true);
        if (!found) return { ok: false, status: 404, error: "admin.errors.notFound" };
        if (refused) return { ok: false, status: 400, error: "admin.media.publishing.needsDetails" };
        return { ok: true, message: "admin.media.publishing.published" };
      }),
    unpublish: (context, actor) =>
      handleForm(context, buttonSchema, async () => {
        const { found } = await setPublished(actor, [id], false);
        return found
          ? { ok: true, message: "admin.media.publishing.unpublished" }
          : { ok: false, status: 404, error: "admin.errors.notFound" };
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
