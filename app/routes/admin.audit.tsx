import { useLoaderData, type LoaderFunctionArgs } from "react-router";
import { listAudit, parseAuditFilters } from "~/features/admin/audit.server";
import { AuditPage } from "~/features/admin/components/audit-page";
import { consoleMeta } from "~/features/admin/console.server";
import { requireConsole } from "~/features/admin/guard.server";
import { metaFromLoader } from "~/lib/seo";
import type { Page } from "~/lib/page";

export const page = { console: "audit" } satisfies Page;

export const meta = metaFromLoader;

/** /admin/audit: every console change, newest first, filtered by text, kind, person and dates (admins). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireConsole(request, "audit");
  const filters = parseAuditFilters(new URL(request.url));
  return { ...(await listAudit(filters)), filters, meta: await consoleMeta(request, "admin.meta.audit") };
}

export default function AdminAuditRoute() {
  const data = useLoaderData<typeof loader>();
  return <AuditPage {...data} />;
}
