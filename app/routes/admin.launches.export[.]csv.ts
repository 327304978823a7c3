import type { LoaderFunctionArgs } from "react-router";
import { requireConsole } from "~/features/admin/guard.server";
import { exportLaunchSignups, parseLaunchFilters } from "~/features/admin/launches-admin.server";

/** GET /admin/launches/export.csv?topic=academy|tandem: one launch's confirmed addresses (admins); audited. */
export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireConsole(request, "launches");
  const { topic } = parseLaunchFilters(new URL(request.url));
  const { csv } = await exportLaunchSignups(actor, topic);
  const day = new Date().toISOString().slice(0, 10);
  return new Response(`\uFEFF${csv}`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="launch-${topic}-${day}.csv"`,
    },
  });
}
