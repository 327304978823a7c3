import { useTranslation } from "~/lib/use-translation";
import { useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import { AdminHeading } from "~/features/admin/components/admin-shell";
import { ConsoleTable } from "~/features/admin/components/console-table";
import { useDateFormat } from "~/features/admin/components/use-date-format";
import { consoleMeta } from "~/features/admin/console.server";
import { AddRedirectForm, DeleteRedirectButton } from "~/features/admin/forms/redirect-forms";
import { requireConsole } from "~/features/admin/guard.server";
import { redirectsAction } from "~/features/admin/redirect-actions.server";
import { listRedirects } from "~/features/admin/redirects.server";
import { metaFromLoader } from "~/lib/seo";
import type { Page } from "~/lib/page";

export const page = { console: "redirects" } satisfies Page;

export const meta = metaFromLoader;

/** /admin/redirects: permanent redirects from old paths, served by the request guard (ADR 0055); admins only. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireConsole(request, "redirects");
  return { redirects: await listRedirects(), meta: await consoleMeta(request, "admin.meta.redirects") };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const actor = await requireConsole(request, "redirects");
  // Without the build's page list (never the case behind the request guard) every path counts as a page: nothing is added.
  const isPagePath = context.pages ? (path: string) => context.pages!.isPagePath(path) : () => true;
  return redirectsAction(request, actor, isPagePath);
}

export default function AdminRedirectsRoute() {
  const { t } = useTranslation();
  const date = useDateFormat();
  const { redirects } = useLoaderData<typeof loader>();
  return (
    <>
      <AdminHeading title={t("admin.redirects.title")} />
      <p className="mb-6 max-w-3xl text-sm text-muted-foreground">{t("admin.redirects.intro")}</p>
      <AddRedirectForm />
      <div className="mt-8">
        {redirects.length === 0 ? (
          <p className="text-muted-foreground">{t("admin.redirects.empty")}</p>
        ) : (
          <ConsoleTable
            testId="redirects"
            rowTestId="redirect-row"
            columns={[
              { key: "from", label: t("admin.redirects.from") },
              { key: "target", label: t("admin.redirects.target") },
              { key: "created", label: t("admin.redirects.created") },
              { key: "actions", label: t("admin.redirects.actions") },
            ]}
            rows={redirects}
            rowKey={(row) => row.id}
            cells={(row) => [
              <code key="from" className="break-all">
                {row.from}
              </code>,
              <code key="target" className="break-all">
                {row.target}
              </code>,
              t("admin.redirects.createdBy", { date: date(row.createdAt), who: row.createdBy }),
              <DeleteRedirectButton key="delete" id={row.id} from={row.from} />,
            ]}
          />
        )}
      </div>
    </>
  );
}
