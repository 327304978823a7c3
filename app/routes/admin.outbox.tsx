import { useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import { OutboxPage } from "~/features/admin/components/outbox-page";
import { consoleMeta } from "~/features/admin/console.server";
import { requireConsole } from "~/features/admin/guard.server";
import { outboxAction } from "~/features/admin/outbox-actions.server";
import { listOutbox, mailWarnings, parseOutboxFilters } from "~/features/admin/outbox.server";
import { metaFromLoader } from "~/lib/seo";
import type { Page } from "~/lib/page";

export const page = { console: "outbox" } satisfies Page;

export const meta = metaFromLoader;

/** /admin/outbox: queued, failed and sent mails; send a queued one now, cancel it, send a test mail (admins; ADR 0065). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireConsole(request, "outbox");
  const filters = parseOutboxFilters(new URL(request.url));
  return { ...(await listOutbox(filters)), filters, warnings: mailWarnings(), meta: await consoleMeta(request, "admin.meta.outbox") };
}

export async function action({ request }: ActionFunctionArgs) {
  return outboxAction(request, await requireConsole(request, "outbox"));
}

export default function AdminOutboxRoute() {
  const data = useLoaderData<typeof loader>();
  return <OutboxPage {...data} />;
}
