import type { ComponentProps, ReactNode } from "react";
import type { CategoryNames } from "~/db/schema";
import { useTranslation } from "~/lib/use-translation";
import { IntentForm, SelectField, SubmitButton, TextField } from "~/components/form";
import { DeleteRowButton, FormOutcome, useConsoleForm } from "../components/console-form";
import { createCategorySchema, mergeCategorySchema, renameCategorySchema } from "../schemas/console-schemas";

/** The categories page's forms: create; per row rename, merge into another, delete. */

/** One field and its button in a row, the answer under them; `id` names the category of a row's form. */
function InlineForm({
  kit,
  id,
  button,
  compact = true,
  children,
  ...form
}: {
  kit: ReturnType<typeof useConsoleForm>;
  id?: string;
  button: string;
  compact?: boolean;
  children: ReactNode;
} & Pick<ComponentProps<"form">, "onSubmitCapture">) {
  const { t } = useTranslation();
  return (
    <IntentForm kit={kit} className="grid gap-1" {...form}>
      {id ? <input type="hidden" name="id" value={id} /> : null}
      <div className="flex flex-wrap items-start gap-2">
        {children}
        <SubmitButton
          busy={kit.busy}
          busyLabel={t("admin.actions.saving")}
          variant={compact ? "outline" : "default"}
          size={compact ? "sm" : "default"}
          className={compact ? "mt-0.5" : "sm:mt-7"}
        >
          {button}
        </SubmitButton>
      </div>
      <FormOutcome kit={kit} className={compact ? "max-w-xs" : "max-w-xl"} />
    </IntentForm>
  );
}

/** A label only screen readers read (the row shows the category's name). */
const hidden = (text: string) => <span className="sr-only">{text}</span>;

export function CreateCategoryForm() {
  const { t } = useTranslation();
  const kit = useConsoleForm("create", { schema: createCategorySchema });
  return (
    <InlineForm kit={kit} button={t("admin.categories.create")} compact={false}>
      <TextField field={kit.fields.name} label={t("admin.categories.newName")} className="w-full sm:w-60" />
      <TextField field={kit.fields.nameDe} label={t("admin.categories.names.de")} className="w-full sm:w-48" />
      <TextField field={kit.fields.nameEs} label={t("admin.categories.names.es")} className="w-full sm:w-48" />
    </InlineForm>
  );
}

/** The category's names in English (also its address), German and Spanish; an empty translation shows the English name. */
export function RenameCategoryForm({ id, name, names }: { id: string; name: string; names: CategoryNames }) {
  const { t } = useTranslation();
  const kit = useConsoleForm("rename", {
    schema: renameCategorySchema,
    target: id,
    defaultValue: { id, name, nameDe: names.de ?? "", nameEs: names.es ?? "" },
  });
  return (
    <InlineForm kit={kit} id={id} button={t("admin.categories.rename")}>
      <TextField field={kit.fields.name} label={hidden(t("admin.categories.renameLabel", { name }))} className="w-44 gap-0" />
      <TextField
        field={kit.fields.nameDe}
        label={hidden(t("admin.categories.names.deFor", { name }))}
        placeholder={t("admin.categories.names.de")}
        lang="de"
        className="w-36 gap-0"
      />
      <TextField
        field={kit.fields.nameEs}
        label={hidden(t("admin.categories.names.esFor", { name }))}
        placeholder={t("admin.categories.names.es")}
        lang="es"
        className="w-36 gap-0"
      />
    </InlineForm>
  );
}

export function MergeCategoryForm({ id, name, others }: { id: string; name: string; others: Array<{ id: string; name: string }> }) {
  const { t } = useTranslation();
  const kit = useConsoleForm("merge", { schema: mergeCategorySchema, target: id, defaultValue: { id, into: others[0]?.id } });
  if (others.length === 0) return null;
  return (
    <InlineForm
      kit={kit}
      id={id}
      button={t("admin.categories.merge")}
      onSubmitCapture={(event) => {
        if (!window.confirm(t("admin.categories.confirmMerge", { name }))) {
          event.preventDefault();
          event.stopPropagation();
        }
      }}
    >
      <SelectField
        field={kit.fields.into}
        label={hidden(t("admin.categories.mergeLabel", { name }))}
        options={others.map((other) => ({ value: other.id, label: other.name }))}
        className="w-44 gap-0"
      />
    </InlineForm>
  );
}

export function DeleteCategoryButton({ id, name }: { id: string; name: string }) {
  const { t } = useTranslation();
  return <DeleteRowButton id={id} label={t("admin.categories.delete")} confirm={t("admin.categories.confirmDelete", { name })} />;
}
