import { useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import { consoleMeta } from "~/features/admin/console.server";
import { PageEditor } from "~/features/admin/forms/page-form";
import { skipAutosaveReload } from "~/features/admin/components/page-autosave";
import { requireConsole } from "~/features/admin/guard.server";
import { pageAction } from "~/features/admin/page-actions.server";
import { contentPageParams } from "~/features/admin/page-params.server";
import { loadPageEditor } from "~/features/admin/pages.server";
import { scheduleOf } from "~/features/admin/page-schedule.server";
import { CONTENT_PAGES, contentPageOf, isLegalPage } from "~/lib/content-pages";
import { pageImageChoices } from "~/lib/page-images.server";
import { previewLink } from "~/lib/page-preview.server";
import { metaFromLoader } from "~/lib/seo";
import type { Page } from "~/lib/page";

export const page = { console: "pages" } satisfies Page;

export const meta = metaFromLoader;

/** /admin/pages/:page?language=de: the fields of one page in one language; save a draft, publish, discard. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireConsole(request, "pages");
  const { namespace, language } = contentPageParams(request, params.page);
  return {
    page: {
      namespace,
      path: CONTENT_PAGES[namespace].path,
      legal: isLegalPage(namespace),
      language,
      ...(await loadPageEditor(namespace, language)),
      preview: previewLink(namespace, language),
      schedule: await scheduleOf(namespace, language),
    },
    // The pictures its image fields and its rich texts' Image button offer.
    imageChoices: contentPageOf(namespace).images || contentPageOf(namespace).rich ? await pageImageChoices() : [],
    meta: await consoleMeta(request, "admin.meta.pageEditor"),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const actor = await requireConsole(request, "pages");
  const { namespace, language } = contentPageParams(request, params.page);
  return pageAction(request, actor, namespace, language);
}

export const shouldRevalidate = skipAutosaveReload;

export default function AdminPageEditorRoute() {
  const { page, imageChoices } = useLoaderData<typeof loader>();
  return <PageEditor page={page} imageChoices={imageChoices} />;
}
