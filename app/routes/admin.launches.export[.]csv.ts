import type { LoaderFunctionArgs } from "react-router";
import { csvResponse } from "~/features/admin/csv";
import { requireConsole } from "~/features/admin/guard.server";
import { exportLaunchSignups, parseLaunchFilters } from "~/features/admin/launches-admin.server";
import type { Page } from "~/lib/page";

export const page = { console: "launches" } satisfies Page;

/** GET /admin/launches/export.csv?topic=academy|tandem: one launch's confirmed addresses (admins); audited. */
export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireConsole(request, "launches", { stepUp: true });
  const { topic } = parseLaunchFilters(new URL(request.url));
  const { csv } = await exportLaunchSignups(actor, topic);
  return csvResponse(csv, `launch-${topic}-${new Date().toISOString().slice(0, 10)}.csv`);
}
