import { useTranslation } from "react-i18next";
import { useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import { dispatch, fail, ok } from "~/features/admin/action.server";
import { ActionNotice } from "~/features/admin/components/action-notice";
import { AdminHeading } from "~/features/admin/components/admin-shell";
import { consoleMeta } from "~/features/admin/console.server";
import { SettingsForm } from "~/features/admin/forms/settings-form";
import { requireConsole } from "~/features/admin/guard.server";
import { loadSettingsForm, saveSettings } from "~/features/admin/settings.server";
import { metaFromLoader } from "~/lib/seo";

export const meta = metaFromLoader;

/** /admin/settings: the company's facts and links (admins); live on the public pages at once. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireConsole(request, "settings");
  return { ...(await loadSettingsForm()), meta: await consoleMeta(request, "admin.meta.settings") };
}

export async function action({ request }: ActionFunctionArgs) {
  const actor = await requireConsole(request, "settings");
  return dispatch(request, {
    save: async (form) => {
      const result = await saveSettings(actor, form);
      if (!result.ok) return fail("save", "admin.settings.errors.invalid", 400, { errors: result.errors, values: result.values });
      return ok("save", "admin.settings.saved");
    },
  });
}

export default function AdminSettingsRoute() {
  const { t } = useTranslation();
  const { stored, fallbacks, imprintKeys } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <>
      <AdminHeading title={t("admin.settings.title")} />
      <ActionNotice result={result} />
      <SettingsForm
        key={result?.ok ? "saved" : "editing"}
        values={(result && !result.ok && result.values ? result.values : stored) as Record<string, string>}
        fallbacks={fallbacks}
        errors={result?.errors}
        imprintKeys={imprintKeys}
      />
    </>
  );
}
