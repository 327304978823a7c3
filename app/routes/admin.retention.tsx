import { useTranslation } from "~/lib/use-translation";
import { useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import { AdminHeading } from "~/features/admin/components/admin-shell";
import { consoleMeta } from "~/features/admin/console.server";
import { RetentionForm } from "~/features/admin/forms/retention-form";
import { requireConsole } from "~/features/admin/guard.server";
import { retentionAction } from "~/features/admin/privacy-actions.server";
import { loadRetentionConsole } from "~/features/admin/retention-admin.server";
import { metaFromLoader } from "~/lib/seo";
import type { Page } from "~/lib/page";

export const page = { console: "retention" } satisfies Page;

export const meta = metaFromLoader;

/** /admin/retention: how long each kind of data is kept (admins); changes are validated and audited. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireConsole(request, "retention");
  return { ...(await loadRetentionConsole()), meta: await consoleMeta(request, "admin.meta.retention") };
}

export async function action({ request }: ActionFunctionArgs) {
  return retentionAction(request, await requireConsole(request, "retention"));
}

export default function AdminRetentionRoute() {
  const { t } = useTranslation();
  const { settings, defaults, overrides, intervalMinutes, deletesUnconfirmedAccounts } = useLoaderData<typeof loader>();
  return (
    <>
      <AdminHeading title={t("admin.retention.title")} />
      <div className="mb-6 max-w-3xl space-y-2 text-sm text-muted-foreground">
        <p>{t("admin.retention.intro")}</p>
        <p>{t("admin.retention.interval", { count: intervalMinutes })}</p>
        {deletesUnconfirmedAccounts ? null : <p>{t("admin.retention.unconfirmedOff")}</p>}
      </div>
      <RetentionForm settings={settings} defaults={defaults} overrides={overrides} />
    </>
  );
}
