import type { LoaderFunctionArgs } from "react-router";
import { csvResponse } from "~/features/admin/csv";
import { requireConsole } from "~/features/admin/guard.server";
import { exportNewsletterSubscribers } from "~/features/admin/newsletter-admin.server";
import type { Page } from "~/lib/page";

export const page = { console: "newsletter" } satisfies Page;

/** GET /admin/newsletter/export.csv: the active subscribers with the proof of their consent (admins); audited. */
export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireConsole(request, "newsletter", { stepUp: true });
  const { csv } = await exportNewsletterSubscribers(actor);
  return csvResponse(csv, `newsletter-consents-${new Date().toISOString().slice(0, 10)}.csv`);
}
