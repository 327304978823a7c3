import { useLoaderData, type LoaderFunctionArgs } from "react-router";
import { InboxList } from "~/features/admin/components/inbox-list";
import { consoleMeta } from "~/features/admin/console.server";
import { requireConsole } from "~/features/admin/guard.server";
import { listMessages, parseInboxFilters } from "~/features/admin/inbox.server";
import { metaFromLoader } from "~/lib/seo";
import type { Page } from "~/lib/page";

export const page = { console: "inbox" } satisfies Page;

export const meta = metaFromLoader;

/** /admin/inbox: contact messages, newest first, searchable by sender or text (editors and admins). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireConsole(request, "inbox");
  const filters = parseInboxFilters(new URL(request.url));
  return { ...(await listMessages(filters)), filters, meta: await consoleMeta(request, "admin.meta.inbox") };
}

export default function AdminInboxRoute() {
  const data = useLoaderData<typeof loader>();
  return <InboxList {...data} />;
}
