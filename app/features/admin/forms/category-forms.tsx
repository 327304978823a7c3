import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Field, selectClass } from "../components/field";

/** The categories page's forms (their own file so they move to the form kit mechanically). */
export function CreateCategoryForm({ error }: { error?: string }) {
  const { t } = useTranslation();
  return (
    <Form method="post" className="flex flex-wrap items-end gap-3">
      <input type="hidden" name="intent" value="create" />
      <Field
        name="name"
        label={t("admin.categories.newName")}
        error={error}
        maxLength={100}
        required
        className="w-full space-y-1.5 sm:w-72"
      />
      <Button type="submit">{t("admin.categories.create")}</Button>
    </Form>
  );
}

export function RenameCategoryForm({ id, name }: { id: string; name: string }) {
  const { t } = useTranslation();
  return (
    <Form method="post" className="flex items-center gap-2">
      <input type="hidden" name="intent" value="rename" />
      <input type="hidden" name="id" value={id} />
      <Input
        name="name"
        defaultValue={name}
        maxLength={100}
        required
        aria-label={t("admin.categories.renameLabel", { name })}
        className="w-48"
      />
      <Button type="submit" variant="outline" size="sm">
        {t("admin.categories.rename")}
      </Button>
    </Form>
  );
}

export function MergeCategoryForm({ id, name, others }: { id: string; name: string; others: Array<{ id: string; name: string }> }) {
  const { t } = useTranslation();
  if (others.length === 0) return null;
  return (
    <Form
      method="post"
      className="flex items-center gap-2"
      onSubmit={(event) => {
        if (!window.confirm(t("admin.categories.confirmMerge", { name }))) event.preventDefault();
      }}
    >
      <input type="hidden" name="intent" value="merge" />
      <input type="hidden" name="id" value={id} />
      <select name="into" aria-label={t("admin.categories.mergeLabel", { name })} className={selectClass + " w-44"}>
        {others.map((other) => (
          <option key={other.id} value={other.id}>
            {other.name}
          </option>
        ))}
      </select>
      <Button type="submit" variant="outline" size="sm">
        {t("admin.categories.merge")}
      </Button>
    </Form>
  );
}
