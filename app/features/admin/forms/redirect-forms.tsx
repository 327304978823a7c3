import { useTranslation } from "~/lib/use-translation";
import { IntentForm, SubmitButton, TextField } from "~/components/form";
import { DeleteRowButton, FormOutcome, useConsoleForm } from "../components/console-form";
import { redirectSchema } from "../schemas/console-schemas";

/** The redirects page's forms: add one (old path, target), delete one per row. */
export function AddRedirectForm() {
  const { t } = useTranslation();
  const kit = useConsoleForm("add", { schema: redirectSchema });
  return (
    <IntentForm kit={kit} className="grid max-w-3xl gap-3">
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField field={kit.fields.from} label={t("admin.redirects.from")} description={t("admin.redirects.fromHelp")} />
        <TextField field={kit.fields.target} label={t("admin.redirects.target")} description={t("admin.redirects.targetHelp")} />
      </div>
      <div>
        <SubmitButton busy={kit.busy} busyLabel={t("admin.actions.saving")}>
          {t("admin.redirects.add")}
        </SubmitButton>
      </div>
      <FormOutcome kit={kit} className="max-w-xl" />
    </IntentForm>
  );
}

export function DeleteRedirectButton({ id, from }: { id: string; from: string }) {
  const { t } = useTranslation();
  return <DeleteRowButton id={id} label={t("admin.redirects.delete")} confirm={t("admin.redirects.confirmDelete", { from })} />;
}
