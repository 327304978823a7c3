import { Link } from "react-router";
import { useTranslation } from "~/lib/use-translation";
import type { OutboxFilters, listOutbox } from "../outbox.server";
import { targetSchema } from "../schemas/console-schemas";
import { AdminHeading } from "./admin-shell";
import { ActionButton } from "./console-form";
import { ConsoleTable } from "./console-table";
import { MailWarnings } from "./mail-warnings";
import { Pager } from "./pager";
import { useDateFormat } from "./use-date-format";

type Mail = Awaited<ReturnType<typeof listOutbox>>["mails"][number];

const TABS = [null, "pending", "failed", "sent"] as const;

/** /admin/outbox: every mail `mail_log` holds, newest first, by state; a queued one can be sent now or cancelled. */
export function OutboxPage({
  mails,
  hasMore,
  filters,
  warnings,
}: {
  mails: Mail[];
  hasMore: boolean;
  filters: OutboxFilters;
  warnings: string[];
}) {
  const { t } = useTranslation();
  const date = useDateFormat();
  const stateLabel = (mail: Mail) => (mail.cancelled ? t("admin.outbox.states.cancelled") : t(`admin.outbox.states.${mail.status}`));
  return (
    <>
      <AdminHeading title={t("admin.outbox.title")}>
        <ActionButton intent="testMail" label={t("admin.outbox.testMail.button")} busyLabel={t("admin.outbox.testMail.busy")} />
      </AdminHeading>
      <MailWarnings warnings={warnings} />
      <p className="mb-4 max-w-3xl text-sm text-muted-foreground">{t("admin.outbox.intro")}</p>
      <nav aria-label={t("admin.outbox.filterLabel")} className="mb-4 flex flex-wrap gap-2 text-sm">
        {TABS.map((state) => (
          <Link
            key={state ?? "all"}
            to={state ? `?state=${state}` : "?"}
            aria-current={filters.state === state ? "page" : undefined}
            className={
              "rounded-md border px-3 py-1.5 " + (filters.state === state ? "border-primary bg-primary/10" : "border-border hover:bg-muted")
            }
          >
            {t(state ? `admin.outbox.states.${state}` : "admin.outbox.all")}
          </Link>
        ))}
      </nav>
      {mails.length === 0 ? (
        <p className="text-sm">{t("admin.outbox.empty")}</p>
      ) : (
        <ConsoleTable
          from="xl"
          columns={[
            { key: "created", label: t("admin.outbox.columns.created"), nowrap: true },
            { key: "recipient", label: t("admin.outbox.columns.recipient") },
            { key: "subject", label: t("admin.outbox.columns.subject") },
            { key: "state", label: t("admin.outbox.columns.state") },
            { key: "attempts", label: t("admin.outbox.columns.attempts") },
            { key: "error", label: t("admin.outbox.columns.lastError") },
            { key: "actions", label: t("admin.outbox.columns.actions") },
          ]}
          rows={mails}
          rowKey={(mail) => mail.id}
          rowHeader={2}
          rowTestId="outbox-mail"
          cells={(mail) => [
            date(mail.createdAt),
            mail.recipient,
            mail.subject,
            stateLabel(mail),
            mail.attempts,
            mail.cancelled ? "" : (mail.lastError ?? ""),
            mail.status === "pending" ? (
              <div className="flex flex-wrap gap-2">
                <ActionButton
                  intent="sendNow"
                  schema={targetSchema}
                  target={mail.id}
                  fields={{ id: mail.id }}
                  label={t("admin.outbox.sendNow")}
                />
                <ActionButton
                  intent="cancel"
                  schema={targetSchema}
                  target={mail.id}
                  fields={{ id: mail.id }}
                  variant="destructive"
                  label={t("admin.outbox.cancel")}
                  confirm={t("admin.outbox.confirmCancel", { subject: mail.subject })}
                />
              </div>
            ) : null,
          ]}
        />
      )}
      <Pager page={filters.page} hasMore={hasMore} />
    </>
  );
}
