import { redirect, useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import { dispatch, fail, ok, text } from "~/features/admin/action.server";
import { ActionNotice } from "~/features/admin/components/action-notice";
import { InboxThread } from "~/features/admin/components/inbox-thread";
import { consoleMeta } from "~/features/admin/console.server";
import { consoleNotFound, requireConsole } from "~/features/admin/guard.server";
import { deleteMessage, markUnread, openMessage, replyToMessage, setHandled } from "~/features/admin/inbox.server";
import { metaFromLoader } from "~/lib/seo";

export const meta = metaFromLoader;

/** /admin/inbox/:id: one message with its replies; reply, mark handled or unread, delete. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const actor = await requireConsole(request, "inbox");
  const thread = await openMessage(actor, params.id ?? "");
  if (!thread) consoleNotFound(request);
  return { thread, meta: await consoleMeta(request, "admin.meta.inbox") };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const actor = await requireConsole(request, "inbox");
  const id = params.id ?? "";
  const answer = (intent: string, message: string, outcome: { ok: true } | { ok: false; error: string; status: number }) =>
    outcome.ok ? ok(intent, message) : fail(intent, outcome.error, outcome.status);
  return dispatch(request, {
    reply: async (form) => answer("reply", "admin.inbox.replySent", await replyToMessage(actor, id, text(form, "body"))),
    handled: async () => answer("handled", "admin.inbox.markedHandled", await setHandled(actor, id, true)),
    reopen: async () => answer("reopen", "admin.inbox.reopened", await setHandled(actor, id, false)),
    unread: async () => {
      const outcome = await markUnread(actor, id);
      if (!outcome.ok) return fail("unread", outcome.error, outcome.status);
      throw redirect("/admin/inbox");
    },
    delete: async () => {
      const outcome = await deleteMessage(actor, id);
      if (!outcome.ok) return fail("delete", outcome.error, outcome.status);
      throw redirect("/admin/inbox?deleted=1");
    },
  });
}

export default function AdminInboxMessageRoute() {
  const { thread } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <>
      <ActionNotice result={result} />
      <InboxThread
        thread={thread}
        replyError={result?.intent === "reply" && !result.ok ? result.error : undefined}
        replyCount={thread.replies.length}
      />
    </>
  );
}
