import { useTranslation } from "~/lib/use-translation";
import { useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import { AdminHeading } from "~/features/admin/components/admin-shell";
import { consoleMeta } from "~/features/admin/console.server";
import { loadBrandForm } from "~/features/admin/brand-settings.server";
import { BrandForm } from "~/features/admin/forms/brand-form";
import { SettingsForm } from "~/features/admin/forms/settings-form";
import { ShopSwitchForm } from "~/features/admin/forms/shop-switch-form";
import { readShopOpen } from "~/lib/shop-switch.server";
import { requireConsole } from "~/features/admin/guard.server";
import { settingsAction } from "~/features/admin/settings-actions.server";
import { loadSettingsForm } from "~/features/admin/settings.server";
import { metaFromLoader } from "~/lib/seo";
import type { Page } from "~/lib/page";

export const page = { console: "settings" } satisfies Page;

export const meta = metaFromLoader;

/** /admin/settings: the company's facts and links, and the brand and the shop switch (admins); live on the public pages at once. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireConsole(request, "settings");
  return {
    ...(await loadSettingsForm()),
    brand: await loadBrandForm(),
    shopOpen: await readShopOpen(),
    meta: await consoleMeta(request, "admin.meta.settings"),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  return settingsAction(request, await requireConsole(request, "settings", { stepUp: true }));
}

export default function AdminSettingsRoute() {
  const { t } = useTranslation();
  const { stored, fallbacks, imprintKeys, brand, shopOpen } = useLoaderData<typeof loader>();
  return (
    <>
      <AdminHeading title={t("admin.settings.title")} />
      <div className="space-y-8">
        <SettingsForm values={stored} fallbacks={fallbacks} imprintKeys={imprintKeys} />
        <BrandForm values={brand.stored} choices={brand.choices} />
        <ShopSwitchForm open={shopOpen} />
      </div>
    </>
  );
}
