import { useLoaderData, type LoaderFunctionArgs } from "react-router";
import { SystemPage } from "~/features/admin/components/system-page";
import { consoleMeta } from "~/features/admin/console.server";
import { requireConsole } from "~/features/admin/guard.server";
import { loadSystemConsole } from "~/features/admin/system.server";
import { metaFromLoader } from "~/lib/seo";
import type { Page } from "~/lib/page";

export const page = { console: "system" } satisfies Page;

export const meta = metaFromLoader;

/** /admin/system: version, processes, sizes, job queue, outbox and the last errors (admins; ADR 0065). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireConsole(request, "system");
  return { system: await loadSystemConsole(), meta: await consoleMeta(request, "admin.meta.system") };
}

export default function AdminSystemRoute() {
  const { system } = useLoaderData<typeof loader>();
  return <SystemPage system={system} />;
}
