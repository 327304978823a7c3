import type { LoaderFunctionArgs } from "react-router";
import { recordAudit } from "~/features/admin/audit.server";
import { requireConsole } from "~/features/admin/guard.server";
import { newsletterCsv } from "~/features/admin/members.server";

/** GET /admin/members/newsletter.csv: the newsletter subscribers (admins); the export is audited. No-store/noindex come from the gate. */
export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireConsole(request, "members");
  const { csv, count } = await newsletterCsv();
  await recordAudit(actor, { action: "member.exportNewsletter", entity: "member", summary: `${count} subscribers` });
  const day = new Date().toISOString().slice(0, 10);
  return new Response(`\uFEFF${csv}`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="newsletter-subscribers-${day}.csv"`,
    },
  });
}
