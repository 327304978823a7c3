import { Download } from "lucide-react";
import { useTranslation } from "~/lib/use-translation";
import { Link, useLocation } from "react-router";
import { Button } from "~/components/ui/button";
import type { SuppressionReason } from "~/db/schema";
import type { ConsentRecordView, NewsletterFilters, SuppressionView } from "../newsletter-admin.server";
import { liftSuppressionSchema } from "../schemas/suppression-schema";
import { ActionButton } from "./console-form";
import { AdminHeading } from "./admin-shell";
import { ConsoleSearch } from "./console-search";
import { useDateFormat } from "./use-date-format";
import { Pager } from "./pager";

/** The translation key of each suppression reason (keys are camelCase: `_word` suffixes read as i18next contexts). */
const REASON_KEYS: Record<SuppressionReason, string> = { hard_bounce: "hardBounce", soft_bounces: "softBounces", complaint: "complaint" };

const STATUSES = ["", "confirmed", "pending", "withdrawn", "cancelled"] as const;

/**
 * /admin/newsletter: the consent records with their proof (issue 12). "Active" are the
 * subscribers; each row keeps when consent was asked and confirmed, in which form, the wording
 * and its version, the language, and when and how it was withdrawn.
 */
export function NewsletterPage({
  counts,
  records,
  hasMore,
  filters,
  suppressions,
}: {
  counts: Record<string, number>;
  records: ConsentRecordView[];
  hasMore: boolean;
  filters: NewsletterFilters;
  suppressions: SuppressionView[];
}) {
  const { t } = useTranslation();
  const date = useDateFormat();
  const location = useLocation();
  const total = Object.values(counts).reduce((sum, count) => sum + count, 0);
  const statusHref = (status: string) => {
    const params = new URLSearchParams(location.search);
    params.delete("page");
    if (status) params.set("status", status);
    else params.delete("status");
    const query = params.toString();
    return query ? `?${query}` : location.pathname;
  };
  return (
    <>
      <AdminHeading title={t("admin.newsletter.title")}>
        <Button asChild size="sm">
          <Link to="/admin/newsletter/issues">{t("admin.newsletter.issuesLink")}</Link>
        </Button>
        <Button asChild variant="outline" size="sm">
          <a href="/admin/newsletter/export.csv" download>
            <Download aria-hidden="true" />
            {t("admin.newsletter.export")}
          </a>
        </Button>
      </AdminHeading>
      <p className="mb-4 max-w-3xl text-sm text-muted-foreground">{t("admin.newsletter.intro")}</p>
      <nav aria-label={t("admin.newsletter.statusLabel")} className="mb-4 flex flex-wrap gap-2">
        {STATUSES.map((status) => (
          <Link
            key={status || "all"}
            to={statusHref(status)}
            aria-current={filters.status === status ? "page" : undefined}
            className={
              "rounded-full border px-3 py-1 text-sm " +
              (filters.status === status
                ? "border-primary bg-primary/10 text-foreground"
                : "border-border text-muted-foreground hover:bg-muted")
            }
          >
            {t(`admin.newsletter.statuses.${status || "all"}`)}{" "}
            <span className="font-semibold" data-testid={`consent-count-${status || "all"}`}>
              {status ? counts[status] : total}
            </span>
          </Link>
        ))}
      </nav>
      <ConsoleSearch keys="admin.newsletter" query={filters.q} layout="row" hidden={{ status: filters.status }} />
      {records.length === 0 ? (
        <p className="text-muted-foreground">{t("admin.newsletter.empty")}</p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-border">
          <table className="w-full min-w-[60rem] text-left text-sm" data-testid="consent-table">
            <thead className="bg-muted/50 text-muted-foreground">
              <tr>
                {["email", "status", "asked", "confirmed", "withdrawn", "form", "proof"].map((column) => (
                  <th key={column} scope="col" className="px-3 py-2 font-medium">
                    {t(`admin.newsletter.columns.${column}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {records.map((record) => (
                <tr key={record.id} className="border-t border-border align-top" data-testid="consent-row">
                  <th scope="row" className="min-w-56 px-3 py-2 font-normal [overflow-wrap:anywhere]">
                    {record.email}
                  </th>
                  <td className="px-3 py-2">
                    {t(`admin.newsletter.statuses.${record.status}`)}
                    {record.suppressed ? (
                      <span className="block text-xs text-destructive">
                        {t("admin.newsletter.suppressions.note", {
                          reason: t(`admin.newsletter.suppressions.reasons.${REASON_KEYS[record.suppressed]}`),
                        })}
                      </span>
                    ) : null}
                  </td>
                  <td className="whitespace-nowrap px-3 py-2">{date(record.requestedAt)}</td>
                  <td className="whitespace-nowrap px-3 py-2">{date(record.confirmedAt)}</td>
                  <td className="px-3 py-2">
                    <span className="whitespace-nowrap">{date(record.withdrawnAt)}</span>
                    {record.withdrawnVia ? (
                      <span className="block text-xs text-muted-foreground">{t(`admin.newsletter.via.${record.withdrawnVia}`)}</span>
                    ) : null}
                  </td>
                  <td className="px-3 py-2">{t(`admin.newsletter.sources.${record.source}`)}</td>
                  <td className="px-3 py-2">
                    <details>
                      <summary className="cursor-pointer text-primary">
                        {t("admin.newsletter.proof", { version: record.wordingVersion, language: record.language.toUpperCase() })}
                      </summary>
                      <blockquote className="mt-2 max-w-sm border-l-2 border-border pl-3 text-muted-foreground" lang={record.language}>
                        {record.wording}
                      </blockquote>
                    </details>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager page={filters.page} hasMore={hasMore} />
      <Suppressions suppressions={suppressions} />
    </>
  );
}

/** Addresses no newsletter goes to (bounces and complaints, ADR 0073), each with a way to lift it. */
function Suppressions({ suppressions }: { suppressions: SuppressionView[] }) {
  const { t } = useTranslation();
  const date = useDateFormat();
  return (
    <section aria-labelledby="suppressions-title" className="mt-8 space-y-3">
      <h2 id="suppressions-title" className="text-lg font-semibold">
        {t("admin.newsletter.suppressions.title")}
      </h2>
      <p className="max-w-3xl text-sm text-muted-foreground">{t("admin.newsletter.suppressions.intro")}</p>
      {suppressions.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("admin.newsletter.suppressions.empty")}</p>
      ) : (
        <ul className="divide-y divide-border rounded-lg border border-border text-sm" data-testid="suppressions">
          {suppressions.map((row) => (
            <li key={row.email} className="flex flex-wrap items-center gap-3 px-3 py-2">
              <span className="min-w-56 font-medium [overflow-wrap:anywhere]">{row.email}</span>
              <span>{t(`admin.newsletter.suppressions.reasons.${REASON_KEYS[row.reason]}`)}</span>
              <span className="text-muted-foreground [overflow-wrap:anywhere]">{row.detail}</span>
              <span className="whitespace-nowrap text-muted-foreground">{date(row.createdAt)}</span>
              <span className="ml-auto">
                <ActionButton
                  intent="lift"
                  schema={liftSuppressionSchema}
                  fields={{ email: row.email }}
                  label={t("admin.newsletter.suppressions.lift")}
                  confirm={t("admin.newsletter.suppressions.confirmLift", { email: row.email })}
                />
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
