import { useTranslation } from "~/lib/use-translation";
import { useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import { AdminHeading } from "~/features/admin/components/admin-shell";
import { categoriesAction } from "~/features/admin/category-actions.server";
import { consoleMeta } from "~/features/admin/console.server";
import { CreateCategoryForm, DeleteCategoryButton, MergeCategoryForm, RenameCategoryForm } from "~/features/admin/forms/category-forms";
import { requireConsole } from "~/features/admin/guard.server";
import { listCategoriesWithCounts } from "~/features/admin/media-list.server";
import { metaFromLoader } from "~/lib/seo";
import type { Page } from "~/lib/page";

export const page = { console: "categories" } satisfies Page;

export const meta = metaFromLoader;

/** /admin/categories: create, rename, merge into another, delete (items keep their other categories). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireConsole(request, "categories");
  return { categories: await listCategoriesWithCounts(), meta: await consoleMeta(request, "admin.meta.categories") };
}

export async function action({ request }: ActionFunctionArgs) {
  return categoriesAction(request, await requireConsole(request, "categories"));
}

export default function AdminCategoriesRoute() {
  const { t } = useTranslation();
  const { categories } = useLoaderData<typeof loader>();
  return (
    <>
      <AdminHeading title={t("admin.categories.title")} />
      <CreateCategoryForm />
      {categories.length === 0 ? (
        <p className="mt-6 text-muted-foreground">{t("admin.categories.empty")}</p>
      ) : (
        <ul className="mt-6 divide-y divide-border rounded-lg border border-border" data-testid="categories">
          {categories.map((category) => (
            <li key={category.id} className="flex flex-wrap items-start gap-3 px-4 py-3" data-testid="category-row">
              <span className="min-w-40 flex-1 font-medium">
                {category.name}{" "}
                <span className="text-sm font-normal text-muted-foreground">
                  ({t("admin.categories.items", { count: category.items })})
                </span>
              </span>
              <RenameCategoryForm id={category.id} name={category.name} names={category.names} />
              <MergeCategoryForm id={category.id} name={category.name} others={categories.filter((other) => other.id !== category.id)} />
              <DeleteCategoryButton id={category.id} name={category.name} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
