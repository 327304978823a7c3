import { useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import { MediaTable } from "~/features/admin/components/media-table";
import { consoleMeta } from "~/features/admin/console.server";
import { requireConsole } from "~/features/admin/guard.server";
import { mediaTableAction } from "~/features/admin/media-actions.server";
import { listCategoriesWithCounts, listMediaAdmin, parseMediaAdminFilters } from "~/features/admin/media-list.server";
import { metaFromLoader } from "~/lib/seo";
import type { Page } from "~/lib/page";

export const page = { console: "media" } satisfies Page;

export const meta = metaFromLoader;

/** /admin/media: every media item in a searchable, sortable, paged table; bulk categories and delete. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireConsole(request, "media");
  const filters = parseMediaAdminFilters(new URL(request.url));
  return {
    ...(await listMediaAdmin(filters)),
    filters,
    categories: await listCategoriesWithCounts(),
    meta: await consoleMeta(request, "admin.meta.media"),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  return mediaTableAction(request, await requireConsole(request, "media"));
}

export default function AdminMediaRoute() {
  const data = useLoaderData<typeof loader>();
  return <MediaTable {...data} />;
}
