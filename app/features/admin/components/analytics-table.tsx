import type { AnalyticsRange as Range, Row } from "../analytics.server";
import { LANGUAGE_LOCALES } from "~/lib/i18n";
import { useLanguage } from "~/lib/language";
import { useTranslation } from "~/lib/use-translation";

/** The Analytics page's tables (ADR 0068): each with the period before and a link to its CSV. */
export type { Range, Row };
export type TableName =
  | "pages"
  | "languages"
  | "browserLanguages"
  | "referrers"
  | "campaigns"
  | "searches"
  | "zeroResultSearches"
  | "previews"
  | "downloads"
  | "gatedDownloads"
  | "notFound";

function rangeQuery(range: Range) {
  return range.preset !== null ? `days=${range.preset}` : `from=${range.from}&to=${range.to}`;
}

export function useFormats() {
  const { language } = useLanguage();
  const locale = LANGUAGE_LOCALES[language];
  const date = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC" });
  const number = new Intl.NumberFormat(locale);
  const percent = new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 0, signDisplay: "exceptZero" });
  return {
    day: (value: string) => date.format(new Date(`${value}T00:00:00Z`)),
    number: (value: number) => number.format(value),
    change: (value: number, previous: number) => (previous === 0 ? "–" : percent.format((value - previous) / previous)),
  };
}

/** A section's heading with the link to its CSV (`table`: the export's name). */
export function TableHeading({ table, title, range }: { table: string; title: string; range: Range }) {
  const { t } = useTranslation();
  return (
    <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
      <h2 id={`analytics-${table}`} className="text-base font-semibold">
        {title}
      </h2>
      <a
        href={`/admin/analytics/export.csv?table=${table}&${rangeQuery(range)}`}
        className="text-sm text-primary underline underline-offset-2"
        download
      >
        {t("admin.analytics.csv", { title })}
      </a>
    </div>
  );
}

/** One table of the page: its rows with the period before, and its CSV. */
export function DataTable({
  name,
  range,
  rows,
  keyLabel,
  detailLabel,
  showKey = (row) => row.key,
  zero = false,
}: {
  name: TableName;
  range: Range;
  rows: Row[];
  keyLabel: string;
  detailLabel?: string;
  showKey?: (row: Row) => string;
  zero?: boolean;
}) {
  const { t } = useTranslation();
  const format = useFormats();
  const title = t(`admin.analytics.tables.${name}`);
  return (
    <section
      // min-w-0: a grid item grows to its widest row otherwise, and a long path would widen the page on a phone.
      className="min-w-0 rounded-lg border border-border bg-card p-4"
      aria-labelledby={`analytics-${name}`}
      data-testid={`analytics-${name}`}
    >
      <TableHeading table={name} title={title} range={range} />
      {rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("admin.analytics.none")}</p>
      ) : (
        <div className="max-h-96 overflow-auto">
          <table className="w-full text-left text-sm">
            <thead className="sticky top-0 bg-card text-muted-foreground">
              <tr>
                <th scope="col" className="py-1.5 pr-3 font-medium">
                  {keyLabel}
                </th>
                {detailLabel ? (
                  <th scope="col" className="py-1.5 pr-3 font-medium">
                    {detailLabel}
                  </th>
                ) : null}
                <th scope="col" className="py-1.5 pr-3 text-right font-medium">
                  {zero ? t("admin.analytics.zeroResults") : t("admin.analytics.views")}
                </th>
                <th scope="col" className="py-1.5 pr-3 text-right font-medium">
                  {t("admin.analytics.visitors")}
                </th>
                <th scope="col" className="py-1.5 text-right font-medium">
                  {t("admin.analytics.change")}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={`${row.key}\u0000${row.detail}`} className="border-t border-border">
                  <td className="break-all py-1 pr-3">{showKey(row) || t("admin.analytics.empty")}</td>
                  {detailLabel ? <td className="break-all py-1 pr-3">{row.detail || t("admin.analytics.empty")}</td> : null}
                  <td className="py-1 pr-3 text-right tabular-nums">{format.number(zero ? row.zeroResults : row.views)}</td>
                  <td className="py-1 pr-3 text-right tabular-nums">{format.number(row.visitors)}</td>
                  <td className="py-1 text-right tabular-nums">{zero ? "–" : format.change(row.views, row.previous)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
