import { useTranslation } from "~/lib/use-translation";
import { Link } from "react-router";
import { LANGUAGE_LOCALES } from "~/lib/i18n";
import { useLanguage } from "~/lib/language";
import { INBOX_STATUSES } from "../inbox";
import type { InboxFilters } from "../inbox.server";
import { AdminHeading } from "./admin-shell";
import { ConsoleSearch, ConsoleSelect } from "./console-search";
import { Pager } from "./pager";

interface Row {
  id: string;
  name: string;
  email: string;
  subject: string;
  excerpt: string;
  createdAt: string;
  isRead: boolean;
  isHandled: boolean;
  replies: number;
}

export function InboxList({ messages, filters, hasMore }: { messages: Row[]; filters: InboxFilters; hasMore: boolean }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const format = new Intl.DateTimeFormat(LANGUAGE_LOCALES[language], { dateStyle: "medium", timeStyle: "short" });
  return (
    <>
      <AdminHeading title={t("admin.inbox.title")} />
      <ConsoleSearch keys="admin.inbox" query={filters.q} layout="one-filter">
        <ConsoleSelect
          id="inbox-status"
          name="status"
          label={t("admin.inbox.status")}
          value={filters.status}
          options={INBOX_STATUSES.map((status) => [status, t(`admin.inbox.statuses.${status}`)] as const)}
        />
      </ConsoleSearch>
      {messages.length === 0 ? (
        <p className="text-muted-foreground">{t("admin.inbox.empty")}</p>
      ) : (
        <ul className="divide-y divide-border rounded-lg border border-border" data-testid="inbox-list">
          {messages.map((message) => (
            <li key={message.id} data-testid="inbox-row">
              <Link to={`/admin/inbox/${message.id}`} className="block px-4 py-3 hover:bg-muted focus-visible:bg-muted">
                <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
                  {!message.isRead ? (
                    <span className="rounded-full bg-primary px-2 text-xs font-semibold text-primary-foreground">
                      {t("admin.inbox.new")}
                    </span>
                  ) : null}
                  <span className={message.isRead ? "font-medium" : "font-bold"}>{message.subject}</span>
                  {message.isHandled ? <span className="rounded bg-muted px-2 text-xs">{t("admin.inbox.handled")}</span> : null}
                  {message.replies > 0 ? (
                    <span className="text-xs text-muted-foreground">{t("admin.inbox.replies", { count: message.replies })}</span>
                  ) : null}
                  <time dateTime={message.createdAt} className="ml-auto text-xs text-muted-foreground">
                    {format.format(new Date(message.createdAt))}
                  </time>
                </div>
                <p className="mt-1 break-words text-sm text-muted-foreground">
                  {message.name} &lt;{message.email}&gt; · {message.excerpt}
                </p>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Pager page={filters.page} hasMore={hasMore} />
    </>
  );
}
