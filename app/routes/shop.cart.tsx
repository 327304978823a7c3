import { redirect, useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import { CartPage } from "~/features/shop/cart-page";
import { startCheckout } from "~/features/shop/checkout.server";
import { storefrontConfig } from "~/features/shop/storefront.server";
import { shopOpen } from "~/lib/shop-switch.server";
import { loadPageMeta } from "~/lib/page-meta.server";
import { constraintOf } from "~/lib/form-constraint";
import { notifySchema } from "~/features/launch-notify/notify-schema";
import { NotifyForm } from "~/features/launch-notify/notify-form";
import { metaFromLoader } from "~/lib/seo";

export const meta = metaFromLoader;
// Translation namespaces the browser loads for this page (app/lib/i18n.ts).
export const handle = { i18n: ["shop", "notify"] };

export async function loader({ request }: LoaderFunctionArgs) {
  // The shop switched off (ADR 0077): its one page says it opens soon.
  if (!(await shopOpen())) throw redirect("/shop");
  return {
    meta: await loadPageMeta(request, "shop.cartMeta"),
    checkoutConfigured: storefrontConfig() !== null,
    // Without a store the cart's last step is "tell me when it opens" (issue 27).
    notifyConstraint: constraintOf(notifySchema),
  };
}

/** Checkout: a Storefront cart with the browser's lines, then on to the store's checkout page. */
export async function action({ request }: ActionFunctionArgs) {
  const result = await startCheckout(await request.formData());
  if ("url" in result) throw redirect(result.url);
  return { error: result.error };
}

export default function ShopCartRoute() {
  const { checkoutConfigured, notifyConstraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <CartPage
      checkoutConfigured={checkoutConfigured}
      notOpenStep={<NotifyForm topic="shop" constraint={notifyConstraint} />}
      error={actionData?.error ?? null}
    />
  );
}
