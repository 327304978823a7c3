import { Link } from "react-router";
import { LANGUAGE_NAMES, LANGUAGES, type Language } from "~/lib/i18n";
import { useTranslation } from "~/lib/use-translation";
import type { PageState } from "../pages.server";
import { AdminHeading } from "./admin-shell";
import { ConsoleTable } from "./console-table";
import { useDateFormat } from "./use-date-format";
import { useScheduleTimeFormat } from "./page-schedule";

export interface PageListRow {
  namespace: string;
  legal: boolean;
  languages: Array<{ language: Language; state: PageState; publishedAt: string | null }>;
}

const STATE_CLASS: Record<PageState, string> = {
  default: "text-muted-foreground",
  draft: "font-medium text-amber-300",
  published: "font-medium text-primary",
  unpublished: "font-medium text-destructive",
};

/** /admin/pages: every content page × language, with its state and last publish, each a link to its editor. */
export function PagesList({ pages, schedules = {} }: { pages: PageListRow[]; schedules?: Record<string, string> }) {
  const { t } = useTranslation();
  const formatDate = useDateFormat();
  const formatScheduleTime = useScheduleTimeFormat();
  const columns = [
    { key: "page", label: t("admin.pages.page") },
    ...LANGUAGES.map((language) => ({ key: language, label: LANGUAGE_NAMES[language] })),
  ];
  return (
    <>
      <AdminHeading title={t("admin.pages.title")} />
      <p className="mb-4 max-w-3xl text-sm text-muted-foreground">{t("admin.pages.intro")}</p>
      <ConsoleTable
        testId="pages-table"
        rowTestId="pages-row"
        columns={columns}
        rows={pages}
        rowKey={(row) => row.namespace}
        cells={(row) => [
          <span key="page">
            {t(`admin.pages.names.${row.namespace}`)}
            {row.legal ? <span className="ml-2 text-xs text-muted-foreground">{t("admin.pages.legal")}</span> : null}
          </span>,
          ...row.languages.map((entry) => (
            <Link
              key={entry.language}
              to={`/admin/pages/${row.namespace}?language=${entry.language}`}
              className="grid gap-0.5 underline-offset-2 hover:underline"
              data-testid={`page-${row.namespace}-${entry.language}`}
              data-state={entry.state}
            >
              <span className={STATE_CLASS[entry.state]}>{t(`admin.pages.states.${entry.state}`)}</span>
              {entry.publishedAt ? (
                <span className="text-xs text-muted-foreground">
                  {t("admin.pages.publishedOn", { date: formatDate(entry.publishedAt) })}
                </span>
              ) : null}
              {schedules[`${row.namespace}/${entry.language}`] ? (
                <span className="text-xs text-amber-300" data-testid={`schedule-${row.namespace}-${entry.language}`}>
                  {t("admin.pages.schedule.listScheduled", { date: formatScheduleTime(schedules[`${row.namespace}/${entry.language}`]!) })}
                </span>
              ) : null}
            </Link>
          )),
        ]}
      />
    </>
  );
}
