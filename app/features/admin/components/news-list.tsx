import { Link } from "react-router";
import type { NewsState } from "~/features/news/news.server";
import { LANGUAGE_NAMES, LANGUAGES, type Language } from "~/lib/i18n";
import { useTranslation } from "~/lib/use-translation";
import { AdminHeading } from "./admin-shell";
import { ConsoleTable } from "./console-table";
import { useScheduleTimeFormat } from "./page-schedule";
import { useDateFormat } from "./use-date-format";

export interface NewsListRow {
  id: string;
  languages: Record<Language, { state: NewsState; title: string; publishedAt: string | null; scheduledAt: string | null }>;
}

const STATE_CLASS: Record<NewsState, string> = {
  none: "text-muted-foreground",
  draft: "font-medium text-amber-300",
  published: "font-medium text-primary",
  changed: "font-medium text-primary",
  unpublished: "font-medium text-destructive",
};

/** /admin/news (ADR 0066): every post × language with its title and state, each a link to that language's editor. */
export function NewsList({ posts }: { posts: NewsListRow[] }) {
  const { t } = useTranslation();
  const formatDate = useDateFormat();
  const formatScheduleTime = useScheduleTimeFormat();
  return (
    <>
      <AdminHeading title={t("admin.news.title")}>
        <Link to="/admin/news/new" className="rounded-md bg-primary px-3 py-1.5 text-sm font-medium text-primary-foreground">
          {t("admin.news.new")}
        </Link>
      </AdminHeading>
      <p className="mb-4 max-w-3xl text-sm text-muted-foreground">{t("admin.news.intro")}</p>
      {posts.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("admin.news.empty")}</p>
      ) : (
        <ConsoleTable
          testId="news-table"
          rowTestId="news-row"
          columns={LANGUAGES.map((language) => ({ key: language, label: LANGUAGE_NAMES[language] }))}
          rows={posts}
          rowKey={(row) => row.id}
          cells={(row) =>
            LANGUAGES.map((language) => {
              const entry = row.languages[language];
              return (
                <Link
                  key={language}
                  to={`/admin/news/${row.id}?language=${language}`}
                  className="grid gap-0.5 underline-offset-2 hover:underline"
                  data-testid={`news-${row.id}-${language}`}
                  data-state={entry.state}
                >
                  <span>{entry.title || t("admin.news.untitled")}</span>
                  <span className={STATE_CLASS[entry.state]}>{t(`admin.news.states.${entry.state}`)}</span>
                  {entry.publishedAt ? (
                    <span className="text-xs text-muted-foreground">
                      {t("admin.news.publishedOn", { date: formatDate(entry.publishedAt) })}
                    </span>
                  ) : null}
                  {entry.scheduledAt ? (
                    <span className="text-xs text-amber-300">
                      {t("admin.pages.schedule.listScheduled", { date: formatScheduleTime(entry.scheduledAt) })}
                    </span>
                  ) : null}
                </Link>
              );
            })
          }
        />
      )}
    </>
  );
}
