import { useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import { DataRequestsPage } from "~/features/admin/components/data-requests-page";
import { consoleMeta } from "~/features/admin/console.server";
import { loadDataRequests } from "~/features/admin/data-requests-admin.server";
import { requireConsole } from "~/features/admin/guard.server";
import { dataRequestAction } from "~/features/admin/privacy-actions.server";
import { metaFromLoader } from "~/lib/seo";
import type { Page } from "~/lib/page";

export const page = { console: "data-requests" } satisfies Page;

export const meta = metaFromLoader;

/** /admin/data-requests?email=: what the site holds for an address, its export and erasure (admins; ADR 0084). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireConsole(request, "data-requests");
  return { ...(await loadDataRequests(new URL(request.url))), meta: await consoleMeta(request, "admin.meta.dataRequests") };
}

export async function action({ request }: ActionFunctionArgs) {
  return dataRequestAction(request, await requireConsole(request, "data-requests", { stepUp: true }));
}

export default function AdminDataRequestsRoute() {
  const data = useLoaderData<typeof loader>();
  return <DataRequestsPage {...data} />;
}
