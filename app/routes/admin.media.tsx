import { useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import { dispatch, fail, ok, text } from "~/features/admin/action.server";
import { ActionNotice } from "~/features/admin/components/action-notice";
import { MediaTable } from "~/features/admin/components/media-table";
import { consoleMeta } from "~/features/admin/console.server";
import { requireConsole } from "~/features/admin/guard.server";
import {
  assignCategories,
  deleteMediaItems,
  listCategoriesWithCounts,
  listMediaAdmin,
  parseMediaAdminFilters,
} from "~/features/admin/media-admin.server";
import { metaFromLoader } from "~/lib/seo";

export const meta = metaFromLoader;

/** /admin/media: every media item in a searchable, sortable, paged table; bulk categories and delete. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireConsole(request, "media");
  const filters = parseMediaAdminFilters(new URL(request.url));
  return {
    ...(await listMediaAdmin(filters)),
    filters,
    categories: await listCategoriesWithCounts(),
    meta: await consoleMeta(request, "admin.meta.media"),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const actor = await requireConsole(request, "media");
  const ids = (form: FormData) =>
    form
      .getAll("ids")
      .filter((value): value is string => typeof value === "string")
      .slice(0, 500);
  return dispatch(request, {
    assign: async (form) => {
      if (!ids(form).length) return fail("assign", "admin.media.errors.noneSelected");
      const count = await assignCategories(actor, ids(form), [text(form, "categoryId")]);
      return count ? ok("assign", "admin.media.assigned") : fail("assign", "admin.errors.notFound", 404);
    },
    delete: async (form) => {
      if (!ids(form).length) return fail("delete", "admin.media.errors.noneSelected");
      await deleteMediaItems(actor, ids(form));
      return ok("delete", "admin.media.deleted");
    },
  });
}

export default function AdminMediaRoute() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <>
      <ActionNotice result={result} />
      <MediaTable {...data} />
    </>
  );
}
