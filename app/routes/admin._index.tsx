import { useTranslation } from "~/lib/use-translation";
import { Link, useLoaderData, type LoaderFunctionArgs } from "react-router";
import { AdminHeading } from "~/features/admin/components/admin-shell";
import { MailWarnings } from "~/features/admin/components/mail-warnings";
import { GoLiveChecklist } from "~/features/admin/components/go-live-checklist";
import { consoleMeta } from "~/features/admin/console.server";
import { loadOverview } from "~/features/admin/overview.server";
import { requireConsole } from "~/features/admin/guard.server";
import { metaFromLoader } from "~/lib/seo";
import type { Page } from "~/lib/page";

export const page = { console: "overview" } satisfies Page;

export const meta = metaFromLoader;

export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireConsole(request, "overview");
  return { ...(await loadOverview(actor)), meta: await consoleMeta(request, "admin.meta.overview") };
}

export default function AdminOverviewRoute() {
  const { t } = useTranslation();
  const { cards, mailWarnings, goLive } = useLoaderData<typeof loader>();
  return (
    <>
      <AdminHeading title={t("admin.overview.title")} />
      <MailWarnings warnings={mailWarnings} />
      <GoLiveChecklist items={goLive} />
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {cards.map((card) => (
          <li key={card.to}>
            <Link to={card.to} className="block rounded-lg border border-border bg-card p-5 transition-colors hover:border-primary">
              <span className="block text-sm text-muted-foreground">{t(card.labelKey)}</span>
              <span className="mt-1 block text-3xl font-bold tabular-nums">{card.value}</span>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
