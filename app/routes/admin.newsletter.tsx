import { useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import { NewsletterPage } from "~/features/admin/components/newsletter-page";
import { consoleMeta } from "~/features/admin/console.server";
import { requireConsole } from "~/features/admin/guard.server";
import { loadNewsletterConsole, newsletterConsoleAction, parseNewsletterFilters } from "~/features/admin/newsletter-admin.server";
import { metaFromLoader } from "~/lib/seo";
import type { Page } from "~/lib/page";

export const page = { console: "newsletter" } satisfies Page;

export const meta = metaFromLoader;

/** /admin/newsletter: consent records with their proof, the suppression list, and the subscribers' export (admins). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireConsole(request, "newsletter");
  const filters = parseNewsletterFilters(new URL(request.url));
  return { ...(await loadNewsletterConsole(filters)), filters, meta: await consoleMeta(request, "admin.meta.newsletter") };
}

/** "Lift" on the suppression list (ADR 0073). */
export async function action({ request }: ActionFunctionArgs) {
  const actor = await requireConsole(request, "newsletter");
  return newsletterConsoleAction(request, actor);
}

export default function AdminNewsletterRoute() {
  const data = useLoaderData<typeof loader>();
  return <NewsletterPage {...data} />;
}
