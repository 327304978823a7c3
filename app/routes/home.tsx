import { data, type LoaderFunctionArgs } from "react-router";
import { useLoaderData } from "react-router";
import { AccountNoticeBanner } from "~/features/account/account-notice";
import { loadAccountNotice } from "~/features/account/account-notice.server";
import { HomePage } from "~/features/marketing/home/home-page";
import { loadPageMeta } from "~/lib/page-meta.server";
import { metaFromLoader } from "~/lib/seo";

export const meta = metaFromLoader;
// Translation namespaces the browser loads for this page (app/lib/i18n.ts).
export const handle = { i18n: ["home"] };

export async function loader({ request }: LoaderFunctionArgs) {
  // After sign-up and after the confirmation link the spec sends the visitor here: a lasting notice.
  const { notice, headers } = await loadAccountNotice(request);
  return data({ meta: await loadPageMeta(request, "home.meta"), notice }, { headers });
}

export default function HomeRoute() {
  const { notice } = useLoaderData<typeof loader>();
  return (
    <>
      <AccountNoticeBanner notice={notice} />
      <HomePage />
    </>
  );
}
