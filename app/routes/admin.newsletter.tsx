import { useLoaderData, type LoaderFunctionArgs } from "react-router";
import { NewsletterPage } from "~/features/admin/components/newsletter-page";
import { consoleMeta } from "~/features/admin/console.server";
import { requireConsole } from "~/features/admin/guard.server";
import { loadNewsletterConsole, parseNewsletterFilters } from "~/features/admin/newsletter-admin.server";
import { metaFromLoader } from "~/lib/seo";
import type { Page } from "~/lib/page";

export const page = { console: "newsletter" } satisfies Page;

export const meta = metaFromLoader;

/** /admin/newsletter: consent records with their proof, and the subscribers' export (admins). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireConsole(request, "newsletter");
  const filters = parseNewsletterFilters(new URL(request.url));
  return { ...(await loadNewsletterConsole(filters)), filters, meta: await consoleMeta(request, "admin.meta.newsletter") };
}

export default function AdminNewsletterRoute() {
  const data = useLoaderData<typeof loader>();
  return <NewsletterPage {...data} />;
}
