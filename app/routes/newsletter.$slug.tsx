import { useLoaderData, type LoaderFunctionArgs } from "react-router";
import { ArchivedIssuePage } from "~/features/newsletter/archive-page";
import { loadArchivedIssue } from "~/features/newsletter/archive.server";
import { DOCUMENT_PAGE } from "~/lib/document-page";
import { metaFromLoader } from "~/lib/seo";

export const meta = metaFromLoader;
export const handle = { i18n: ["newsletter"], ...DOCUMENT_PAGE };
// Not cached: a rare page, read from two small tables.

/** /newsletter/<slug>: the web archive of a sent issue (ADR 0067). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadArchivedIssue(request, params.slug ?? "");
}

export default function NewsletterIssueRoute() {
  const { issue, images, language } = useLoaderData<typeof loader>();
  return <ArchivedIssuePage issue={issue} images={images} language={language} />;
}
