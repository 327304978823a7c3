import { Download } from "lucide-react";
import { useTranslation } from "~/lib/use-translation";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { LaunchDeleteForm } from "../forms/launch-delete-form";
import type { LaunchFilters, LaunchSignupView } from "../launches-admin.server";
import { AdminHeading } from "./admin-shell";
import { ConsoleSearch } from "./console-search";
import { useDateFormat } from "./use-date-format";
import { Pager } from "./pager";

type Counts = Record<string, { confirmed: number; pending: number }>;

/**
 * /admin/launches: the "tell me when it opens" list (issue 13), one tab per launch with its
 * counts; the list with search; the confirmed addresses as CSV; delete one entry.
 */
export function LaunchesPage({
  counts,
  signups,
  hasMore,
  filters,
}: {
  counts: Counts;
  signups: LaunchSignupView[];
  hasMore: boolean;
  filters: LaunchFilters;
}) {
  const { t } = useTranslation();
  const date = useDateFormat();
  const topicName = t(`admin.launches.topics.${filters.topic}`);
  return (
    <>
      <AdminHeading title={t("admin.launches.title")}>
        <Button asChild variant="outline" size="sm">
          <a href={`/admin/launches/export.csv?topic=${filters.topic}`} download>
            <Download aria-hidden="true" />
            {t("admin.launches.export", { topic: topicName })}
          </a>
        </Button>
      </AdminHeading>
      <p className="mb-4 max-w-3xl text-sm text-muted-foreground">{t("admin.launches.intro")}</p>
      <nav aria-label={t("admin.launches.topicsLabel")} className="mb-4 grid gap-3 sm:grid-cols-2">
        {Object.entries(counts).map(([topic, count]) => (
          <Link
            key={topic}
            to={`?topic=${topic}`}
            aria-current={filters.topic === topic ? "page" : undefined}
            data-testid={`launch-tab-${topic}`}
            className={
              "rounded-lg border p-4 transition-colors " +
              (filters.topic === topic ? "border-primary bg-primary/10" : "border-border hover:bg-muted")
            }
          >
            <span className="block font-semibold">{t(`admin.launches.topics.${topic}`)}</span>
            <span className="block text-2xl font-bold" data-testid={`launch-confirmed-${topic}`}>
              {count.confirmed}
            </span>
            <span className="block text-sm text-muted-foreground">
              {t("admin.launches.counts", { confirmed: count.confirmed, pending: count.pending })}
            </span>
          </Link>
        ))}
      </nav>
      <ConsoleSearch keys="admin.launches" query={filters.q} layout="row" hidden={{ topic: filters.topic }} />
      {signups.length === 0 ? (
        <p className="text-muted-foreground">{t("admin.launches.empty", { topic: topicName })}</p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-border">
          <table className="w-full min-w-[48rem] text-left text-sm" data-testid="launch-table">
            <thead className="bg-muted/50 text-muted-foreground">
              <tr>
                {["email", "language", "signedUp", "confirmed"].map((column) => (
                  <th key={column} scope="col" className="px-3 py-2 font-medium">
                    {t(`admin.launches.columns.${column}`)}
                  </th>
                ))}
                <th scope="col" className="px-3 py-2">
                  <span className="sr-only">{t("admin.launches.columns.actions")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {signups.map((signup) => (
                <tr key={signup.id} className="border-t border-border" data-testid="launch-row">
                  <th scope="row" className="min-w-56 px-3 py-2 font-normal [overflow-wrap:anywhere]">
                    {signup.email}
                  </th>
                  <td className="px-3 py-2">{signup.language.toUpperCase()}</td>
                  <td className="whitespace-nowrap px-3 py-2">{date(signup.createdAt)}</td>
                  <td className="whitespace-nowrap px-3 py-2">
                    {signup.confirmedAt ? (
                      date(signup.confirmedAt)
                    ) : (
                      <span className="text-muted-foreground">{t("admin.launches.pending")}</span>
                    )}
                  </td>
                  <td className="px-3 py-2">
                    <LaunchDeleteForm id={signup.id} email={signup.email} topicName={topicName} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager page={filters.page} hasMore={hasMore} />
    </>
  );
}
