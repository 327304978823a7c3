import { useTranslation } from "~/lib/use-translation";
import { IntentForm, SelectField, SubmitButton } from "~/components/form";
import { FormOutcome, useConsoleForm } from "../components/console-form";
import { roleSchema } from "../schemas/console-schemas";

/** An admin gives or takes a console role (never their own: the server refuses it too). */
export function RoleForm({ role, disabled }: { role: string | null; disabled: boolean }) {
  const { t } = useTranslation();
  const kit = useConsoleForm("role", { schema: roleSchema, defaultValue: { role: role ?? "" } });
  return (
    <IntentForm kit={kit} className="grid gap-3">
      <fieldset disabled={disabled} className="flex flex-wrap items-end gap-3">
        <SelectField
          field={kit.fields.role}
          label={t("admin.members.roleLabel")}
          options={[
            { value: "", label: t("admin.roles.none") },
            { value: "editor", label: t("admin.roles.editor") },
            { value: "admin", label: t("admin.roles.admin") },
          ]}
          className="min-w-48"
        />
        <SubmitButton busy={kit.busy} busyLabel={t("admin.actions.saving")} variant="outline">
          {t("admin.members.saveRole")}
        </SubmitButton>
      </fieldset>
      <FormOutcome kit={kit} className="max-w-xl" />
    </IntentForm>
  );
}
