import { Link } from "react-router";
import { AdminHeading } from "./admin-shell";
import { BarChart } from "./bar-chart";
import { DataTable, TableHeading, useFormats, type Range, type Row, type TableName } from "./analytics-table";
import { useTranslation } from "~/lib/use-translation";

interface Analytics {
  range: Range;
  totals: { views: number; visitors: number; previousViews: number; previousVisitors: number };
  perDay: Array<{ day: string; views: number; visitors: number }>;
  goals: Array<{ key: string; value: number; previous: number }>;
  gatedPath: { gated: number; signUps: number; confirmed: number; downloaded: number };
  tables: Record<TableName, Row[]>;
}

const PRESETS = [7, 30, 365];

function Stat({ label, value, previous }: { label: string; value: number; previous: number }) {
  const { t } = useTranslation();
  const format = useFormats();
  return (
    <div className="rounded-lg border border-border bg-card p-4">
      <p className="text-sm text-muted-foreground">{label}</p>
      <p className="text-3xl font-bold tabular-nums">{format.number(value)}</p>
      <p className="text-sm text-muted-foreground">
        {t("admin.analytics.before", { value: format.number(previous), change: format.change(value, previous) })}
      </p>
    </div>
  );
}

export function AnalyticsPage({ analytics, eventDays }: { analytics: Analytics; eventDays: number }) {
  const { t } = useTranslation();
  const format = useFormats();
  const { range, tables } = analytics;
  const item = (row: Row) => row.title ?? row.key;
  const chartTitle = t("admin.analytics.chartSummary", {
    from: format.day(range.from),
    to: format.day(range.to),
    views: format.number(analytics.totals.views),
    visitors: format.number(analytics.totals.visitors),
  });
  return (
    <>
      <AdminHeading title={t("admin.analytics.title")}>
        <nav aria-label={t("admin.analytics.range")} className="flex flex-wrap gap-1">
          {PRESETS.map((days) => (
            <Link
              key={days}
              to={`?days=${days}`}
              aria-current={range.preset === days ? "page" : undefined}
              className={
                "rounded-md border px-3 py-1.5 text-sm " +
                (range.preset === days ? "border-primary text-primary" : "border-input hover:bg-muted")
              }
            >
              {t("admin.analytics.lastDays", { count: days })}
            </Link>
          ))}
        </nav>
      </AdminHeading>
      <form method="get" className="mb-4 flex flex-wrap items-end gap-3 text-sm" aria-label={t("admin.analytics.customRange")}>
        <label className="grid gap-1">
          <span>{t("admin.analytics.from")}</span>
          <input
            type="date"
            name="from"
            defaultValue={range.from}
            required
            className="rounded-md border border-input bg-background px-2 py-1"
          />
        </label>
        <label className="grid gap-1">
          <span>{t("admin.analytics.to")}</span>
          <input
            type="date"
            name="to"
            defaultValue={range.to}
            required
            className="rounded-md border border-input bg-background px-2 py-1"
          />
        </label>
        <button type="submit" className="rounded-md border border-input px-3 py-1.5 hover:bg-muted">
          {t("admin.analytics.show")}
        </button>
      </form>
      {range.invalid ? (
        <p role="alert" className="mb-4 text-sm text-destructive">
          {t("admin.analytics.invalidRange")}
        </p>
      ) : null}
      <p className="mb-4 max-w-3xl text-sm text-muted-foreground" data-testid="analytics-period">
        {t("admin.analytics.period", {
          from: format.day(range.from),
          to: format.day(range.to),
          previousFrom: format.day(range.previousFrom),
          previousTo: format.day(range.previousTo),
        })}{" "}
        {t("admin.analytics.intro", { count: eventDays })}
      </p>
      <div className="mb-4 grid gap-4 sm:grid-cols-2">
        <Stat label={t("admin.analytics.visitors")} value={analytics.totals.visitors} previous={analytics.totals.previousVisitors} />
        <Stat label={t("admin.analytics.views")} value={analytics.totals.views} previous={analytics.totals.previousViews} />
      </div>
      <section className="mb-4 rounded-lg border border-border bg-card p-4" aria-labelledby="analytics-days">
        <TableHeading table="days" title={t("admin.analytics.perDay")} range={range} />
        <BarChart points={analytics.perDay.map((point) => ({ label: format.day(point.day), value: point.views }))} summary={chartTitle} />
        <details className="mt-3">
          <summary className="cursor-pointer text-sm text-primary">{t("admin.analytics.showTable")}</summary>
          <div className="mt-2 max-h-72 overflow-auto rounded border border-border">
            <table className="w-full text-left text-sm" data-testid="analytics-per-day">
              <thead className="sticky top-0 bg-card text-muted-foreground">
                <tr>
                  <th scope="col" className="px-3 py-1.5 font-medium">
                    {t("admin.analytics.day")}
                  </th>
                  <th scope="col" className="px-3 py-1.5 text-right font-medium">
                    {t("admin.analytics.views")}
                  </th>
                  <th scope="col" className="px-3 py-1.5 text-right font-medium">
                    {t("admin.analytics.visitors")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {analytics.perDay.map((point) => (
                  <tr key={point.day} className="border-t border-border">
                    <td className="px-3 py-1">{format.day(point.day)}</td>
                    <td className="px-3 py-1 text-right tabular-nums">{format.number(point.views)}</td>
                    <td className="px-3 py-1 text-right tabular-nums">{format.number(point.visitors)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      </section>
      <section className="mb-4 rounded-lg border border-border bg-card p-4" aria-labelledby="analytics-goals" data-testid="analytics-goals">
        <TableHeading table="goals" title={t("admin.analytics.goals")} range={range} />
        <dl className="grid gap-3 sm:grid-cols-4">
          {analytics.goals.map((goal) => (
            <div key={goal.key}>
              <dt className="text-sm text-muted-foreground">{t(`admin.analytics.goal.${goal.key}`)}</dt>
              <dd className="text-2xl font-bold tabular-nums">{format.number(goal.value)}</dd>
              <dd className="text-sm text-muted-foreground">
                {t("admin.analytics.before", { value: format.number(goal.previous), change: format.change(goal.value, goal.previous) })}
              </dd>
            </div>
          ))}
        </dl>
        <h3 className="mb-2 mt-4 text-sm font-semibold">{t("admin.analytics.gatedPath")}</h3>
        <ol className="flex flex-wrap gap-2 text-sm" data-testid="analytics-gated-path">
          {(["gated", "signUps", "confirmed", "downloaded"] as const).map((step) => (
            <li key={step} className="rounded-md border border-border px-3 py-1.5">
              {t(`admin.analytics.path.${step}`)}: <strong className="tabular-nums">{format.number(analytics.gatedPath[step])}</strong>
            </li>
          ))}
        </ol>
      </section>
      <div className="grid gap-4 lg:grid-cols-2">
        <DataTable name="pages" range={range} rows={tables.pages} keyLabel={t("admin.analytics.page")} />
        <DataTable name="languages" range={range} rows={tables.languages} keyLabel={t("admin.analytics.pageLanguage")} />
        <DataTable
          name="browserLanguages"
          range={range}
          rows={tables.browserLanguages}
          keyLabel={t("admin.analytics.pageLanguage")}
          detailLabel={t("admin.analytics.browserLanguage")}
        />
        <DataTable name="referrers" range={range} rows={tables.referrers} keyLabel={t("admin.analytics.referrer")} />
        <DataTable
          name="campaigns"
          range={range}
          rows={tables.campaigns}
          keyLabel={t("admin.analytics.campaign")}
          detailLabel={t("admin.analytics.sourceMedium")}
        />
        <DataTable
          name="notFound"
          range={range}
          rows={tables.notFound}
          keyLabel={t("admin.analytics.path404")}
          detailLabel={t("admin.analytics.referrer")}
        />
        <DataTable
          name="searches"
          range={range}
          rows={tables.searches}
          keyLabel={t("admin.analytics.query")}
          detailLabel={t("admin.analytics.filters")}
        />
        <DataTable
          name="zeroResultSearches"
          range={range}
          rows={tables.zeroResultSearches}
          keyLabel={t("admin.analytics.query")}
          detailLabel={t("admin.analytics.filters")}
          zero
        />
        <DataTable name="previews" range={range} rows={tables.previews} keyLabel={t("admin.analytics.item")} showKey={item} />
        <DataTable name="downloads" range={range} rows={tables.downloads} keyLabel={t("admin.analytics.item")} showKey={item} />
        <DataTable name="gatedDownloads" range={range} rows={tables.gatedDownloads} keyLabel={t("admin.analytics.item")} showKey={item} />
      </div>
    </>
  );
}
