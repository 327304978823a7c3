import { useTranslation } from "~/lib/use-translation";
import type { ReactNode } from "react";
import { RoleForm } from "../forms/role-form";
import { AdminHeading } from "./admin-shell";
import { ActionButton, DeleteButton } from "./console-form";
import { ConsoleTable } from "./console-table";
import { signInMethods, useDateFormat, type MemberView } from "./members-list";

interface SessionView {
  id: string;
  createdAt: string;
  updatedAt: string;
  expiresAt: string;
  ipAddress: string | null;
  userAgent: string | null;
}
interface MailView {
  id: number;
  subject: string;
  to: string;
  status: string;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  updatedAt: string;
}

export function MemberPage({
  member,
  sessions,
  mails,
  isSelf,
}: {
  member: MemberView;
  sessions: SessionView[];
  mails: MailView[];
  isSelf: boolean;
}) {
  const { t } = useTranslation();
  const date = useDateFormat();
  const facts: Array<[string, string]> = [
    ["username", member.username || "—"],
    ["customerType", t(`admin.members.customerTypes.${member.customerType}`)],
    ["newsletter", member.newsletter ? t("admin.members.yes") : t("admin.members.no")],
    ["confirmed", member.confirmed ? t("admin.members.yes") : t("admin.members.no")],
    ["created", date(member.createdAt)],
    ["lastSignIn", date(member.lastSignIn)],
    ["signIn", signInMethods(t, member)],
    ["role", member.role ? t(`admin.roles.${member.role}`) : "—"],
  ];
  return (
    <>
      <AdminHeading back={{ to: "/admin/members", label: t("admin.members.back") }} title={member.email}>
        {!member.confirmed && member.password ? <ActionButton intent="resend" label={t("admin.members.resend")} /> : null}
        <ActionButton intent="signOut" label={t("admin.members.signOutEverywhere")} />
        {!isSelf ? (
          <DeleteButton label={t("admin.members.delete")} confirm={t("admin.members.confirmDelete", { email: member.email })} />
        ) : null}
      </AdminHeading>
      <dl
        className="grid gap-x-6 gap-y-3 rounded-lg border border-border bg-card p-4 sm:grid-cols-2 lg:grid-cols-4"
        data-testid="member-facts"
      >
        {facts.map(([key, value]) => (
          <div key={key}>
            <dt className="text-xs text-muted-foreground">{t(`admin.members.columns.${key}`)}</dt>
            <dd className="break-words font-medium">{value}</dd>
          </div>
        ))}
      </dl>
      <Section id="role-title" title={t("admin.members.roleTitle")} className="mt-6">
        <RoleForm role={member.role} disabled={isSelf} />
        {isSelf ? <p className="mt-2 text-sm text-muted-foreground">{t("admin.members.selfNote")}</p> : null}
      </Section>
      <Section id="sessions-title" title={t("admin.members.sessionsTitle", { count: sessions.length })}>
        {sessions.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("admin.members.noSessions")}</p>
        ) : (
          <ConsoleTable
            testId="member-sessions"
            columns={["signedIn", "lastUsed", "expires", "address", "browser"].map((key) => ({
              key,
              label: t(`admin.members.sessionColumns.${key}`),
              nowrap: key !== "browser",
            }))}
            rows={sessions}
            rowKey={(row) => row.id}
            cells={(row) => [date(row.createdAt), date(row.updatedAt), date(row.expiresAt), row.ipAddress ?? "—", row.userAgent ?? "—"]}
          />
        )}
      </Section>
      <Section id="mails-title" title={t("admin.members.mailsTitle")}>
        {mails.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("admin.members.noMails")}</p>
        ) : (
          <ConsoleTable
            testId="member-mails"
            rowTestId="member-mail"
            columns={["queued", "subject", "status", "attempts"].map((key) => ({
              key,
              label: t(`admin.members.mailColumns.${key}`),
              nowrap: key === "queued",
            }))}
            rows={mails}
            rowKey={(mail) => mail.id}
            cells={(mail) => [
              date(mail.createdAt),
              mail.subject,
              <>
                {t(`admin.members.mailStatus.${mail.status}`)}
                {mail.status === "sent" ? ` (${date(mail.updatedAt)})` : ""}
                {mail.lastError ? <span className="block text-xs text-destructive">{mail.lastError}</span> : null}
              </>,
              mail.attempts,
            ]}
          />
        )}
      </Section>
    </>
  );
}

function Section({ id, title, className = "mt-8", children }: { id: string; title: string; className?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id} className="mb-3 text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}
