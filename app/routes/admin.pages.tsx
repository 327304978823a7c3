import { useLoaderData, type LoaderFunctionArgs } from "react-router";
import { PagesList } from "~/features/admin/components/pages-list";
import { consoleMeta } from "~/features/admin/console.server";
import { requireConsole } from "~/features/admin/guard.server";
import { listContentPages } from "~/features/admin/pages.server";
import { listSchedules } from "~/features/admin/page-schedule.server";
import { metaFromLoader } from "~/lib/seo";
import type { Page } from "~/lib/page";

export const page = { console: "pages" } satisfies Page;

export const meta = metaFromLoader;

/** /admin/pages: the content pages × en/de/es, each with its state (default, draft, published). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireConsole(request, "pages");
  return { pages: await listContentPages(), schedules: await listSchedules(), meta: await consoleMeta(request, "admin.meta.pages") };
}

export default function AdminPagesRoute() {
  const { pages, schedules } = useLoaderData<typeof loader>();
  return <PagesList pages={pages} schedules={schedules} />;
}
