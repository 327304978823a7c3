import { useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import { PageHistory } from "~/features/admin/components/page-history";
import { consoleMeta } from "~/features/admin/console.server";
import { requireConsole } from "~/features/admin/guard.server";
import { pageHistoryAction } from "~/features/admin/page-history-actions.server";
import { chooseVersions, compareVersions, versionsOf } from "~/features/admin/page-history.server";
import { contentPageParams } from "~/features/admin/page-params.server";
import { rowOf } from "~/features/admin/pages.server";
import { isLegalPage } from "~/lib/content-pages";
import { metaFromLoader } from "~/lib/seo";
import type { Page } from "~/lib/page";

export const page = { console: "pages" } satisfies Page;

export const meta = metaFromLoader;

/**
 * /admin/pages/:page/history?language=de&from=&to=: the versions of one page in one language, two of
 * them compared field by field (by default the latest and the one before), restore as draft.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireConsole(request, "pages");
  const { namespace, language } = contentPageParams(request, params.page);
  const url = new URL(request.url);
  const versions = await versionsOf(namespace, language);
  const { older, newer, invalid } = chooseVersions(versions, url.searchParams.get("from"), url.searchParams.get("to"));
  const row = await rowOf(namespace, language);
  return {
    history: {
      namespace,
      language,
      legal: isLegalPage(namespace),
      unpublishedAt: row?.unpublishedAt?.toISOString() ?? null,
      versions: versions.map(({ fields: _fields, ...version }) => version),
      compared: older && newer ? { older: older.id, newer: newer.id, fields: compareVersions(namespace, language, older, newer) } : null,
      invalidChoice: invalid,
    },
    meta: await consoleMeta(request, "admin.meta.pageHistory"),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const actor = await requireConsole(request, "pages");
  const { namespace, language } = contentPageParams(request, params.page);
  return pageHistoryAction(request, actor, namespace, language);
}

export default function AdminPageHistoryRoute() {
  const { history } = useLoaderData<typeof loader>();
  return <PageHistory history={history} />;
}
