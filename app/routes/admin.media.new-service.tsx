import { useTranslation } from "~/lib/use-translation";
import { useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import { AdminHeading } from "~/features/admin/components/admin-shell";
import { consoleMeta } from "~/features/admin/console.server";
import { emptyService, MediaEditForm } from "~/features/admin/forms/media-edit-form";
import { requireConsole } from "~/features/admin/guard.server";
import { newServiceAction } from "~/features/admin/media-actions.server";
import { listCategoriesWithCounts } from "~/features/admin/media-list.server";
import { LINK_ROWS } from "~/features/admin/schemas/media-schema";
import { useLanguage } from "~/lib/language";
import { metaFromLoader } from "~/lib/seo";
import type { Page } from "~/lib/page";

export const page = { console: "media" } satisfies Page;

export const meta = metaFromLoader;

/** /admin/media/new-service: a `services` item (no file: a service kind and an endpoint), every field of the edit form. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireConsole(request, "media");
  return { categories: await listCategoriesWithCounts(), linkRows: LINK_ROWS, meta: await consoleMeta(request, "admin.meta.media") };
}

export async function action({ request }: ActionFunctionArgs) {
  return newServiceAction(request, await requireConsole(request, "media"));
}

export default function AdminNewServiceRoute() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const { categories, linkRows } = useLoaderData<typeof loader>();
  return (
    <>
      <AdminHeading back={{ to: "/admin/media", label: t("admin.media.back") }} title={t("admin.media.newServiceTitle")} />
      <p className="mb-6 max-w-2xl text-sm text-muted-foreground">{t("admin.media.newServiceIntro")}</p>
      <MediaEditForm item={emptyService(language)} categories={categories} linkRows={linkRows} intent="createService" />
    </>
  );
}
