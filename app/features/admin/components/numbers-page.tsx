import { useTranslation } from "~/lib/use-translation";
import { Link } from "react-router";
import { LANGUAGE_LOCALES } from "~/lib/i18n";
import { useLanguage } from "~/lib/language";
import { AdminHeading } from "./admin-shell";
import { BarChart } from "./bar-chart";

interface Point {
  label: string;
  value: number;
}
interface Numbers {
  days: number;
  downloadsPerDay: Point[];
  downloadsPerItem: Array<{ id: string | null; title: string | null; count: number }>;
  signUpsPerWeek: Point[];
  messagesPerWeek: Point[];
  totals: { downloads: number; signUps: number; messages: number };
}

/** A day ("2026-11-27") as the reader's language writes it. */
function useDayLabel() {
  const { language } = useLanguage();
  const date = new Intl.DateTimeFormat(LANGUAGE_LOCALES[language], { dateStyle: "medium", timeZone: "UTC" });
  return (day: string) => date.format(new Date(`${day}T00:00:00Z`));
}

function SeriesTable({ points, periodKey, valueKey }: { points: Point[]; periodKey: string; valueKey: string }) {
  const { t } = useTranslation();
  const dayLabel = useDayLabel();
  return (
    <details className="mt-3">
      <summary className="cursor-pointer text-sm text-primary">{t("admin.numbers.showTable")}</summary>
      <div className="mt-2 max-h-72 overflow-auto rounded border border-border">
        <table className="w-full text-left text-sm">
          <thead className="sticky top-0 bg-card text-muted-foreground">
            <tr>
              <th scope="col" className="px-3 py-1.5 font-medium">
                {t(periodKey)}
              </th>
              <th scope="col" className="px-3 py-1.5 text-right font-medium">
                {t(valueKey)}
              </th>
            </tr>
          </thead>
          <tbody>
            {points.map((point) => (
              <tr key={point.label} className="border-t border-border">
                <td className="px-3 py-1">{dayLabel(point.label)}</td>
                <td className="px-3 py-1 text-right tabular-nums">{point.value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

function Panel({
  title,
  total,
  points,
  periodKey,
  valueKey,
}: {
  title: string;
  total: number;
  points: Point[];
  periodKey: string;
  valueKey: string;
}) {
  const { t } = useTranslation();
  const dayLabel = useDayLabel();
  return (
    <section className="rounded-lg border border-border bg-card p-4" aria-label={title}>
      <h2 className="text-base font-semibold">{title}</h2>
      <p className="mb-3 text-3xl font-bold tabular-nums" data-testid="number-total">
        {total}
      </p>
      <BarChart
        points={points.map((point) => ({ label: dayLabel(point.label), value: point.value }))}
        summary={t("admin.numbers.chartSummary", { title, total, count: points.length })}
      />
      <SeriesTable points={points} periodKey={periodKey} valueKey={valueKey} />
    </section>
  );
}

export function NumbersPage({ numbers }: { numbers: Numbers }) {
  const { t } = useTranslation();
  return (
    <>
      <AdminHeading title={t("admin.numbers.title")}>
        <nav aria-label={t("admin.numbers.range")} className="flex gap-1">
          {[7, 30, 365].map((days) => (
            <Link
              key={days}
              to={`?days=${days}`}
              aria-current={numbers.days === days ? "page" : undefined}
              className={
                "rounded-md border px-3 py-1.5 text-sm " +
                (numbers.days === days ? "border-primary text-primary" : "border-input hover:bg-muted")
              }
            >
              {t("admin.numbers.lastDays", { count: days })}
            </Link>
          ))}
        </nav>
      </AdminHeading>
      <div className="grid gap-4 lg:grid-cols-2">
        <div className="lg:col-span-2">
          <Panel
            title={t("admin.numbers.downloadsPerDay")}
            total={numbers.totals.downloads}
            points={numbers.downloadsPerDay}
            periodKey="admin.numbers.day"
            valueKey="admin.numbers.downloads"
          />
        </div>
        <Panel
          title={t("admin.numbers.signUpsPerWeek")}
          total={numbers.totals.signUps}
          points={numbers.signUpsPerWeek}
          periodKey="admin.numbers.weekOf"
          valueKey="admin.numbers.signUps"
        />
        <Panel
          title={t("admin.numbers.messagesPerWeek")}
          total={numbers.totals.messages}
          points={numbers.messagesPerWeek}
          periodKey="admin.numbers.weekOf"
          valueKey="admin.numbers.messages"
        />
      </div>
      <section className="mt-6 rounded-lg border border-border bg-card p-4" aria-labelledby="per-item-title">
        <h2 id="per-item-title" className="mb-3 text-base font-semibold">
          {t("admin.numbers.downloadsPerItem")}
        </h2>
        {numbers.downloadsPerItem.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("admin.numbers.noDownloads")}</p>
        ) : (
          <table className="w-full text-left text-sm" data-testid="downloads-per-item">
            <thead className="text-muted-foreground">
              <tr>
                <th scope="col" className="py-1.5 font-medium">
                  {t("admin.numbers.item")}
                </th>
                <th scope="col" className="py-1.5 text-right font-medium">
                  {t("admin.numbers.downloads")}
                </th>
              </tr>
            </thead>
            <tbody>
              {numbers.downloadsPerItem.map((row) => (
                <tr key={row.id ?? "deleted"} className="border-t border-border">
                  <td className="py-1.5">
                    {row.id && row.title ? (
                      <Link to={`/admin/media/${row.id}`} className="text-primary underline underline-offset-2">
                        {row.title}
                      </Link>
                    ) : (
                      t("admin.numbers.deletedItems")
                    )}
                  </td>
                  <td className="py-1.5 text-right tabular-nums">{row.count}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </>
  );
}
