import { useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import { InboxThread } from "~/features/admin/components/inbox-thread";
import { consoleMeta } from "~/features/admin/console.server";
import { consoleNotFound, requireConsole } from "~/features/admin/guard.server";
import { inboxThreadAction } from "~/features/admin/inbox-actions.server";
import { openMessage } from "~/features/admin/inbox.server";
import { metaFromLoader } from "~/lib/seo";
import type { Page } from "~/lib/page";

export const page = { console: "inbox" } satisfies Page;

export const meta = metaFromLoader;

/** /admin/inbox/:id: one message with its replies; reply, mark handled or unread, delete. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const actor = await requireConsole(request, "inbox");
  const thread = await openMessage(actor, params.id ?? "");
  if (!thread) consoleNotFound(request);
  return { thread, meta: await consoleMeta(request, "admin.meta.inbox") };
}

export async function action({ request, params }: ActionFunctionArgs) {
  return inboxThreadAction(request, await requireConsole(request, "inbox"), params.id ?? "");
}

export default function AdminInboxMessageRoute() {
  const { thread } = useLoaderData<typeof loader>();
  return <InboxThread thread={thread} />;
}
