import { useTranslation } from "react-i18next";
import { useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import { dispatch, fail, ok, text } from "~/features/admin/action.server";
import { ActionNotice } from "~/features/admin/components/action-notice";
import { AdminHeading } from "~/features/admin/components/admin-shell";
import { ConfirmButton } from "~/features/admin/components/confirm-button";
import { consoleMeta } from "~/features/admin/console.server";
import { CreateCategoryForm, MergeCategoryForm, RenameCategoryForm } from "~/features/admin/forms/category-forms";
import { requireConsole } from "~/features/admin/guard.server";
import {
  createCategory,
  deleteCategory,
  listCategoriesWithCounts,
  mergeCategory,
  renameCategory,
} from "~/features/admin/media-admin.server";
import { metaFromLoader } from "~/lib/seo";

export const meta = metaFromLoader;

/** /admin/categories: create, rename, merge into another, delete (items keep their other categories). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireConsole(request, "categories");
  return { categories: await listCategoriesWithCounts(), meta: await consoleMeta(request, "admin.meta.categories") };
}

export async function action({ request }: ActionFunctionArgs) {
  const actor = await requireConsole(request, "categories");
  type Outcome = { ok: true; message: string } | { ok: false; error: string; status: number };
  const answer = (intent: string, outcome: Outcome) =>
    outcome.ok ? ok(intent, outcome.message) : fail(intent, outcome.error, outcome.status);
  return dispatch(request, {
    create: async (form) => answer("create", await createCategory(actor, text(form, "name"))),
    rename: async (form) => answer("rename", await renameCategory(actor, text(form, "id"), text(form, "name"))),
    merge: async (form) => answer("merge", await mergeCategory(actor, text(form, "id"), text(form, "into"))),
    delete: async (form) => answer("delete", await deleteCategory(actor, text(form, "id"))),
  });
}

export default function AdminCategoriesRoute() {
  const { t } = useTranslation();
  const { categories } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <>
      <AdminHeading title={t("admin.categories.title")} />
      <ActionNotice result={result} />
      <CreateCategoryForm error={result?.intent === "create" && !result.ok ? result.error : undefined} />
      {categories.length === 0 ? (
        <p className="mt-6 text-muted-foreground">{t("admin.categories.empty")}</p>
      ) : (
        <ul className="mt-6 divide-y divide-border rounded-lg border border-border" data-testid="categories">
          {categories.map((category) => (
            <li key={category.id} className="flex flex-wrap items-center gap-3 px-4 py-3" data-testid="category-row">
              <span className="min-w-40 flex-1 font-medium">
                {category.name}{" "}
                <span className="text-sm font-normal text-muted-foreground">
                  ({t("admin.categories.items", { count: category.items })})
                </span>
              </span>
              <RenameCategoryForm id={category.id} name={category.name} />
              <MergeCategoryForm id={category.id} name={category.name} others={categories.filter((other) => other.id !== category.id)} />
              <ConfirmButton
                intent="delete"
                fields={{ id: category.id }}
                label={t("admin.categories.delete")}
                confirm={t("admin.categories.confirmDelete", { name: category.name })}
              />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
