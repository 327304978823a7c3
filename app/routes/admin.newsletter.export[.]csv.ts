import type { LoaderFunctionArgs } from "react-router";
import { requireConsole } from "~/features/admin/guard.server";
import { exportNewsletterSubscribers } from "~/features/admin/newsletter-admin.server";

/** GET /admin/newsletter/export.csv: the active subscribers with the proof of their consent (admins); audited. */
export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireConsole(request, "newsletter");
  const { csv } = await exportNewsletterSubscribers(actor);
  const day = new Date().toISOString().slice(0, 10);
  return new Response(`\uFEFF${csv}`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="newsletter-consents-${day}.csv"`,
    },
  });
}
