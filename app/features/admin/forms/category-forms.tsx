import { useTranslation } from "react-i18next";
import { IntentForm, SelectField, SubmitButton, TextField } from "~/components/form";
import { ActionButton, FormOutcome, useConsoleForm } from "../components/console-form";
import { createCategorySchema, mergeCategorySchema, renameCategorySchema, targetSchema } from "../schemas/console-schemas";

/** The categories page's forms: create; per row rename, merge into another, delete. */
export function CreateCategoryForm() {
  const { t } = useTranslation();
  const kit = useConsoleForm("create", { schema: createCategorySchema });
  return (
    <IntentForm kit={kit} className="grid gap-3">
      <div className="flex flex-wrap items-start gap-3">
        <TextField field={kit.fields.name} label={t("admin.categories.newName")} className="w-full sm:w-72" />
        <SubmitButton busy={kit.busy} busyLabel={t("admin.actions.saving")} className="sm:mt-7">
          {t("admin.categories.create")}
        </SubmitButton>
      </div>
      <FormOutcome kit={kit} className="max-w-xl" />
    </IntentForm>
  );
}

export function RenameCategoryForm({ id, name }: { id: string; name: string }) {
  const { t } = useTranslation();
  const kit = useConsoleForm("rename", { schema: renameCategorySchema, target: id, defaultValue: { id, name } });
  return (
    <IntentForm kit={kit} className="grid gap-1">
      <input type="hidden" name="id" value={id} />
      <div className="flex items-start gap-2">
        <TextField
          field={kit.fields.name}
          label={<span className="sr-only">{t("admin.categories.renameLabel", { name })}</span>}
          className="w-48 gap-0"
        />
        <SubmitButton busy={kit.busy} busyLabel={t("admin.actions.saving")} variant="outline" size="sm" className="mt-1">
          {t("admin.categories.rename")}
        </SubmitButton>
      </div>
      <FormOutcome kit={kit} className="max-w-xs" />
    </IntentForm>
  );
}

export function MergeCategoryForm({ id, name, others }: { id: string; name: string; others: Array<{ id: string; name: string }> }) {
  const { t } = useTranslation();
  const kit = useConsoleForm("merge", { schema: mergeCategorySchema, target: id, defaultValue: { id, into: others[0]?.id } });
  if (others.length === 0) return null;
  return (
    <IntentForm
      kit={kit}
      className="grid gap-1"
      onSubmitCapture={(event) => {
        if (!window.confirm(t("admin.categories.confirmMerge", { name }))) {
          event.preventDefault();
          event.stopPropagation();
        }
      }}
    >
      <input type="hidden" name="id" value={id} />
      <div className="flex items-start gap-2">
        <SelectField
          field={kit.fields.into}
          label={<span className="sr-only">{t("admin.categories.mergeLabel", { name })}</span>}
          options={others.map((other) => ({ value: other.id, label: other.name }))}
          className="w-44 gap-0"
        />
        <SubmitButton busy={kit.busy} busyLabel={t("admin.actions.saving")} variant="outline" size="sm" className="mt-1">
          {t("admin.categories.merge")}
        </SubmitButton>
      </div>
      <FormOutcome kit={kit} className="max-w-xs" />
    </IntentForm>
  );
}

export function DeleteCategoryButton({ id, name }: { id: string; name: string }) {
  const { t } = useTranslation();
  return (
    <ActionButton
      intent="delete"
      schema={targetSchema}
      target={id}
      fields={{ id }}
      variant="destructive"
      label={t("admin.categories.delete")}
      busyLabel={t("admin.actions.saving")}
      confirm={t("admin.categories.confirmDelete", { name })}
    />
  );
}
