import { useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import { consoleMeta } from "~/features/admin/console.server";
import { consoleNotFound, requireConsole } from "~/features/admin/guard.server";
import { IssueEditor } from "~/features/admin/components/newsletter-issue-editor";
import { issueAction, issueLanguage, loadIssueEditor } from "~/features/admin/newsletter-issues-console.server";
import { pageImageChoices } from "~/lib/page-images.server";
import { metaFromLoader } from "~/lib/seo";
import type { Page } from "~/lib/page";
import { isUuid } from "~/lib/uuid";

export const page = { console: "newsletter" } satisfies Page;

export const meta = metaFromLoader;

/** /admin/newsletter/issues/:id?language=de: one issue's version, preview, test mail, audience and send (ADR 0067). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireConsole(request, "newsletter");
  if (!isUuid(params.id)) consoleNotFound(request);
  const editor = await loadIssueEditor(params.id!, issueLanguage(request));
  if (!editor) consoleNotFound(request);
  return { ...editor, pictures: await pageImageChoices(), meta: await consoleMeta(request, "admin.meta.newsletterIssue") };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const actor = await requireConsole(request, "newsletter");
  if (!isUuid(params.id)) consoleNotFound(request);
  return issueAction(request, actor, params.id!);
}

export default function AdminNewsletterIssueRoute() {
  const data = useLoaderData<typeof loader>();
  return <IssueEditor {...data} />;
}
