import { redirect, type ActionFunctionArgs } from "react-router";
import { addressExportFileName, exportAddress } from "~/features/admin/data-requests-admin.server";
import { zipDownload } from "~/features/account/data-export.server";
import { consoleNotFound, requireConsole } from "~/features/admin/guard.server";
import { dataRequestSchema } from "~/features/admin/schemas/privacy-schemas";
import { readForm } from "~/lib/form-action.server";
import type { Page } from "~/lib/page";

export const page = { console: "data-requests" } satisfies Page;

/** GET: nothing here (the export is a POST, so a link elsewhere cannot start one). */
export function loader({ request }: ActionFunctionArgs): never {
  consoleNotFound(request);
}

/** POST /admin/data-requests/export (email): the ZIP of everything held for the address (admins, recent second factor); recorded and audited. */
export async function action({ request }: ActionFunctionArgs) {
  const actor = await requireConsole(request, "data-requests", { stepUp: true });
  const given = String((await readForm(request)).get("email") ?? "").slice(0, 400);
  const parsed = dataRequestSchema.safeParse({ email: given });
  // A bad address goes back to the page, which names the problem at the field.
  if (!parsed.success) throw redirect(`/admin/data-requests?email=${encodeURIComponent(given)}`);
  return zipDownload(await exportAddress(actor, parsed.data.email), addressExportFileName());
}
