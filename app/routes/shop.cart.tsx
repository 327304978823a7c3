import { redirect, useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import { CartPage } from "~/features/shop/cart-page";
import { startCheckout } from "~/features/shop/checkout.server";
import { storefrontConfig } from "~/features/shop/storefront.server";
import { loadPageMeta } from "~/lib/page-meta.server";
import { metaFromLoader } from "~/lib/seo";

export const meta = metaFromLoader;
// Translation namespaces the browser loads for this page (app/lib/i18n.ts).
export const handle = { i18n: ["shop"] };

export async function loader({ request }: LoaderFunctionArgs) {
  return { meta: await loadPageMeta(request, "shop.cartMeta"), checkoutConfigured: storefrontConfig() !== null };
}

/** Checkout: a Storefront cart with the browser's lines, then on to the store's checkout page. */
export async function action({ request }: ActionFunctionArgs) {
  const result = await startCheckout(await request.formData());
  if ("url" in result) throw redirect(result.url);
  return { error: result.error };
}

export default function ShopCartRoute() {
  const { checkoutConfigured } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return <CartPage checkoutConfigured={checkoutConfigured} error={actionData?.error ?? null} />;
}
