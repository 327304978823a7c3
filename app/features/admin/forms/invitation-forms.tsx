import { useTranslation } from "~/lib/use-translation";
import { IntentForm, SelectField, SubmitButton, TextField } from "~/components/form";
import { LANGUAGE_NAMES, LANGUAGES } from "~/lib/i18n";
import { useLanguage } from "~/lib/language";
import { ActionButton, FormOutcome, useConsoleForm } from "../components/console-form";
import { ConsoleTable } from "../components/console-table";
import { useDateFormat } from "../components/use-date-format";
import { inviteSchema, targetSchema } from "../schemas/console-schemas";

interface PendingInvitation {
  id: string;
  email: string;
  role: "admin" | "editor";
  invitedBy: string;
  expiresAt: string;
}

/** The members page's invitations to the console (ADR 0074): invite an address with a role, the open invitations with "Revoke". */
export function Invitations({ invitations }: { invitations: PendingInvitation[] }) {
  const { t } = useTranslation();
  const date = useDateFormat();
  const { language } = useLanguage();
  const kit = useConsoleForm("invite", { schema: inviteSchema, defaultValue: { role: "editor", language } });
  return (
    <section className="mt-10 grid gap-4" aria-labelledby="invitations-title" data-testid="invitations">
      <h2 id="invitations-title" className="text-xl font-semibold">
        {t("admin.invitations.title")}
      </h2>
      <p className="max-w-3xl text-sm text-muted-foreground">{t("admin.invitations.intro")}</p>
      <IntentForm kit={kit} className="grid max-w-3xl gap-3">
        <div className="grid gap-3 sm:grid-cols-3">
          <TextField field={kit.fields.email} label={t("admin.invitations.email")} type="email" />
          <SelectField
            field={kit.fields.role}
            label={t("admin.invitations.role")}
            options={[
              { value: "editor", label: t("admin.roles.editor") },
              { value: "admin", label: t("admin.roles.admin") },
            ]}
          />
          <SelectField
            field={kit.fields.language}
            label={t("admin.invitations.language")}
            options={LANGUAGES.map((value) => ({ value, label: LANGUAGE_NAMES[value] }))}
          />
        </div>
        <div>
          <SubmitButton busy={kit.busy} busyLabel={t("admin.actions.saving")}>
            {t("admin.invitations.send")}
          </SubmitButton>
        </div>
        <FormOutcome kit={kit} className="max-w-xl" />
      </IntentForm>
      {invitations.length === 0 ? (
        <p className="text-muted-foreground">{t("admin.invitations.empty")}</p>
      ) : (
        <ConsoleTable
          testId="invitations-table"
          rowTestId="invitation-row"
          columns={[
            { key: "email", label: t("admin.invitations.email") },
            { key: "role", label: t("admin.invitations.role") },
            { key: "expires", label: t("admin.invitations.expires") },
            { key: "actions", label: t("admin.redirects.actions") },
          ]}
          rows={invitations}
          rowKey={(row) => row.id}
          cells={(row) => [
            <span key="email" className="break-all">
              {row.email}
            </span>,
            t(`admin.roles.${row.role}`),
            t("admin.invitations.expiresBy", { date: date(row.expiresAt), who: row.invitedBy }),
            <ActionButton
              key="revoke"
              intent="revokeInvitation"
              schema={targetSchema}
              target={row.id}
              fields={{ id: row.id }}
              variant="destructive"
              label={t("admin.invitations.revoke")}
              busyLabel={t("admin.actions.saving")}
              confirm={t("admin.invitations.confirmRevoke", { email: row.email })}
            />,
          ]}
        />
      )}
    </section>
  );
}
