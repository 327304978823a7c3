import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { RoleForm } from "../forms/role-form";
import { AdminHeading } from "./admin-shell";
import { ConfirmButton } from "./confirm-button";
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
      <p className="mb-2 text-sm">
        <Link to="/admin/members" className="text-primary underline underline-offset-2">
          {t("admin.members.back")}
        </Link>
      </p>
      <AdminHeading title={member.email}>
        {!member.confirmed && member.password ? (
          <Form method="post">
            <input type="hidden" name="intent" value="resend" />
            <Button type="submit" variant="outline" size="sm">
              {t("admin.members.resend")}
            </Button>
          </Form>
        ) : null}
        <Form method="post">
          <input type="hidden" name="intent" value="signOut" />
          <Button type="submit" variant="outline" size="sm">
            {t("admin.members.signOutEverywhere")}
          </Button>
        </Form>
        {!isSelf ? (
          <ConfirmButton
            intent="delete"
            label={t("admin.members.delete")}
            confirm={t("admin.members.confirmDelete", { email: member.email })}
          />
        ) : null}
      </AdminHeading>
      <dl
        className="grid gap-x-6 gap-y-3 rounded-lg border border-border bg-card p-4 sm:grid-cols-2 lg:grid-cols-4"
        data-testid="member-facts"
      >
        {facts.map(([key, value]) => (
          <div key={key}>
            <dt className="text-xs text-muted-foreground">{t(`admin.members.columns.${key}`)}</dt>
            <dd className="font-medium">{value}</dd>
          </div>
        ))}
      </dl>
      <section aria-labelledby="role-title" className="mt-6">
        <h2 id="role-title" className="mb-3 text-lg font-semibold">
          {t("admin.members.roleTitle")}
        </h2>
        <RoleForm role={member.role} disabled={isSelf} />
        {isSelf ? <p className="mt-2 text-sm text-muted-foreground">{t("admin.members.selfNote")}</p> : null}
      </section>
      <section aria-labelledby="sessions-title" className="mt-8">
        <h2 id="sessions-title" className="mb-3 text-lg font-semibold">
          {t("admin.members.sessionsTitle", { count: sessions.length })}
        </h2>
        {sessions.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("admin.members.noSessions")}</p>
        ) : (
          <div className="overflow-x-auto rounded-lg border border-border">
            <table className="w-full min-w-[40rem] text-left text-sm" data-testid="member-sessions">
              <thead className="bg-muted/50 text-muted-foreground">
                <tr>
                  {["signedIn", "lastUsed", "expires", "address", "browser"].map((column) => (
                    <th key={column} scope="col" className="px-3 py-2 font-medium">
                      {t(`admin.members.sessionColumns.${column}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {sessions.map((row) => (
                  <tr key={row.id} className="border-t border-border">
                    <td className="whitespace-nowrap px-3 py-2">{date(row.createdAt)}</td>
                    <td className="whitespace-nowrap px-3 py-2">{date(row.updatedAt)}</td>
                    <td className="whitespace-nowrap px-3 py-2">{date(row.expiresAt)}</td>
                    <td className="px-3 py-2">{row.ipAddress ?? "—"}</td>
                    <td className="max-w-xs truncate px-3 py-2" title={row.userAgent ?? undefined}>
                      {row.userAgent ?? "—"}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <section aria-labelledby="mails-title" className="mt-8">
        <h2 id="mails-title" className="mb-3 text-lg font-semibold">
          {t("admin.members.mailsTitle")}
        </h2>
        {mails.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("admin.members.noMails")}</p>
        ) : (
          <div className="overflow-x-auto rounded-lg border border-border">
            <table className="w-full min-w-[40rem] text-left text-sm" data-testid="member-mails">
              <thead className="bg-muted/50 text-muted-foreground">
                <tr>
                  {["queued", "subject", "status", "attempts"].map((column) => (
                    <th key={column} scope="col" className="px-3 py-2 font-medium">
                      {t(`admin.members.mailColumns.${column}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {mails.map((mail) => (
                  <tr key={mail.id} className="border-t border-border" data-testid="member-mail">
                    <td className="whitespace-nowrap px-3 py-2">{date(mail.createdAt)}</td>
                    <td className="px-3 py-2">{mail.subject}</td>
                    <td className="px-3 py-2">
                      {t(`admin.members.mailStatus.${mail.status}`)}
                      {mail.status === "done" ? ` (${date(mail.updatedAt)})` : ""}
                      {mail.lastError ? <span className="block text-xs text-destructive">{mail.lastError}</span> : null}
                    </td>
                    <td className="px-3 py-2">{mail.attempts}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}
