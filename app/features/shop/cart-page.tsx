import { Info, Minus, Plus, Trash2 } from "lucide-react";
import { useTranslation } from "~/lib/use-translation";
import { Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { useLanguage } from "~/lib/language";
import { displayLine } from "./catalogue";
import { cart, cartTotals, MAX_LINE_QUANTITY, useCartLines } from "./cart-store";
import { formatPrice } from "./format";
import { TrustCopy } from "./shop-page";
import { useHydrated } from "~/lib/use-hydrated";
import type { ReactNode } from "react";

export type CheckoutError = "notConfigured" | "invalid" | "failed";

export function CartPage({
  checkoutConfigured,
  notOpenStep,
  error,
}: {
  checkoutConfigured: boolean;
  /** The cart's last step while no store is connected: the route passes "tell me when it opens" (issue 27). */
  notOpenStep: ReactNode;
  error: CheckoutError | null;
}) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const lines = useCartLines().map((line) => displayLine(line, language));
  const totals = cartTotals(lines);
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST";
  const hydrated = useHydrated();

  return (
    <div className="mx-auto max-w-4xl px-4 py-12 sm:px-6 sm:py-16">
      <h1 className="text-title font-bold tracking-tight">{t("shop.cart.title")}</h1>
      <noscript>
        <p className="mt-6 rounded-lg border border-border bg-card p-4 text-muted-foreground">{t("shop.cart.noscript")}</p>
      </noscript>
      {!hydrated ? (
        <div className="mt-8 h-40 animate-pulse rounded-xl border border-border bg-card" aria-hidden="true" />
      ) : lines.length === 0 ? (
        <div className="mt-8 rounded-xl border border-border bg-card p-8 text-center" data-testid="cart-empty">
          <p className="text-muted-foreground">{t("shop.cart.empty")}</p>
          <Button asChild className="mt-6">
            <Link to="/shop">{t("shop.cart.continue")}</Link>
          </Button>
        </div>
      ) : (
        <>
          <ul className="mt-8 divide-y divide-border rounded-xl border border-border bg-card" data-testid="cart-lines">
            {lines.map((line) => (
              <li key={line.merchandiseId} className="flex gap-3 p-4 sm:gap-4" data-testid="cart-line">
                {line.image ? (
                  <img src={line.image.url} alt="" width={64} height={64} className="size-12 shrink-0 rounded-md object-cover sm:size-16" />
                ) : null}
                <div className="flex min-w-0 flex-1 flex-col gap-3 sm:flex-row sm:items-center">
                  <div className="min-w-0 flex-1">
                    <p className="font-medium">{line.title}</p>
                    <p className="text-sm text-muted-foreground">{formatPrice(line.price, language)}</p>
                  </div>
                  <div className="flex items-center justify-between gap-2 sm:gap-4">
                    <div className="flex items-center gap-1" role="group" aria-label={t("shop.cart.quantityOf", { title: line.title })}>
                      <Button
                        type="button"
                        variant="outline"
                        size="icon-sm"
                        aria-label={t("shop.cart.decrease", { title: line.title })}
                        onClick={() => cart.setQuantity(line.merchandiseId, line.quantity - 1)}
                      >
                        <Minus aria-hidden="true" />
                      </Button>
                      <span className="w-8 text-center tabular-nums" data-testid="cart-line-quantity" aria-live="polite">
                        {line.quantity}
                      </span>
                      <Button
                        type="button"
                        variant="outline"
                        size="icon-sm"
                        disabled={line.quantity >= MAX_LINE_QUANTITY}
                        aria-label={t("shop.cart.increase", { title: line.title })}
                        onClick={() => cart.setQuantity(line.merchandiseId, line.quantity + 1)}
                      >
                        <Plus aria-hidden="true" />
                      </Button>
                    </div>
                    <div className="flex items-center gap-1 sm:gap-2">
                      <p className="text-right sm:min-w-24 font-semibold tabular-nums">
                        {formatPrice(
                          { amount: Number.parseFloat(line.price.amount) * line.quantity, currencyCode: line.price.currencyCode },
                          language,
                        )}
                      </p>
                      <Button
                        type="button"
                        variant="ghost"
                        size="icon-sm"
                        className="text-muted-foreground"
                        aria-label={t("shop.cart.remove", { title: line.title })}
                        onClick={() => cart.remove(line.merchandiseId)}
                      >
                        <Trash2 aria-hidden="true" />
                      </Button>
                    </div>
                  </div>
                </div>
              </li>
            ))}
          </ul>
          <div className="mt-6 flex flex-col gap-4 rounded-xl border border-border bg-card p-6">
            <div className="flex items-baseline justify-between gap-4">
              <p className="text-lg font-semibold">{t("shop.cart.subtotal")}</p>
              <p className="text-right text-lg font-semibold tabular-nums" data-testid="cart-subtotal">
                {totals.map((total) => formatPrice(total, language)).join(" + ")}
              </p>
            </div>
            <p className="text-sm text-muted-foreground">{t("shop.cart.shippingNote")}</p>
            {error && error !== "notConfigured" ? (
              <p role="alert" className="text-sm text-destructive">
                {t(`shop.cart.errors.${error}`)}
              </p>
            ) : null}
            {checkoutConfigured && error !== "notConfigured" ? (
              <Form method="post" className="flex justify-end">
                <input
                  type="hidden"
                  name="lines"
                  value={JSON.stringify(lines.map(({ merchandiseId, quantity }) => ({ merchandiseId, quantity })))}
                />
                <Button type="submit" size="lg" disabled={submitting}>
                  {t("shop.cart.checkout")}
                </Button>
              </Form>
            ) : (
              <p
                role="status"
                className="flex items-start gap-2 rounded-lg border border-border bg-muted p-4 text-sm"
                data-testid="checkout-not-configured"
              >
                <Info className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                {t("shop.cart.notConfigured")}
              </p>
            )}
          </div>
          {checkoutConfigured && error !== "notConfigured" ? null : (
            <div className="mt-8 [&>section]:px-0 [&>section]:pb-0">{notOpenStep}</div>
          )}
        </>
      )}
      <TrustCopy />
    </div>
  );
}
