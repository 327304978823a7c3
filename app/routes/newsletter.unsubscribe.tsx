import type { ActionFunctionArgs, LoaderFunctionArgs } from "react-router";
import { NewsletterLinkPage } from "~/features/account/newsletter-page";
import { unsubscribeAction, unsubscribeLoader } from "~/features/account/newsletter-routes.server";
import { loadPageMeta } from "~/lib/page-meta.server";
import { metaFromLoader } from "~/lib/seo";
import { DOCUMENT_PAGE } from "~/lib/document-page";

export const meta = metaFromLoader;
export const handle = { i18n: ["newsletter"], ...DOCUMENT_PAGE };

export async function loader({ request }: LoaderFunctionArgs) {
  return { ...unsubscribeLoader(request), meta: await loadPageMeta(request, "newsletter.unsubscribe.meta", { noindex: true }) };
}

export async function action({ request }: ActionFunctionArgs) {
  return unsubscribeAction(request);
}

export default function NewsletterUnsubscribeRoute() {
  return <NewsletterLinkPage kind="unsubscribe" />;
}
