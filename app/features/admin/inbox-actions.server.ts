import { handleForm, runConsoleIntent, thenRedirect, type ConsoleHandler } from "./action.server";
import type { ConsoleActor } from "./guard.server";
import { deleteMessage, markUnread, replyToMessage, setHandled } from "./inbox.server";
import { buttonSchema, handledSchema, replySchema } from "./schemas/console-schemas";

/** /admin/inbox/:id: reply, mark handled or open again, mark unread (back to the list), delete. */
function threadHandlers(id: string): Record<string, ConsoleHandler> {
  return {
    reply: (context, actor) =>
      handleForm(context, replySchema, async ({ body }) => {
        const outcome = await replyToMessage(actor, id, body);
        return outcome.ok ? { ok: true, message: "admin.inbox.replySent" } : outcome;
      }),
    handled: (context, actor) =>
      handleForm(context, handledSchema, async ({ handled }) => {
        const outcome = await setHandled(actor, id, handled === "true");
        return outcome.ok ? { ok: true, message: handled === "true" ? "admin.inbox.markedHandled" : "admin.inbox.reopened" } : outcome;
      }),
    unread: (context, actor) =>
      handleForm(
        context,
        buttonSchema,
        thenRedirect(() => markUnread(actor, id), "/admin/inbox"),
      ),
    delete: (context, actor) =>
      handleForm(
        context,
        buttonSchema,
        thenRedirect(() => deleteMessage(actor, id), "/admin/inbox?deleted=1"),
      ),
  };
}

export function inboxThreadAction(request: Request, actor: ConsoleActor, id: string) {
  return runConsoleIntent(request, actor, threadHandlers(id));
}
