import { useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import { consoleMeta } from "~/features/admin/console.server";
import { requireConsole } from "~/features/admin/guard.server";
import { IssuesPage } from "~/features/admin/components/newsletter-issues-page";
import { issueListAction, loadIssueList } from "~/features/admin/newsletter-issues-console.server";
import { metaFromLoader } from "~/lib/seo";
import type { Page } from "~/lib/page";

export const page = { console: "newsletter" } satisfies Page;

export const meta = metaFromLoader;

/** /admin/newsletter/issues: the newsletter's issues, a new one, the DNS records for the mails (admins, ADR 0067). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireConsole(request, "newsletter");
  return { ...(await loadIssueList()), meta: await consoleMeta(request, "admin.meta.newsletterIssues") };
}

export async function action({ request }: ActionFunctionArgs) {
  const actor = await requireConsole(request, "newsletter");
  return issueListAction(request, actor);
}

export default function AdminNewsletterIssuesRoute() {
  const data = useLoaderData<typeof loader>();
  return <IssuesPage {...data} />;
}
