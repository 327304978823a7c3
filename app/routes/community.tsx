import { useLoaderData, type LoaderFunctionArgs } from "react-router";
import { getShellUser } from "~/features/account/session.server";
import { CommunityPage } from "~/features/community/community-page";
import { configuredCommunityUrl, loadCommunity } from "~/features/community/community.server";
import { loadPageMeta } from "~/lib/page-meta.server";
import { metaFromLoader } from "~/lib/seo";
import { DOCUMENT_PAGE } from "~/lib/document-page";
import type { Page } from "~/lib/page";

export const meta = metaFromLoader;
// Translation namespaces the browser loads for this page (app/lib/i18n.ts); a document page without React (ADR 0032).
export const handle = { i18n: ["community"], ...DOCUMENT_PAGE };
export const page = { sitemap: true } satisfies Page;

export async function loader({ request }: LoaderFunctionArgs) {
  // The shell's user: its name is the current username from the profile, not the one at sign-up.
  const user = await getShellUser(request);
  return { meta: await loadPageMeta(request, "community.meta"), view: loadCommunity(user, await configuredCommunityUrl()) };
}

export default function CommunityRoute() {
  const { view } = useLoaderData<typeof loader>();
  return <CommunityPage view={view} />;
}

/** The page differs per signed-in user: never stored by shared caches. */
export function headers() {
  return { "Cache-Control": "private, no-store" };
}
